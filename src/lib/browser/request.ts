import { ERROR_COPY } from '@/content/interest';
import { SESSION_EXPIRED_ERROR, SIGN_IN_PATH } from '@/lib/constants';
import { clearSessionKeys } from '@/lib/browser/session-keys';
import { loadToasts, notifyError } from '@/lib/browser/toast';

/** Goes to `path`, then calls `arrived` once its page is on screen. */
type Navigate = (path: string, arrived: () => void) => void;
let navigate: Navigate = (path, arrived) => {
  arrived();
  window.location.assign(path);
};
/** Lets the app route client-side (keeping the toast on screen) instead of a full page load. */
export function setNavigate(fn: Navigate) {
  navigate = fn;
}

/**
 * Staff pages register how to ask for the password again (ReauthDialog): a sensitive change answered
 * `403 {error, reauth: true}` (docs/decisions/0323-recent-password.md) then asks, and is sent once more when the
 * password was confirmed. Resolves false when the person cancels.
 */
type Reauthenticate = () => Promise<boolean>;
let reauthenticate: Reauthenticate | undefined;
export function setReauthenticate(fn: Reauthenticate | undefined) {
  reauthenticate = fn;
}

/** ok; unreachable = network failure or a 5xx (worth sending again later); refused = a 4xx answer. */
export type RequestOutcome = 'ok' | 'unreachable' | 'refused';

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Called once the request has finished, whatever the result (hides the sending overlay). */
  finish?: (outcome: RequestOutcome) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Where a refusal's sentence goes instead of a toast (a dialog showing it beside its field). */
  showError?: (message: string) => void;
}

/**
 * The shared request helper (spec §7, §8): returns the response data, or undefined on any failure after
 * showing the error catalogue's toast. No timeout: slow mobile networks get all the time they need.
 */
export async function request<T = unknown>({
  method,
  url,
  body,
  finish,
  signal,
  headers,
  showError,
}: RequestOptions): Promise<T | undefined> {
  let outcome: RequestOutcome = 'refused';
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        signal,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (signal?.aborted) return undefined;
      outcome = 'unreachable';
      // fetch rejects with a TypeError when the network is unreachable.
      if (error instanceof TypeError) notifyError(ERROR_COPY.network);
      else notifyError(ERROR_COPY.unexpected(describe(error)));
      return undefined;
    }

    let data: unknown;
    try {
      data = await readJson(response);
    } catch {
      // The connection dropped while the answer was arriving: the server may or may not have acted.
      outcome = 'unreachable';
      notifyError(ERROR_COPY.network);
      return undefined;
    }
    if (response.status >= 500) outcome = 'unreachable';
    const errorText = data && typeof data === 'object' && 'error' in data ? (data as { error: unknown }).error : undefined;
    if (reauthenticate && (data as { reauth?: unknown } | undefined)?.reauth === true) {
      if (!(await reauthenticate())) return undefined;
      // Sent again once, its outcome this call's (finish runs here, not in the retry).
      return await request<T>({ method, url, body, signal, headers, finish: (again) => (outcome = again) });
    }
    if (typeof errorText === 'string' && errorText) {
      if (errorText === SESSION_EXPIRED_ERROR) {
        clearSessionKeys();
        // The toast library fetched while the page comes (a failure shows as the notice's alert later).
        loadToasts().catch(() => {});
        // Shown once the sign-in page is there: shown at once, its 5 s ran out while a slow network or a busy server
        // brought the page, and the person arrived at the sign-in page without being told why.
        navigate(SIGN_IN_PATH, () => notifyError(ERROR_COPY.sessionExpired));
      } else {
        (showError ?? notifyError)(errorText);
      }
      return undefined;
    }
    if (!response.ok) {
      notifyError(ERROR_COPY.unexpected(`the server answered ${response.status}`));
      return undefined;
    }
    if (!data || typeof data !== 'object') {
      notifyError(ERROR_COPY.unexpected('the server sent an answer we could not read'));
      return undefined;
    }
    outcome = 'ok';
    return data as T;
  } catch (error) {
    notifyError(ERROR_COPY.unexpected(describe(error)));
    return undefined;
  } finally {
    finish?.(outcome);
  }
}

/** Parses a JSON body; undefined when it is empty or not JSON; throws when the body cannot be read. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
