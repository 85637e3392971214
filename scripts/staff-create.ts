/**
 * npm run staff:create -- --email someone@example.com [--role owner|agent] [--name "Ada Obi"] [--password-stdin]
 *
 * Creates a staff account directly in the database (docs/decisions/0204-staff-cli.md). The password comes from
 * stdin (--password-stdin), the STAFF_PASSWORD variable, or a hidden prompt: this is for the operator's own account
 * (the first owner, or a way back in); owners add colleagues on the Staff page, where each chooses their own password
 * through an invitation link (docs/decisions/0347-invitations-not-initial-passwords.md). With the embedded database the
 * running server owns DATA_DIR: then this refuses (the lock) and points to the Staff page instead. With
 * DATABASE_URL it always works. Runs with tsx (path aliases from tsconfig) under the react-server condition, so the
 * server-only modules it imports load outside Next.js.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { hashPassword, passwordProblem } from '@/modules/staff/server';
import { recordAudit } from '@/modules/staff/server';
import { countStaff, createStaff } from '@/modules/staff/server';
import { createStaffSchema, newPasswordSchema } from '@/modules/staff';
import { describeError } from '@/lib/log';
import { failer, openStaffDatabase } from './lib/staff-cli';

const fail: (message: string) => never = failer('staff:create');

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Hide what is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string', default: '' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    console.log('Usage: npm run staff:create -- --email someone@example.com [--role owner|agent] [--name "Full Name"] [--password-stdin]');
    process.exit(values.help ? 0 : 1);
  }

  let password: string;
  if (values['password-stdin']) password = await readStdin();
  else if (process.env.STAFF_PASSWORD) password = process.env.STAFF_PASSWORD;
  else if (process.stdin.isTTY) {
    password = await prompt('Password (at least 12 characters): ');
    if ((await prompt('Repeat the password: ')) !== password) fail('the two passwords differ.');
  } else fail('give the password with --password-stdin, STAFF_PASSWORD, or run in a terminal to be asked.');

  const handle = await openStaffDatabase(fail, 'add the account on the Staff page (/admin/staff)');
  try {
    const role = values.role ?? ((await countStaff(handle.db)) === 0 ? 'owner' : 'agent');
    const parsed = createStaffSchema.safeParse({ email: values.email, name: values.name, role });
    if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join(' '));
    const typed = newPasswordSchema.safeParse(password);
    if (!typed.success) fail(typed.error.issues.map((i) => i.message).join(' '));
    const problem = passwordProblem(typed.data);
    if (problem) fail(problem);
    const created = await createStaff(handle.db, { ...parsed.data, passwordHash: await hashPassword(typed.data) });
    if (!created) fail(`an account for ${parsed.data.email} already exists.`);
    await recordAudit(handle.db, undefined, 'staff.create', created.email, { role: created.role, via: 'cli' });
    console.log(`Created ${created.role} ${created.email}. They can sign in at /registration.`);
  } finally {
    await handle.close();
  }
}

// Described without its message: a failed insert's message would print the password hash.
main().catch((error) => fail(describeError(error)));
