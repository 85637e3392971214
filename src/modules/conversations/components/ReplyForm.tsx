'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useStaffAction } from '@/lib/browser/use-staff-action';
import { CONVERSATION_STAFF_COPY } from '@/content/conversations-staff';
import { MAX_REPLY_LENGTH } from '../reply-schema';

const copy = CONVERSATION_STAFF_COPY.reply;

/** The sentence of the form's last post without scripts (kept a minute in the staff area's flash cookie). */
export interface ReplyFormAnswer {
  error?: string;
  notice?: string;
  /** The reply that was refused, back in its box. */
  text?: string;
}

/**
 * A reply from the lead page: a plain POST that works before (or without) the scripts, answered with a redirect back
 * to the lead's Messages; once the scripts run, the same fields go as JSON through the staff request helper (its
 * toasts, a refresh of the page, no reload), and the box is emptied once the message went.
 */
function MessagePostForm({
  action,
  kind,
  answer,
  className,
  children,
}: {
  action: string;
  kind: 'text' | 'follow_up';
  answer: ReplyFormAnswer;
  className?: string;
  children: ReactNode;
}) {
  const { busy, run } = useStaffAction();
  // The page's answer from a post without scripts stays until the first post with them.
  const [shown, setShown] = useState<ReplyFormAnswer>(answer);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    setShown({});
    const text = String(new FormData(form).get('text') ?? '');
    const body = kind === 'text' ? { kind, text } : { kind };
    if (await run<{ notice: string }>({ method: 'POST', url: action, body }, (sent) => sent.notice)) form.reset();
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit} className={className} aria-busy={busy || undefined}>
      <input type="hidden" name="kind" value={kind} />
      {shown.error ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="reply-error"
        >
          {shown.error}
        </p>
      ) : shown.notice ? (
        <p role="status" className="rounded-xl border border-forest-700/20 bg-forest-100 px-4 py-3 text-sm font-medium text-forest-900">
          {shown.notice}
        </p>
      ) : null}
      {children}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto sm:min-w-32" disabled={busy} data-testid={`reply-send-${kind}`}>
          {kind === 'text' ? copy.send : copy.sendFollowUp}
        </button>
      </div>
    </form>
  );
}

/** Free text, by WhatsApp inside its window or by SMS; `hint` says which and until when. */
export function ReplyTextForm({ action, hint, answer }: { action: string; hint: string; answer: ReplyFormAnswer }) {
  const id = useId();
  return (
    <MessagePostForm action={action} kind="text" answer={answer} className="space-y-3">
      <div>
        <label htmlFor={id} className="field-label">
          {copy.label}
        </label>
        <textarea
          id={id}
          name="text"
          rows={3}
          required
          maxLength={MAX_REPLY_LENGTH}
          defaultValue={answer.text}
          placeholder={copy.placeholder}
          aria-describedby={`${id}-hint`}
          className="field min-h-24 resize-y field-sizing-content max-h-72"
          data-testid="reply-text"
        />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-soft" data-testid="reply-hint">
          {hint}
        </p>
      </div>
    </MessagePostForm>
  );
}

/** Outside WhatsApp's window: why free text cannot go, and the approved follow-up template, its words filled in. */
export function FollowUpForm({
  action,
  lastWrote,
  preview,
  alreadySent,
  answer,
}: {
  action: string;
  lastWrote: string;
  preview: string;
  /** When the same template already went since the buyer last wrote (said, so it is not sent twice unawares). */
  alreadySent?: string;
  answer: ReplyFormAnswer;
}) {
  return (
    <MessagePostForm action={action} kind="follow_up" answer={answer} className="space-y-4">
      <div className="rounded-xl border border-brass-300/70 bg-ivory-100 p-4 sm:p-5" data-testid="reply-window-closed">
        <p className="font-display text-lg leading-snug text-forest-900">{copy.windowClosedTitle}</p>
        <p className="mt-1 text-sm text-ink-soft">
          {copy.windowRule} {lastWrote}
        </p>
        {alreadySent ? (
          <p className="mt-3 text-sm font-medium text-forest-900" data-testid="reply-follow-up-sent">
            {copy.followUpWent(alreadySent)}
          </p>
        ) : null}
        <p className="mt-4 text-xs font-semibold uppercase tracking-[0.12em] text-brass-700">{copy.followUpPreview}</p>
        <blockquote
          className="mt-2 rounded-2xl rounded-br-md bg-white px-4 py-3 text-sm text-ink shadow-sm ring-1 ring-forest-900/5"
          data-testid="reply-follow-up-preview"
        >
          {preview}
        </blockquote>
        <p className="mt-3 text-xs text-ink-soft">{copy.followUpAfter}</p>
      </div>
    </MessagePostForm>
  );
}
