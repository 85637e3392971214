/**
 * The environment of a child process the server starts (pg_dump, pg_restore, the embedded database's initdb): an
 * explicit allow-list, never the server's own. The server's environment holds SECRETS_KEY, SESSION_SECRET, BACKUP_KEY,
 * SMTP_URL and the like, which a child has no use for and could leak (a core dump, /proc/<pid>/environ, an error
 * message). See docs/decisions/0385-backups-and-secrets-round-3.md.
 */

/** What every child gets from the server's environment, when set: where programs are, and the language of messages. */
export const CHILD_ENV_ALLOWED = ['PATH', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'TZ', 'TMPDIR'];

/**
 * The allow-listed variables of `source` (the server's environment by default), plus `extra` (e.g. a child's own PG*
 * settings). Nothing else, whatever its name.
 * @param {Record<string, string>} [extra]
 * @param {Record<string, string | undefined>} [source]
 * @returns {Record<string, string>}
 */
export function childProcessEnv(extra = {}, source = process.env) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of CHILD_ENV_ALLOWED) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}
