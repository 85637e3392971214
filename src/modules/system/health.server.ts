import 'server-only';
import { getDatabase, type DatabaseHandle } from '@/lib/db/client';
import { outOfLine } from '@/lib/db/priority';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { backupState, openAlerts, problemsOf, queueDepth, type Problem } from '@/modules/system/channel-status.server';
import { deliveryBacklog } from '@/modules/messaging/server';
import { healthAccessOf } from './operator-access.server';

/**
 * GET /api/health (docs/decisions/0112-health-metrics-and-owner-alerts.md, 0387-public-surface-round-3.md).
 * - Anyone, load balancers included: 200 {ok: true, status: "ok"} when the database answers `select 1` within 3 s,
 *   else 503 {ok: false, status: "down"}; nothing else, since the driver, failing channels or a backup's age help only
 *   an attacker. One ping serves every such request for a moment, so strangers cannot make it cost more.
 * - The operator (Authorization: Bearer <METRICS_TOKEN>, or a client on this machine): the facts as well, with
 *   `status: "attention"` and `problems`, which never make the plain answer a 503 (slow mail or an old backup must not
 *   take every instance out of rotation at once); `?deep=1`, for an uptime monitor that should wake someone, answers
 *   503 whenever there is a problem. Each fact is one or two indexed queries (or a directory listing), each under its
 *   own short timeout; a fact that cannot be read is reported, never a reason for a plain 503. No personal data.
 */

const PING_TIMEOUT_MS = 3_000;
const FACT_TIMEOUT_MS = 2_000;
/** How long one ping's answer serves the public answer. */
const PUBLIC_PING_REUSE_MS = 2_000;

export const HEALTH_DETAILS_NEED_TOKEN =
  'The health details need Authorization: Bearer <METRICS_TOKEN>, or a request from this machine; without them GET /api/health says only whether the site is up.';

let lastPublicPing: { handle: DatabaseHandle; at: number; answers: Promise<boolean> } | undefined;

/** Whether the database answers, for the public answer: requests close together share one ping of the same database. */
async function databaseAnswers(): Promise<boolean> {
  let handle: DatabaseHandle;
  try {
    handle = await withTimeout(getDatabase(), 10_000);
  } catch (error) {
    logError('[health] database unreachable', error);
    return false;
  }
  const at = Date.now();
  if (!lastPublicPing || lastPublicPing.handle !== handle || at - lastPublicPing.at > PUBLIC_PING_REUSE_MS) {
    const answers = withTimeout(handle.ping(), PING_TIMEOUT_MS).then(
      () => true,
      (error: unknown) => {
        logError('[health] database unreachable', error);
        return false;
      },
    );
    lastPublicPing = { handle, at, answers };
  }
  return lastPublicPing.answers;
}

/** The health check's statements never wait behind staff's on PostgreSQL (docs/decisions/0455): a busy owner is no outage. */
export const healthResponse = (request?: Request, now = new Date()): Promise<Response> => outOfLine(() => answerHealth(request, now));

async function answerHealth(request: Request | undefined, now: Date): Promise<Response> {
  const deep = deepParam(request ? new URL(request.url).searchParams.get('deep') : null);
  if (deep === undefined) return errorResponse(400, 'deep must be 1 (the business is in order) or 0 (the server answers).');
  const access = healthAccessOf(request);
  if (access === 'refused' || (access === 'public' && deep)) {
    return errorResponse(401, HEALTH_DETAILS_NEED_TOKEN, { 'WWW-Authenticate': 'Bearer realm="health"' });
  }
  if (access === 'public') {
    return (await databaseAnswers()) ? jsonResponse({ ok: true, status: 'ok' }) : jsonResponse({ ok: false, status: 'down' }, 503);
  }
  let handle;
  try {
    handle = await withTimeout(getDatabase(), 10_000);
    await withTimeout(handle.ping(), PING_TIMEOUT_MS);
  } catch (error) {
    logError('[health] database unreachable', error);
    const problem: Problem = { code: 'database_down', message: 'The database is not reachable.' };
    return jsonResponse({ ok: false, database: 'down', error: problem.message, status: 'down', problems: [problem] }, 503);
  }
  const { db } = handle;
  const [backlog, alerts, backup, queue] = await Promise.all([
    fact('backlog', () => deliveryBacklog(db)),
    fact('alerts', () => openAlerts(db)),
    fact('backup', () => backupState(db, now)),
    // Not started yet (the first seconds after a start): no depth to report, and health does not start it.
    fact('queue', async () => {
      const boss = handle.runningJobs();
      return boss ? queueDepth(await boss) : undefined;
    }),
  ]);
  const problems = problemsOf({ backlog, alerts, backup }, now);
  const unread = Object.entries({ backlog, alerts, backup, queue }).filter(([, value]) => value === null);
  // queue is undefined (not null) while this process has not started the job queue: nothing to report yet.
  if (unread.length) problems.push({ code: 'facts_unavailable', message: `Could not read: ${unread.map(([name]) => name).join(', ')}.` });
  const seconds = (at: Date | null | undefined) => (at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000)) : null);
  const body = {
    ok: deep ? problems.length === 0 : true,
    database: 'up',
    driver: handle.kind,
    status: problems.length ? 'attention' : 'ok',
    problems,
    notifications: backlog && {
      waiting: backlog.waiting,
      oldestWaitingSeconds: seconds(backlog.oldestWaitingAt),
      failingChannels: alerts?.map((alert) => alert.channel) ?? null,
    },
    queue: queue ? { depth: queue.depth } : null,
    backup: backup && { lastAgeSeconds: seconds(backup.lastTakenAt), expected: backup.expected },
  };
  return jsonResponse(body, deep && problems.length ? 503 : 200);
}

/** `deep`: absent, 0 or false → plain; 1, true or empty (`?deep`) → deep; anything else is unreadable. */
function deepParam(value: string | null): boolean | undefined {
  if (value === null || value === '0' || value === 'false') return false;
  if (value === '' || value === '1' || value === 'true') return true;
  return undefined;
}

async function fact<T>(name: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await withTimeout(read(), FACT_TIMEOUT_MS);
  } catch (error) {
    logError(`[health] could not read ${name}`, error);
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
