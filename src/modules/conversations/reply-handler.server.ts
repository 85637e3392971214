import 'server-only';
import { cookies } from 'next/headers';
import { FOLLOW_UP_COPY } from '@/content/conversations';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { getSiteFacts } from '@/lib/site-facts.server';
import { STAFF_COPY } from '@/content/staff';
import { mayMessage, recordAgentMessage } from '@/modules/leads/server';
import { conversationOfLead } from '@/modules/leads/server';
import { getLeadDetail } from '@/modules/leads/server';
import { leadScope } from '@/modules/leads/server';
import { staffDisplayName } from '@/modules/staff';
import { staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { SIGN_IN_PATH, STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { keepStaffFormAnswer, openFormFlash } from '@/lib/http/form-flash.server';
import { isFormPost, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { ChannelError } from '@/modules/messaging';
import type { SentMessage } from '@/modules/messaging';
import { smsConfigured } from '@/modules/messaging/server';
import { smsChannel, SmsWithheld, whatsAppChannel, whatsAppConfigured } from '@/modules/messaging/server';
import { idParamSchema } from '@/lib/validation/id';
import { CONVERSATION_STAFF_COPY } from '@/content/conversations-staff';
import { replyRoute } from './reply-route';
import { replySchema } from './reply-schema';

const copy = CONVERSATION_STAFF_COPY;
const errors = copy.errors;

/**
 * POST /api/admin/leads/:id/messages {kind: 'text', text} | {kind: 'follow_up'} → 201 {ok, message, notice}: an agent
 * answers the buyer from the lead page (docs/decisions/0394-whatsapp-and-sms.md). For whoever may change the lead (an
 * agent: their own; a lead they may only claim is 409 until claimed; one outside their scope 404, as if there were none:
 * docs/decisions/0388). Nothing goes to a number that said STOP on the reply's channel (409), nor free text outside
 * WhatsApp's 24-hour window (409: the follow-up template may go), nor an SMS its limits withhold (409, 0402). The message is sent at once through its provider, then recorded as the
 * agent's; a provider's refusal is 502 {error} saying what to do, with nothing of the buyer's in it.
 */
const reply = staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
  const id = idParamSchema.safeParse((await ctx.params).id);
  const scope = leadScope(staff);
  const detail = id.success ? await getLeadDetail(db, id.data, scope) : undefined;
  if (!detail) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = replySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? errors.unreadable);
  if (!detail.mayChange) return errorResponse(409, ASSIGNMENT_COPY.access.claimFirst);

  const { lead } = detail;
  const to = lead.phoneE164;
  if (!to) return errorResponse(409, errors.noNumber);
  if (!(await mayMessage(db, to))) return errorResponse(409, errors.optedOut);
  const route = replyRoute(await conversationOfLead(db, lead.id), { whatsApp: whatsAppConfigured(), sms: smsConfigured() }, scope.now);
  if (!route) return errorResponse(409, errors.notSetUp);
  if (!(await mayMessage(db, to, route.channel))) return errorResponse(409, errors.smsStopped);
  if (route.channel === 'sms' && parsed.data.kind === 'follow_up') return errorResponse(409, errors.followUpIsWhatsApp);
  if (route.channel === 'whatsapp' && parsed.data.kind === 'text' && !route.window.open) return errorResponse(409, errors.windowClosed);

  const { channel } = route;
  let message: { kind: 'text' | 'template'; body: string; template?: string };
  let sent: SentMessage;
  try {
    if (parsed.data.kind === 'text') {
      message = { kind: 'text', body: parsed.data.text };
      sent =
        channel === 'sms'
          ? await smsChannel.send(db, { to, text: message.body })
          : await whatsAppChannel.send(db, { to, body: message.body });
    } else {
      const { WHATSAPP_FOLLOW_UP_TEMPLATE: template, WHATSAPP_TEMPLATE_LANGUAGE: language } = getEnv();
      const parameters = FOLLOW_UP_COPY.parameters(lead, { agentName: staffDisplayName(staff), brand: getSiteFacts().brand });
      message = { kind: 'template', body: FOLLOW_UP_COPY.text(parameters), template };
      sent = await whatsAppChannel.send(db, { to, template, language, parameters });
    }
  } catch (error) {
    // SMS_COUNTRIES or today's SMS budget (docs/decisions/0402): its sentence says which, and what an owner can do.
    if (error instanceof SmsWithheld) return errorResponse(409, error.message);
    if (!(error instanceof ChannelError)) throw error;
    // Meta's own clock closed the window first: the same answer as ours.
    if (error.kind === 'window_closed') return errorResponse(409, errors.windowClosed);
    logError(`[conversations] an agent's ${channel} reply was not taken`, error);
    return errorResponse(502, errors.provider[error.kind](channel));
  }
  const recorded = await recordAgentMessage(db, { leadId: lead.id, channel, ...message, providerId: sent.providerId }, staff);
  const notice = message.kind === 'template' ? copy.reply.followUpSent : copy.reply.sent(channel);
  return jsonResponse({ ok: true, message: recorded, notice }, 201);
});

// ---- the reply form without scripts: a 303 back to the lead's Messages, its sentence in the flash cookie -----------

const MAX_TYPED_BYTES = 2000;

const leadPage = (leadId: string) => `/admin/leads/${encodeURIComponent(leadId)}`;

/**
 * The handler of POST /api/admin/leads/:id/messages. The lead page's reply form posts natively until its script runs
 * (docs/decisions/0011-forms-without-scripts.md): its JSON answer then becomes a 303 back to the lead's reply box, with
 * its sentence (sent, or why not, and the refused text to send again) in the staff area's short-lived encrypted cookie
 * for that lead's page, as the Inspections forms do. Nothing personal in the URL.
 */
export async function replyHandler(request: Request, ctx: IdRouteContext): Promise<Response> {
  // The form's own fields, read again when its text is refused (the handler reads the request itself).
  const posted = isFormPost(request) ? request.clone() : undefined;
  const response = await reply(request, ctx);
  if (!posted) return response;
  const page = leadPage((await ctx.params).id);
  if (response.status === 401) return seeOther(`${SIGN_IN_PATH}?next=${encodeURIComponent(page)}`);
  const redirect = seeOther(`${page}#reply`);
  let answer: { error?: unknown; notice?: unknown } = {};
  try {
    answer = await response.clone().json();
  } catch {
    /* no JSON: a refusal without a sentence */
  }
  const error = !response.ok && typeof answer.error === 'string' ? answer.error : '';
  const notice = response.ok && typeof answer.notice === 'string' ? answer.notice : '';
  if (!error && !notice) return redirect;
  // The refused text comes back too, while its cookie stays well within the 4 KB a browser keeps.
  const typed = error ? await typedText(posted) : '';
  const keepTyped = typed && Buffer.byteLength(typed) <= MAX_TYPED_BYTES;
  await keepStaffFormAnswer(request, redirect, page, { values: { notice, ...(keepTyped ? { text: typed } : {}) }, error });
  return redirect;
}

/** The reply the form posted, to be put back in its box after a refusal. */
async function typedText(form: Request): Promise<string> {
  return new URLSearchParams(await form.text().catch(() => '')).get('text') ?? '';
}

// Relative location: a form may only be redirected to its own origin (CSP form-action 'self').
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** On the lead page: the sentence of its reply form's last post without scripts (within the minute), and the text it refused. */
export async function replyFormAnswer(): Promise<{ error?: string; notice?: string; text?: string }> {
  const token = (await cookies()).get(STAFF_FORM_FLASH_COOKIE)?.value;
  const flash = token ? await openFormFlash((await getDatabase()).db, token) : undefined;
  if (!flash) return {};
  if (flash.error) return { error: flash.error, ...(flash.values.text ? { text: flash.values.text } : {}) };
  return flash.values.notice ? { notice: flash.values.notice } : {};
}
