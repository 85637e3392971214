import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, configurationMarkdown, FIX_COMMAND, SCHEMA_FILE, settingDescriptions } from '../../scripts/config-docs.mjs';
import { envSchema } from './env-schema';

/**
 * docs/configuration.md is the settings schema's reference, written by `npm run docs:config` (scripts/config-docs.mjs):
 * every setting is described where it is defined, and the file says what the schema says today.
 */
describe('the configuration reference', () => {
  it('has a description for every setting: the comment just above it in the schema', () => {
    const descriptions = settingDescriptions(readFileSync(SCHEMA_FILE, 'utf8'));
    const undescribed = Object.keys(envSchema.shape).filter((name) => !descriptions.get(name));
    expect(undescribed, `Describe these settings in a comment just above each in ${SCHEMA_FILE}`).toEqual([]);
  });

  it(`is what the schema gives (else run \`${FIX_COMMAND}\`)`, async () => {
    const current = readFileSync(CONFIGURATION_DOC, 'utf8');
    const generated = await configurationMarkdown();
    expect(current === generated, `${CONFIGURATION_DOC} is stale: run \`${FIX_COMMAND}\` and commit it.`).toBe(true);
  });

  it('lists every setting with its default, described', async () => {
    const text = await configurationMarkdown();
    for (const name of Object.keys(envSchema.shape)) expect(text).toContain(`## ${name}\n`);
    expect(text).toMatch(/## PORT\n\nDefault: `3000`\.\n\nWhere `npm start` listens/);
    expect(text).toMatch(/## BACKUP_KEY\n[\s\S]*?Or `BACKUP_KEY_FILE`: a file holding it/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
