// Each project rule reports a bad example and passes a good one (RuleTester), and the layout rules answer the same
// from any working directory. Breaking a rule on purpose makes these fail.
import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../project-map.mjs';
import layers from './layers.mjs';
import serverOnly from './server-only.mjs';
import tableOwners from './table-owners.mjs';
import zodConfigured from './zod-configured.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } });
const at = (file) => path.join(ROOT, file);

tester.run('layers', layers, {
  valid: [
    { filename: at('src/modules/inspections/a.ts'), code: "import { getLead } from '@/modules/leads/server';" },
    { filename: at('src/modules/inspections/a.ts'), code: "import { x } from './b';" },
    { filename: at('src/app/admin/page.tsx'), code: "import { Dashboard } from '@/modules/insights/server';" },
    { filename: at('src/content/a.ts'), code: "import type { DistrictChoice } from '@/lib/db/enums';" },
    { filename: at('src/components/A.tsx'), code: "import { SITE_DEFAULTS } from '@/content/site';" },
    { filename: at('src/modules/leads/a.test.ts'), code: "import { x } from '@/modules/system/alerts.server';" },
    { filename: at('serving/server.mjs'), code: "import { parseEnv } from '../src/lib/env-schema.ts';" },
    { filename: at('scripts/a.ts'), code: "import { createStaff } from '@/modules/staff/server';" },
  ],
  invalid: [
    { filename: at('src/lib/a.ts'), code: "import { getLead } from '@/modules/leads/server';", errors: [{ messageId: 'upward' }] },
    { filename: at('src/components/A.tsx'), code: "import { InterestForm } from '@/modules/leads';", errors: [{ messageId: 'upward' }] },
    { filename: at('src/content/a.ts'), code: "import { getEnv } from '@/lib/env.server';", errors: [{ messageId: 'content' }] },
    { filename: at('src/content/a.ts'), code: "import type { Lead } from '@/modules/leads';", errors: [{ messageId: 'content' }] },
    {
      filename: at('src/modules/staff/a.ts'),
      code: "import { getLead } from '@/modules/leads/server';",
      errors: [{ messageId: 'moduleUpward' }],
    },
    {
      filename: at('src/modules/inspections/a.ts'),
      code: "import { changeLeadStatus } from '@/modules/leads/operations.server';",
      errors: [{ messageId: 'entry' }],
    },
    {
      filename: at('scripts/a.ts'),
      code: "import { createStaff } from '@/modules/staff/repository.server';",
      errors: [{ messageId: 'entry' }],
    },
    {
      filename: at('src/modules/leads/a.ts'),
      code: "import { getLead } from '@/modules/leads/server';",
      errors: [{ messageId: 'ownEntry' }],
    },
    { filename: at('src/app/page.tsx'), code: "import { Widget } from '@/modules/widgets';", errors: [{ messageId: 'unknownModule' }] },
    { filename: at('src/stray.ts'), code: 'export const x = 1;', errors: [{ messageId: 'unranked' }] },
    { filename: at('serving/a.mjs'), code: "import { x } from '../src/modules/leads/server.ts';", errors: [{ messageId: 'intoSrc' }] },
    { filename: at('src/lib/a.ts'), code: "import { x } from '../../serving/admission.mjs';", errors: [{ messageId: 'serving' }] },
  ],
});

tester.run('table-owners', tableOwners, {
  valid: [
    { filename: at('src/modules/leads/a.server.ts'), code: "import { leads } from '@/lib/db/schema'; db.delete(leads);" },
    // Copy is words: a sentence may name a table's word.
    { filename: at('src/content/offer.ts'), code: 'const line = (n) => `${n} plots from the plan`;' },
    { filename: at('src/modules/insights/a.server.ts'), code: "import { leads } from '@/lib/db/schema'; db.select().from(leads);" },
    { filename: at('src/modules/insights/a.server.ts'), code: 'sql`select count(*) from interest_submissions`;' },
    { filename: at('src/lib/constants.ts'), code: "export const COOKIE = 'staff_recovery_codes';" },
    { filename: at('src/content/a.ts'), code: 'export const line = (n) => `${n} plots available`;' },
    { filename: at('tests/integration/a.test.ts'), code: "import { staffUsers } from '@/lib/db/schema';" },
    { filename: at('src/lib/db/schema.ts'), code: "export const leads = pgTable('interest_submissions', {});" },
  ],
  invalid: [
    {
      filename: at('src/modules/visits/a.server.ts'),
      code: "import { leads } from '@/lib/db/schema';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: at('src/modules/insights/a.server.ts'),
      code: "import { leads } from '@/lib/db/schema'; db.delete(leads);",
      errors: [{ messageId: 'write' }],
    },
    {
      filename: at('src/modules/visits/a.server.ts'),
      code: 'sql`select * from interest_submissions`;',
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: at('src/modules/insights/a.server.ts'),
      code: 'sql`delete from interest_submissions where true`;',
      errors: [{ messageId: 'write' }],
    },
    {
      filename: at('src/modules/leads/a.server.ts'),
      code: "import * as schema from '@/lib/db/schema';",
      errors: [{ messageId: 'namespace' }],
    },
    { filename: at('src/lib/db/schema.ts'), code: "export const widgets = pgTable('widgets', {});", errors: [{ messageId: 'unmapped' }] },
  ],
});

tester.run('server-only', serverOnly, {
  valid: [
    { filename: at('src/modules/leads/a.server.ts'), code: "import 'server-only';\nexport const x = 1;" },
    { filename: at('src/modules/leads/server.ts'), code: "import 'server-only';\nexport { x } from './a.server';" },
    { filename: at('src/modules/leads/a.ts'), code: 'export const x = 1;' },
  ],
  invalid: [
    { filename: at('src/modules/leads/a.server.ts'), code: 'export const x = 1;', errors: [{ messageId: 'missing' }] },
    { filename: at('src/modules/leads/server.ts'), code: "export { x } from './a.server';", errors: [{ messageId: 'missing' }] },
  ],
});

tester.run('zod-configured', zodConfigured, {
  valid: [{ filename: at('src/lib/a.ts'), code: "import '@/lib/validation/zod-config';\nimport { z } from 'zod';" }],
  invalid: [
    { filename: at('src/lib/a.ts'), code: "import { z } from 'zod';", errors: [{ messageId: 'missing' }] },
    {
      filename: at('src/lib/a.ts'),
      code: "import { z } from 'zod';\nimport '@/lib/validation/zod-config';",
      errors: [{ messageId: 'missing' }],
    },
  ],
});

describe('the layout rules from another working directory', () => {
  it('report the same upward import when ESLint runs from src/', async () => {
    const lint = async (cwd) => {
      const eslint = new ESLint({ cwd, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
      const [result] = await eslint.lintText("import { getLead } from '@/modules/leads/server';\nexport const x = getLead;\n", {
        filePath: at('src/lib/some-file.ts'),
      });
      return result.messages.filter((m) => m.ruleId?.startsWith('project/')).map((m) => m.messageId);
    };
    const fromRoot = await lint(ROOT);
    expect(fromRoot).toEqual(['upward']);
    expect(await lint(path.join(ROOT, 'src'))).toEqual(fromRoot);
  });
});

describe("the providers' send functions (no-restricted-imports, docs/decisions/0409)", () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
  const restrictedIn = async (file, code) => {
    const [result] = await eslint.lintText(`import 'server-only';\n${code}\nexport const x = [];\n`, { filePath: at(file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
  };
  const forbidden = [
    "import { sendMail } from '@/lib/mail/mailer.server';",
    "import { sendPush } from '@/lib/push/send.server';",
    "import webpush from 'web-push';",
    "import { sendSms } from '../../messaging/channels/termii.server';",
    "import { sendWhatsAppText } from '../../messaging/channels/whatsapp-cloud.server';",
    "import { postWebhook } from '../../messaging/channels/webhook.server';",
  ];

  it('are reported outside the messaging module, the staff sessions included', async () => {
    for (const code of forbidden) {
      expect(await restrictedIn('src/modules/leads/notifications/a.server.ts', code), code).toBeGreaterThan(0);
      expect(await restrictedIn('src/modules/staff/sessions/a.server.ts', code), code).toBeGreaterThan(0);
    }
    expect(await restrictedIn('src/app/api/a/route.ts', forbidden[0])).toBeGreaterThan(0);
  });

  it('pass in the messaging module, and a channel passes anywhere', async () => {
    for (const code of forbidden) expect(await restrictedIn('src/modules/messaging/channels/a.server.ts', code), code).toBe(0);
    expect(await restrictedIn('src/modules/leads/a.server.ts', "import { emailChannel } from '@/modules/messaging/server';")).toBe(0);
    expect(await restrictedIn('src/modules/leads/a.server.ts', "import { mailFrom } from '@/lib/mail/mailer.server';")).toBe(0);
  });
});

describe('linkedom through one door (no-restricted-imports, docs/decisions/0444)', () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
  const restrictedIn = async (file) => {
    const [result] = await eslint.lintText("import 'server-only';\nimport { parseHTML } from 'linkedom';\nexport const x = parseHTML;\n", {
      filePath: at(file),
    });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
  };

  it('is reported in the product’s code, the charts’ own module and the messaging module included', async () => {
    expect(await restrictedIn('src/modules/insights/charts.server.ts')).toBe(1);
    expect(await restrictedIn('src/modules/messaging/a.server.ts')).toBe(1);
    expect(await restrictedIn('src/modules/staff/sessions/a.server.ts')).toBe(1);
  });

  it('passes in the door itself and in a test that parses a render', async () => {
    expect(await restrictedIn('src/modules/insights/chart-dom.server.ts')).toBe(0);
    expect(await restrictedIn('src/modules/plots/plan/a.test.tsx')).toBe(0);
  });
});

describe('formatters built once (no-restricted-syntax, docs/decisions/0443)', () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
  const reported = async (code) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: at('src/modules/insights/a.ts') });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
  };

  it('reports a toLocale…String given options, which builds a formatter at every call', async () => {
    expect(await reported("export const a = (d: Date) => d.toLocaleDateString('en-GB', { month: 'short' });")).toBe(1);
    expect(await reported("export const a = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit' });")).toBe(1);
    expect(await reported("export const a = (n: number) => n.toLocaleString('en-NG', { maximumFractionDigits: 2 });")).toBe(1);
  });

  it('passes a formatter built once, and a number given only its locale (V8 keeps that one)', async () => {
    expect(
      await reported("const F = new Intl.DateTimeFormat('en-GB', { month: 'short' });\nexport const a = (d: Date) => F.format(d);"),
    ).toBe(0);
    expect(await reported("export const a = (n: number) => n.toLocaleString('en-GB');")).toBe(0);
  });
});

describe("a transaction's advisory locks in one home (no-restricted-syntax, src/lib/db/conflicts.ts)", () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
  const reported = async (file, code) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: at(file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
  };
  const byHand =
    "import { sql } from 'drizzle-orm';\nexport const q = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;";

  it('reports a lock taken by hand in a module, as a template or a string', async () => {
    expect(await reported('src/modules/inspections/a.ts', byHand)).toBe(1);
    expect(await reported('src/modules/leads/a.ts', "export const q = 'select pg_advisory_xact_lock(1)';")).toBe(1);
  });

  it('passes the home itself, and lockKeysInOrder anywhere', async () => {
    expect(await reported('src/lib/db/conflicts.ts', byHand)).toBe(0);
    expect(
      await reported(
        'src/modules/inspections/a.ts',
        "import { lockKeysInOrder } from '@/lib/db/conflicts';\nexport const l = lockKeysInOrder;",
      ),
    ).toBe(0);
  });
});
