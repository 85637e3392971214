/** The project's own lint rules, each in ./rules with its RuleTester test beside it. */
import layers from './rules/layers.mjs';
import serverOnly from './rules/server-only.mjs';
import tableOwners from './rules/table-owners.mjs';
import zodConfigured from './rules/zod-configured.mjs';

const project = { rules: { layers, 'server-only': serverOnly, 'table-owners': tableOwners, 'zod-configured': zodConfigured } };

export default project;
