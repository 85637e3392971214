'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { HELD_LEADS_COPY as copy } from '@/content/sales-insight';
import { useStaffAction } from '@/lib/browser/use-staff-action';

/**
 * The inbox's notice of leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md): how many, since
 * when, and for owners the two verdicts on all of them. Both ask first and the server wants a recent password; a release
 * sends the count shown, and is refused when more are held by then (the page then shows the new count; 0385).
 */
export function HeldLeads({ count, since, owner, reviewing }: { count: number; since: string; owner: boolean; reviewing: boolean }) {
  const { busy, run } = useStaffAction();
  const router = useRouter();
  return (
    <section
      aria-labelledby="held-leads-notice"
      className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950 sm:px-5"
      data-testid="held-leads"
    >
      <p id="held-leads-notice" className="text-sm font-medium">
        {copy.notice(count, since)}
      </p>
      <p className="mt-1 text-sm">{owner ? copy.ownerNext : copy.agentNext}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {reviewing ? null : (
          <Link href="/admin?status=held" className="btn-outline min-h-11">
            {copy.review}
          </Link>
        )}
        {owner ? (
          <>
            <button
              type="button"
              className="btn-primary min-h-11"
              disabled={busy}
              onClick={async () => {
                if (!window.confirm(copy.confirmRelease(count))) return;
                const answer = await run<{ released: number }>({ method: 'POST', url: '/api/admin/leads/held', body: { count } }, (done) =>
                  copy.released(done.released),
                );
                // Refused (the count changed meanwhile): the notice shows the count held now.
                if (!answer) router.refresh();
              }}
            >
              {copy.release(count)}
            </button>
            <button
              type="button"
              className="btn-outline min-h-11 border-red-300 text-red-900"
              disabled={busy}
              onClick={() => {
                if (window.confirm(copy.confirmDiscard(count)))
                  void run<{ discarded: number }>({ method: 'DELETE', url: '/api/admin/leads/held' }, (answer) =>
                    copy.discarded(answer.discarded),
                  );
              }}
            >
              {copy.discard(count)}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
