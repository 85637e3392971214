import 'server-only';
import { REAUTH_PATH, STAFF_DOWNLOADS } from '@/lib/constants';
import { getEnv } from '@/lib/env.server';

/**
 * The password typed recently (docs/decisions/0323-recent-password.md, 0345-fresh-password-for-bulk-and-irreversible.md):
 * within STAFF_REAUTH_SECONDS of its last check in this session (sign-in or re-authentication). The one rule behind
 * the API guard's `recentPassword` and the staff pages that stand in for a download without scripts.
 */
export function passwordIsRecent(staff: { passwordCheckedAt: Date }, now: number = Date.now()): boolean {
  return now - staff.passwordCheckedAt.getTime() <= getEnv().STAFF_REAUTH_SECONDS * 1000;
}

/** How long the browser may take to follow the download page's redirect to the file. */
const FOLLOW_MARGIN_MS = 5_000;

/** A download that needs the password typed recently: the file (an /api/admin GET) and the staff page a link opens. */
export interface StaffDownload {
  file: string;
  page: string;
}

/**
 * Where the download's page sends the browser (a link followed without scripts): with the password typed recently,
 * on to the file (the browser downloads it and stays where it was); otherwise to the page that asks for the password,
 * which comes back to this page once it is confirmed. `search` is the query the page was opened with ('' or '?…').
 */
export function downloadPageTarget(
  staff: { passwordCheckedAt: Date },
  download: StaffDownload,
  search: string,
  now: number = Date.now(),
): string {
  // On to the file only while the password stays recent a few seconds more: the file's own check comes a moment later,
  // and a password that ran out in between showed the browser the API's JSON refusal instead of the question.
  if (passwordIsRecent(staff, now + FOLLOW_MARGIN_MS)) return `${download.file}${search}`;
  return `${REAUTH_PATH}?next=${encodeURIComponent(`${download.page}${search}`)}`;
}

/** Whether `path` (inside /admin) is the page of a download, which goes on to the file once the password is recent. */
export function isDownloadPage(path: string): boolean {
  return Object.values(STAFF_DOWNLOADS).some((download) => path.startsWith(download.page));
}

/**
 * Whether the page that asks for the password may send the browser straight on to `onward`: for a download's page,
 * only with the margin downloadPageTarget wants, or in the seconds before the password runs out the two pages would
 * send the browser to each other until it gives up (too many redirects).
 */
export function confirmPageGoesOn(staff: { passwordCheckedAt: Date }, onward: string, now: number = Date.now()): boolean {
  return passwordIsRecent(staff, isDownloadPage(onward) ? now + FOLLOW_MARGIN_MS : now);
}
