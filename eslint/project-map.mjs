/**
 * The project's map, read by the layout rules (./rules) and drawn in the README: the ranks of src's folders, the
 * modules in the order they may depend on each other, and which module owns each table.
 * docs/decisions/0407-one-home-per-capability.md says why.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: every path a rule works out is relative to it, whatever ESLint's working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * src's folders, bottom first: a file imports its own rank and those below it. content is data (it imports nothing
 * but types of src/lib); lib is infrastructure; components are shared UI that know no module; modules are the
 * business capabilities; app (routes, proxy.ts, instrumentation) sits on top.
 */
export const RANKS = ['content', 'lib', 'components', 'modules', 'app'];

/**
 * The modules, bottom first: a module imports those before it in this list, through their entries, never one after it.
 */
export const MODULES = [
  'messaging',
  'staff',
  'visits',
  'newsletter',
  'leads',
  'conversations',
  'inspections',
  'plots',
  'payments',
  'documents',
  'site',
  'districts',
  'buyers',
  'insights',
  'privacy',
  'system',
];

/**
 * Who owns each table (by its Drizzle name in src/lib/db/schema.ts): only the owner writes it. `reads` lists the other
 * modules that may read it in their queries (a join for an agent's name, a report's count), never write it.
 * `lib` owns the infrastructure's tables.
 */
export const TABLES = {
  leads: { owner: 'leads', reads: ['inspections', 'plots', 'payments', 'insights', 'privacy', 'documents', 'buyers'] },
  outboxMessages: { owner: 'messaging', reads: ['insights'] },
  leadNotifications: { owner: 'messaging', reads: [] },
  leadNotes: { owner: 'leads', reads: [] },
  leadActivity: { owner: 'leads', reads: ['insights'] },
  leadMessages: { owner: 'leads', reads: [] },
  messageOptOuts: { owner: 'leads', reads: [] },
  smsDays: { owner: 'messaging', reads: [] },
  inspectionSchedules: { owner: 'inspections', reads: [] },
  inspectionSlots: { owner: 'inspections', reads: ['insights', 'privacy', 'buyers'] },
  inspectionBookings: { owner: 'inspections', reads: ['insights', 'privacy', 'buyers'] },
  // The release before 0410's booking outbox: copied into outbox_messages by a trigger, read by no code, dropped next.
  inspectionMessages: { owner: 'messaging', reads: [] },
  staffUsers: { owner: 'staff', reads: ['leads', 'inspections', 'plots', 'payments', 'insights', 'system', 'documents', 'buyers'] },
  staffPushSubscriptions: { owner: 'staff', reads: [] },
  staffRecoveryCodes: { owner: 'staff', reads: [] },
  staffPasskeys: { owner: 'staff', reads: [] },
  staffSessions: { owner: 'staff', reads: [] },
  staffSignInFailures: { owner: 'staff', reads: [] },
  staffPasswordResets: { owner: 'staff', reads: [] },
  staffAudit: { owner: 'staff', reads: [] },
  visitCounts: { owner: 'visits', reads: ['insights'] },
  leadDayCounts: { owner: 'insights', reads: [] },
  leadSourceCounts: { owner: 'insights', reads: [] },
  leadConversionCounts: { owner: 'insights', reads: [] },
  leadMonthCounts: { owner: 'insights', reads: [] },
  leadSourceMonthCounts: { owner: 'insights', reads: [] },
  leadConversionMonthCounts: { owner: 'insights', reads: [] },
  leadStaffCounts: { owner: 'insights', reads: [] },
  inspectionSlotCounts: { owner: 'insights', reads: [] },
  leadContactWeeks: { owner: 'insights', reads: [] },
  leadContactWeekVersions: { owner: 'insights', reads: [] },
  leadContactWeekChanges: { owner: 'insights', reads: [] },
  visitVisitors: { owner: 'visits', reads: [] },
  visitSalts: { owner: 'visits', reads: [] },
  newsletterSubscribers: { owner: 'newsletter', reads: ['privacy'] },
  plots: { owner: 'plots', reads: ['payments', 'insights', 'privacy', 'documents'] },
  plotClaims: { owner: 'plots', reads: ['payments', 'insights', 'privacy', 'documents'] },
  plotEvents: { owner: 'plots', reads: ['insights', 'privacy'] },
  plotImports: { owner: 'plots', reads: [] },
  channelAlerts: { owner: 'system', reads: [] },
  paymentPlans: { owner: 'payments', reads: ['insights', 'privacy', 'documents', 'buyers'] },
  ledgerEntries: { owner: 'payments', reads: ['insights', 'privacy', 'documents', 'buyers'] },
  paymentCheckouts: { owner: 'payments', reads: ['insights', 'privacy'] },
  paymentDedicatedAccounts: { owner: 'payments', reads: ['insights', 'privacy'] },
  paymentEvents: { owner: 'payments', reads: ['insights', 'privacy'] },
  paymentReceipts: { owner: 'payments', reads: ['insights', 'privacy', 'buyers'] },
  paymentBankTransfers: { owner: 'payments', reads: ['insights', 'privacy'] },
  paymentRecheckFindings: { owner: 'payments', reads: [] },
  paymentAdjustments: { owner: 'payments', reads: ['insights', 'privacy'] },
  documentStages: { owner: 'documents', reads: ['privacy'] },
  documentFiles: { owner: 'documents', reads: ['privacy'] },
  documentHistory: { owner: 'documents', reads: ['privacy'] },
  documentLetters: { owner: 'documents', reads: ['privacy'] },
  buyerSignIns: { owner: 'buyers', reads: [] },
  buyerSessions: { owner: 'buyers', reads: [] },
  buyerPasskeys: { owner: 'buyers', reads: [] },
  buyerPasskeyChallenges: { owner: 'buyers', reads: [] },
  rateLimits: { owner: 'lib', reads: [] },
  appSettings: { owner: 'lib', reads: [] },
  appSecrets: { owner: 'lib', reads: [] },
};

/** Where a repository path sits: `{ rank, module? }` for src, `serving`, or undefined for the rest. */
export function placeOf(file) {
  if (file.startsWith('serving/')) return { rank: 'serving' };
  const m = /^src\/(content|lib|components|modules|app)\/(?:([^/]+)(?:\/|$))?/.exec(file);
  if (m) return m[1] === 'modules' ? { rank: 'modules', module: m[2] } : { rank: m[1] };
  if (/^src\/(proxy|instrumentation[\w-]*)\.tsx?$/.test(file)) return { rank: 'app' };
  if (file.startsWith('src/')) return { rank: undefined };
  return undefined;
}

/** A file's path from the repository's root, with forward slashes. */
export const repoPath = (filename) => path.relative(ROOT, filename).split(path.sep).join('/');
