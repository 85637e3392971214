import { CheckIcon, WhatsAppIcon } from '@/components/icons';
import type { ConversationMessage } from '@/modules/leads/server';
import { formatDateTime } from '@/lib/format';
import type { LeadConversation as Conversation, ReplyOffer } from '../conversation.server';
import { CHANNEL_NAMES, CONVERSATION_STAFF_COPY } from '@/content/conversations-staff';
import { FollowUpForm, ReplyTextForm, type ReplyFormAnswer } from './ReplyForm';

const copy = CONVERSATION_STAFF_COPY;

/** The latest messages shown open; earlier ones fold away behind one tap. */
const RECENT_SHOWN = 8;

/**
 * The lead page's Messages (docs/decisions/0394-whatsapp-and-sms.md): the conversation by WhatsApp and SMS oldest
 * first, the buyer's on the left and ours on the right, each with its channel, Lagos time, who sent it and (ours) how
 * far it got; a STOP said plainly; then the reply box, or why none can go.
 */
export function LeadConversation({
  leadId,
  buyerName,
  conversation,
  answer,
}: {
  leadId: string;
  buyerName: string;
  conversation: Conversation;
  answer: ReplyFormAnswer;
}) {
  const { messages, optedOut, reply } = conversation;
  const recent = messages.slice(-RECENT_SHOWN);
  const earlier = messages.slice(0, messages.length - recent.length);
  return (
    <section
      aria-labelledby="messages"
      className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6"
      data-testid="lead-messages"
    >
      <h2 id="messages" className="scroll-mt-6 text-xl">
        {copy.heading}
      </h2>
      {optedOut ? (
        // Where a reply posted without scripts comes back to when the number said STOP meanwhile (no reply box then).
        <p
          id="reply"
          className="mt-4 scroll-mt-[40vh] rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="lead-opted-out"
        >
          {copy.optedOut(formatDateTime(optedOut.at), optedOut.channel, optedOut.stops)}
        </p>
      ) : null}
      {messages.length === 0 ? <p className="mt-4 text-sm text-ink-soft">{copy.none}</p> : null}
      {earlier.length > 0 ? (
        // Folded without scripts: the latest messages and the reply box stay within a thumb's reach on a phone.
        <details className="group mt-4">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-forest-800 underline underline-offset-4">
            <span className="group-open:hidden">{copy.showEarlier(earlier.length)}</span>
            <span className="hidden group-open:inline">{copy.hideEarlier}</span>
          </summary>
          <ol className="mt-3 space-y-4">
            {earlier.map((message) => (
              <Message key={message.id} message={message} buyerName={buyerName} />
            ))}
          </ol>
        </details>
      ) : null}
      {recent.length > 0 ? (
        <ol className={`space-y-4 ${earlier.length > 0 ? 'mt-4' : 'mt-5'}`}>
          {recent.map((message) => (
            <Message key={message.id} message={message} buyerName={buyerName} />
          ))}
        </ol>
      ) : null}
      <Reply leadId={leadId} reply={reply} answer={answer} />
    </section>
  );
}

function Message({ message, buyerName }: { message: ConversationMessage; buyerName: string }) {
  const ours = message.direction === 'out';
  const automatic = copy.automatic[message.kind];
  const bubble = !ours
    ? 'rounded-bl-md bg-ivory-100 text-ink'
    : automatic
      ? 'rounded-br-md bg-forest-100 text-forest-950'
      : 'rounded-br-md bg-forest-800 text-ivory-50';
  const who = ours ? (automatic ?? message.sentBy ?? copy.team) : buyerName;
  return (
    <li
      className={`flex flex-col ${ours ? 'items-end' : 'items-start'}`}
      data-testid="lead-message"
      data-direction={message.direction}
      data-channel={message.channel}
      data-status={message.status}
    >
      <p className="mb-1 flex items-center gap-2 px-1 text-xs text-ink-soft">
        <span className="font-semibold text-ink" dir="auto">
          {who}
        </span>
        <span className="inline-flex items-center gap-1">
          {message.channel === 'whatsapp' ? <WhatsAppIcon className="size-3.5 text-forest-700" /> : <SmsIcon />}
          {CHANNEL_NAMES[message.channel]}
        </span>
      </p>
      <div
        className={`max-w-[88%] rounded-2xl px-4 pt-2.5 pb-2 text-sm leading-relaxed sm:max-w-[34rem] ${bubble} ${message.status === 'failed' ? 'ring-2 ring-red-300' : ''}`}
      >
        {message.kind === 'template' ? (
          <p className="mb-1 text-[0.6875rem] font-semibold uppercase tracking-[0.14em] opacity-80">{copy.followUp}</p>
        ) : null}
        {/* The buyer's own words: their direction is theirs, never the page's (a right-to-left script, a stray mark). */}
        <p className="whitespace-pre-wrap wrap-anywhere" dir="auto">
          {message.body}
        </p>
        <p
          className={`mt-1 flex flex-wrap items-center justify-end gap-x-2 text-[0.6875rem] ${ours && !automatic ? 'text-ivory-50/80' : 'text-ink-soft'}`}
        >
          <time dateTime={message.createdAt.toISOString()} className="tabular-nums">
            {formatDateTime(message.createdAt)}
          </time>
          {ours && message.status !== 'failed' ? <Status status={message.status} onDark={!automatic} /> : null}
        </p>
      </div>
      {ours && message.status === 'failed' ? (
        <p className="mt-1 max-w-[88%] px-1 text-right text-xs font-medium text-red-800 sm:max-w-[34rem]" data-testid="lead-message-failed">
          {message.error ? copy.failedBecause(message.error) : copy.statuses.failed}
        </p>
      ) : null}
    </li>
  );
}

/** SMS beside WhatsApp's mark: a speech bubble, in the brand's icon style. */
function SmsIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-3.5 text-forest-700"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
      focusable="false"
    >
      <path d="M4 5.5h16v10H9l-4 3.5v-3.5H4z" strokeLinejoin="round" />
    </svg>
  );
}

/** Sent, delivered, read: one tick, two, two brighter (as the buyer's phone shows them); none while unconfirmed. */
function Status({ status, onDark }: { status: string; onDark: boolean }) {
  const ticks = status === 'sending' ? 0 : status === 'sent' ? 1 : 2;
  const read = status === 'read' ? (onDark ? 'font-semibold text-brass-300' : 'font-semibold text-forest-700') : '';
  return (
    <span className={`inline-flex items-center gap-0.5 ${read}`} data-testid="lead-message-status">
      <span className="inline-flex" aria-hidden>
        {Array.from({ length: ticks }, (_, i) => (
          <CheckIcon key={i} className={`size-3.5 ${i ? '-ml-2' : ''}`} strokeWidth={2} />
        ))}
      </span>
      {copy.statuses[status] ?? status}
    </span>
  );
}

function Reply({ leadId, reply, answer }: { leadId: string; reply: ReplyOffer; answer: ReplyFormAnswer }) {
  const action = `/api/admin/leads/${leadId}/messages`;
  if (reply.can === 'nothing') {
    // A STOP is said above, in red; the other reasons here, quietly.
    if (reply.why === 'opted_out') return null;
    const why = { not_set_up: copy.notSetUp, no_number: copy.noNumber, claim_first: copy.claimFirst }[reply.why];
    return (
      <p
        id="reply"
        className="mt-6 scroll-mt-[40vh] border-t border-forest-900/10 pt-5 text-sm text-ink-soft"
        data-testid="reply-unavailable"
      >
        {why}
      </p>
    );
  }
  return (
    // The form's post without scripts comes back here, the latest messages above it in view.
    <div id="reply" className="mt-6 scroll-mt-[40vh] border-t border-forest-900/10 pt-5">
      {reply.can === 'text' ? (
        <ReplyTextForm
          action={action}
          answer={answer}
          hint={
            reply.channel === 'whatsapp'
              ? copy.reply.byWhatsApp(reply.closesAt ? formatDateTime(reply.closesAt) : '')
              : reply.whereTheyAre
                ? copy.reply.bySmsWhereTheyAre
                : copy.reply.bySms
          }
        />
      ) : (
        <FollowUpForm
          action={action}
          answer={answer}
          lastWrote={reply.lastWrote ? copy.reply.lastWrote(formatDateTime(reply.lastWrote)) : copy.reply.neverWrote}
          preview={reply.preview}
          alreadySent={reply.alreadySent ? formatDateTime(reply.alreadySent) : undefined}
        />
      )}
    </div>
  );
}
