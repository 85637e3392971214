/**
 * The one way the server logs a failure (docs/decisions/0302-logs-without-personal-data.md). An error is reduced to
 * what an operator can act on and nothing a visitor typed: its name, its code and the database constraint it broke,
 * for it and each of its causes, and the place it was thrown. Never its message: Drizzle's "Failed query" message
 * carries the SQL with its parameters (names, e-mails, phone numbers, password hashes), PostgreSQL quotes the
 * offending value ('invalid input syntax for type uuid: "…"'), and an SMTP refusal names the recipient.
 *
 * Not server-only: the database client and the job queue (loaded by the start-up instrumentation and the CLI) use it.
 */

const SAFE_CODE = /^[A-Za-z0-9_.-]{1,40}$/;
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_$]{0,60}$/;
const MAX_CAUSES = 4;
/**
 * Messages node-postgres throws as plain Errors with no code, fixed text that carries nothing a visitor typed: without
 * them "DrizzleQueryError ← Error" could not tell a wait for a free connection from a connection the server dropped.
 */
const FIXED_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'Query read timeout',
]);

function field(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && SAFE_CODE.test(value) ? value : undefined;
}

/** The error's class: its own name, else its constructor's (Drizzle leaves `name` as 'Error'). */
function nameOf(error: Error): string {
  // PostgreSQL's errors (pg and PGlite share pg-protocol's DatabaseError) are named after the message type, 'error'.
  if (error.name === 'error') return 'DatabaseError';
  if (error.name !== 'Error' && SAFE_NAME.test(error.name)) return error.name;
  const constructorName = error.constructor?.name ?? '';
  // A minified bundle leaves one- or two-letter class names, which say nothing.
  return constructorName.length > 2 && SAFE_NAME.test(constructorName) ? constructorName : 'Error';
}

function describeOne(error: unknown): string {
  if (!(error instanceof Error)) return error === null || typeof error !== 'object' ? `thrown ${typeof error}` : 'thrown object';
  const name = nameOf(error);
  const code = field(error, 'code');
  const constraint = field(error, 'constraint');
  const fixed = FIXED_MESSAGES.has(error.message) && `"${error.message}"`;
  return [name, code && `code=${code}`, constraint && `constraint=${constraint}`, fixed].filter(Boolean).join(' ');
}

/** Where the error was thrown: the first stack frame (the stack's first line repeats the message, so it is skipped). */
function origin(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  return error.stack
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at '));
}

/** `DrizzleQueryError ← error code=23505 constraint=… (at saveLead (…))`: the error and its causes, no messages. */
export function describeError(error: unknown): string {
  const chain: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined; depth++) {
    chain.push(describeOne(current));
    if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
    else current = current instanceof Error ? current.cause : undefined;
  }
  const at = origin(error);
  return at ? `${chain.join(' ← ')} (${at})` : chain.join(' ← ');
}

/** An e-mail address, with the angle brackets SMTP puts around it. */
const ADDRESS = /<?[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+>?/g;
/**
 * A phone number in any spelling a visitor types (0803 555 1212, +234 (0) 803-555-1212, 2348035551212): 7 or more
 * digits with spaces, hyphens or brackets between them. Dots are no separator, so addresses and versions
 * (127.0.0.1, 5.1.1) stay, and neither do digits inside a word, an id or a path.
 */
const PHONE = /(?<![\w.:@/+-])\+?\(?\d(?:[ ()-]{0,3}\d){6,}(?![\w@/]|[.:-]\d)/g;

/**
 * Text a receiver or library wrote (an SMTP refusal quotes the recipient) with every e-mail address and phone number
 * taken out, for storing where it outlives the person's own records: a job's output, a notification's last error,
 * an owner's alert (docs/decisions/0344-erasure-reaches-every-copy.md).
 */
export function withoutContactDetails(text: string): string {
  return text.replace(ADDRESS, '[address]').replace(PHONE, '[phone]');
}

/** Logs `context: <described error>` on stderr, e.g. logError('[interest] request failed', error). */
export function logError(context: string, error: unknown): void {
  console.error(`${context}: ${describeError(error)}`);
}
