'use client';

import { Field } from '@/components/ui/Field';
import { HoneypotField } from '@/components/ui/HoneypotField';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FOOTER_COPY } from '@/content/footer';
import { request } from '@/lib/browser/request';
import { loadToasts, notifyError, notifySuccess } from '@/lib/browser/toast';
import type { NewsletterForm as NewsletterFormName } from '@/lib/db/enums';

const NEWSLETTER_ENDPOINT = '/api/newsletter';

// Validation and toasts are fetched when the visitor first touches, types in or fills the form, not with every page
// (docs/decisions/0013-front-end-budget.md).
const loadSchema = () =>
  import('./schema').then(
    (module) => module.newsletterSchema,
    () => undefined,
  );
function warmUp() {
  void loadSchema();
  void loadToasts().catch(() => undefined);
}

/**
 * Footer sign-up: one e-mail box and Subscribe; answers with a toast that asks the visitor to confirm from their
 * inbox (double opt-in), or an error toast. Before the scripts arrive the browser posts it to /api/newsletter
 * itself and lands on a thanks page (or back on /newsletter with `refusal`). `source` names the form in the
 * consent record.
 */
export function NewsletterForm({
  source,
  initialEmail = '',
  refusal,
}: {
  source: NewsletterFormName;
  initialEmail?: string;
  refusal?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [honeypot, setHoneypot] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // What was typed before the scripts arrived is in the field, not yet in the state: adopt it (a form sent before
  // then is sent again once they have, serving/defer-scripts.mjs).
  useEffect(() => {
    const typed = new FormData(formRef.current!);
    setEmail(String(typed.get('email') ?? ''));
    setHoneypot(String(typed.get('website') ?? ''));
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Without the schema (a network too broken to fetch it) the server's own check answers instead.
    const parsed = (await loadSchema())?.safeParse({ email });
    if (parsed && !parsed.success) {
      notifyError(parsed.error.issues[0].message);
      return;
    }
    setBusy(true);
    const data = await request<{ ok: true }>({
      method: 'POST',
      url: NEWSLETTER_ENDPOINT,
      body: { email: parsed?.data.email ?? email.trim(), source, ...(honeypot ? { website: honeypot } : {}) },
      finish: () => setBusy(false),
    });
    if (data) {
      notifySuccess(FOOTER_COPY.subscribed);
      setEmail('');
    }
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={NEWSLETTER_ENDPOINT}
      onSubmit={onSubmit}
      onPointerDown={warmUp}
      onKeyDown={warmUp}
      onInput={warmUp}
      className="mt-4"
      aria-label={FOOTER_COPY.newsletterHeading}
    >
      {refusal ? (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal}
        </p>
      ) : null}
      <Field id={`${id}-email`} label={FOOTER_COPY.newsletterLabel} hideLabel>
        {(control) => (
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              {...control}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder={FOOTER_COPY.newsletterPlaceholder}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="min-h-12 w-full rounded-full border border-ivory-50/25 bg-forest-950/40 px-5 text-base text-ivory-50 placeholder:text-ivory-50/60 focus:border-brass-400 focus:outline-none"
            />
            <HoneypotField id={`${id}-website`} value={honeypot} onChange={setHoneypot} />
            <input type="hidden" name="source" value={source} />
            <button type="submit" className="btn-brass shrink-0" disabled={busy}>
              {FOOTER_COPY.subscribe}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
