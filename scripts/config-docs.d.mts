// Types of scripts/config-docs.mjs for src/lib/env-docs.test.ts.
export const SCHEMA_FILE: string;
export const CONFIGURATION_DOC: string;
export const FIX_COMMAND: string;
export function settingDescriptions(source: string): Map<string, string>;
export function configurationMarkdown(): Promise<string>;
