import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { staffRoute } from '@/modules/staff/guard.server';
import { deviceLabel } from '@/lib/auth/device-label';
import { ACCOUNT_PATH } from '@/lib/constants';
import { readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { pushEndpoint, usableKeys } from '@/lib/push/endpoint';
import { removeSubscription, saveSubscription, subscriptionsOf } from '@/modules/staff/push/subscriptions.repository.server';
import { vapidPublicKey } from '@/lib/push/vapid.server';
import { pushChannel } from '@/modules/messaging/server';
import { answerFormPost } from '../form-post.server';
import { pushSubscriptionSchema, removePushSchema } from '../schema';

/**
 * /api/admin/account/push: the signed-in person's devices with push alerts on (docs/decisions/0364). Turning alerts on
 * needs the page's script (the browser makes the subscription); turning one off is also a plain form on Your account.
 */

/** GET → {publicKey, devices}: the key a browser subscribes with, and one's devices with alerts on. */
export const listPushHandler = staffRoute({}, async (_request, { db, staff }) =>
  jsonResponse({ publicKey: await vapidPublicKey(db), devices: await subscriptionsOf(db, staff.id) }),
);

/**
 * POST {subscription} → {ok, id}: alerts on for this browser, labelled by its User-Agent ("Chrome on Android"), until
 * this session ends (src/modules/staff/sessions); a test alert follows.
 */
export const addPushHandler = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = pushSubscriptionSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.pushUnreadable);
  const { keys } = parsed.data.subscription;
  const endpoint = pushEndpoint(parsed.data.subscription.endpoint);
  if (!endpoint) return errorResponse(400, STAFF_COPY.errors.pushService);
  const target = { endpoint, p256dh: keys.p256dh, auth: keys.auth };
  if (!usableKeys(target)) return errorResponse(400, STAFF_COPY.errors.pushUnreadable);
  const { id } = await saveSubscription(db, staff, target, deviceLabel(request.headers.get('user-agent')));
  // Not awaited: the answer does not wait on the push service; a failure shows as no test alert on the phone.
  const copy = STAFF_COPY.account;
  const test = { title: copy.alertsTestTitle, body: copy.alertsTestBody, url: ACCOUNT_PATH, tag: 'alerts-on' };
  void pushChannel.send(db, { target, message: test }).catch((error) => logError('[push] the test alert was not sent', error));
  return jsonResponse({ ok: true, id });
});

/** POST /remove {id} or {endpoint} → {ok}: alerts off for one of one's devices; a plain form comes back to Your account. */
const removePush = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = removePushSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.pushChoice);
  if (!(await removeSubscription(db, staff.id, parsed.data))) return errorResponse(404, STAFF_COPY.errors.pushGone);
  return jsonResponse({ ok: true });
});
export const removePushHandler = async (request: Request) =>
  answerFormPost(request, await removePush(request, undefined), ACCOUNT_PATH, ACCOUNT_PATH);
