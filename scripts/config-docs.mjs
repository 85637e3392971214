// `npm run docs:config`: writes docs/configuration.md, the reference of every setting, from the settings' schema
// (src/lib/env-schema.ts): their names in the schema's order, their defaults from the schema itself, and each one's
// description from the comment just above it there. Plain Node.js (the schema's types are stripped by Node itself, as
// serving/server.mjs loads it); the text is formatted by Prettier and holds no date, so the same schema always gives the
// same file. src/lib/env-docs.test.ts fails when the file is stale or a setting has no description.
//
//   node scripts/config-docs.mjs            write docs/configuration.md
//   node scripts/config-docs.mjs --check    exit 1 when docs/configuration.md is not what the schema gives
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_FILE = 'src/lib/env-schema.ts';
export const CONFIGURATION_DOC = 'docs/configuration.md';
export const FIX_COMMAND = 'npm run docs:config';

/**
 * Each setting's description: the comment (`// …` lines or one `/** … *\/` block) on the lines just above its key in
 * the schema's object, its lines joined. A comment above a blank line, or above another comment's key, is not its.
 */
export function settingDescriptions(source) {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => /^export const envSchema = z\b/.test(line));
  if (start < 0) throw new Error(`${SCHEMA_FILE}: no "export const envSchema = z" found.`);
  const descriptions = new Map();
  let pending = [];
  let inBlock = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) && !/^ {2}\.object\(\{/.test(line)) break; // the object's end: `  })` or `  .superRefine(`
    if (inBlock) {
      const text = line.replace(/^\s*\*?\/?\s?/, '').replace(/\s*\*\/\s*$/, '');
      if (text.trim()) pending.push(text.trim());
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    const comment = /^ {4}\/\/\s?(.*)$/.exec(line);
    if (comment) {
      pending.push(comment[1].trim());
      continue;
    }
    const block = /^ {4}\/\*\*(.*)$/.exec(line);
    if (block) {
      const text = block[1].replace(/\*\/\s*$/, '').trim();
      if (text) pending.push(text);
      inBlock = !block[1].includes('*/');
      continue;
    }
    const key = /^ {4}([A-Z][A-Z0-9_]*):/.exec(line);
    if (key) {
      descriptions.set(key[1], pending.join(' ').replace(/\s+/g, ' ').trim());
      pending = [];
      continue;
    }
    if (/^ {4}\S/.test(line) || line.trim() === '') pending = [];
  }
  return descriptions;
}

/** The value a setting takes when unset, as the schema gives it (`.default(…)`), or undefined. */
function schemaDefault(schema) {
  const def = schema?._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return def.defaultValue;
    case 'pipe':
      return schemaDefault(def.in) ?? schemaDefault(def.out);
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return schemaDefault(def.innerType);
    default:
      return undefined;
  }
}

/**
 * How a default reads in the reference, written as the owner would set it: the schema's, else an on/off setting's
 * fallback, else what its description says after "Unset: " in backquotes; undefined when there is nothing to write.
 */
function defaultText(fromSchema, parsed, description) {
  const said = /\bunset: `([^`]+)`/i.exec(description)?.[1];
  const value = fromSchema ?? (typeof parsed === 'boolean' ? (parsed ? 'on' : 'off') : said);
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'object' ? undefined : String(value);
}

const code = (text) => '`' + text + '`';

/** The reference, Prettier-formatted: everything docs/configuration.md should hold. */
export async function configurationMarkdown() {
  const schemaModule = await import(pathToFileURL(path.join(root, SCHEMA_FILE)).href);
  const { envSchema, parseEnv, SECRETS_FROM_FILES } = schemaModule;
  const descriptions = settingDescriptions(readFileSync(path.join(root, SCHEMA_FILE), 'utf8'));
  const names = Object.keys(envSchema.shape);
  const missing = names.filter((name) => !descriptions.get(name));
  if (missing.length)
    throw new Error(`${SCHEMA_FILE}: these settings have no description (a comment just above the setting): ${missing.join(', ')}.`);
  // What an empty environment gives: the fallback of settings whose default is in their reading, not their schema.
  const unset = parseEnv({});
  const rows = names.map((name) => ({
    name,
    fallback: defaultText(schemaDefault(envSchema.shape[name]), unset[name], descriptions.get(name)),
    description: descriptions.get(name),
    file: SECRETS_FROM_FILES.includes(name) ? `${name}_FILE` : undefined,
  }));
  const text = [
    '# Configuration',
    '',
    `<!-- Generated by \`${FIX_COMMAND}\` from ${SCHEMA_FILE}: edit the comment above a setting there, not this file. -->`,
    '',
    'Every setting the server reads from its environment, in the order of the settings schema (' +
      `${code(SCHEMA_FILE)}). All are optional for the quick start. Every value is checked once at start-up, ` +
      'by the app and by the production server in front of it alike, and a bad one stops the server with one line per ' +
      'problem, each naming the setting (e.g. `RATE_LIMIT_INTEREST must look like "count/seconds", e.g. "5/600"`). ' +
      'A value of only spaces counts as unset.',
    '',
    `The reference is generated: \`${FIX_COMMAND}\` writes this file from the schema, and a test fails when it is stale.`,
    '',
    '| Setting | Default |',
    '| --- | --- |',
    ...rows.map(
      (row) => `| [${code(row.name)}](#${row.name.toLowerCase()}) | ${row.fallback === undefined ? 'none' : code(row.fallback)} |`,
    ),
    '',
    ...rows.flatMap((row) => [
      `## ${row.name}`,
      '',
      row.fallback === undefined ? 'Default: none.' : `Default: ${code(row.fallback)}.`,
      '',
      row.description,
      '',
      ...(row.file
        ? [`Or ${code(row.file)}: a file holding it, read once at start-up (e.g. a Docker secret or a systemd credential); not both.`, '']
        : []),
    ]),
  ].join('\n');
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path.join(root, CONFIGURATION_DOC))) ?? {};
  return prettier.format(text, { ...options, parser: 'markdown' });
}

async function main() {
  const target = path.join(root, CONFIGURATION_DOC);
  const text = await configurationMarkdown();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      /* missing: stale */
    }
    if (current !== text) {
      console.error(`${CONFIGURATION_DOC} is not what ${SCHEMA_FILE} gives: run \`${FIX_COMMAND}\` and commit it.`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(target, text);
  console.log(
    `wrote ${CONFIGURATION_DOC} (${Object.keys((await import(pathToFileURL(path.join(root, SCHEMA_FILE)).href)).envSchema.shape).length} settings)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
