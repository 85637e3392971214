/**
 * What the staff commands share (docs/decisions/0204-staff-cli.md): one-line failures, and opening the database —
 * with the embedded database a running server owns DATA_DIR, and then the command says what to do instead.
 */
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { DatabaseLockedError } from '@/lib/db/lock';
import { withSecretFiles } from '@/lib/env-schema';
import { describeError } from '@/lib/log';

/** An error's message, for the owner's own terminal (a log line names the error's kind only: src/lib/log.ts). */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function failer(command: string): (message: string) => never {
  return (message) => {
    console.error(`${command}: ${message}`);
    process.exit(1);
  };
}

/** Opens DATABASE_URL or the embedded database in DATA_DIR; `instead` names the staff page that does the same. */
export async function openStaffDatabase(fail: (message: string) => never, instead: string): Promise<DatabaseHandle> {
  // DATABASE_URL_FILE as the server reads it (src/lib/env-schema.ts), without checking every other setting.
  const settings = withSecretFiles(process.env);
  if (settings.problems.length) fail(settings.problems.join(' '));
  const databaseUrl = settings.env.DATABASE_URL?.trim() || undefined;
  try {
    return await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR?.trim() || './data' });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      fail(
        `the server is running and owns the embedded database (PID ${error.ownerPid}); this command cannot open it at the same time.\n` +
          `  Either sign in as an owner and ${instead}, or stop the server and run this again.`,
      );
    }
    return fail(`could not open the database: ${describeError(error)}`);
  }
}
