import { LocalTime } from '@/components/LocalTime';
import { ACCOUNT_COPY, ACCOUNT_PATHS } from '@/content/buyers';
import { PAYMENT_COPY } from '@/content/payments';
import { formatIndicative, formatRateDay, indicativeFigures, type FxRates } from '@/modules/districts';
import { BuyerDocuments } from '@/modules/documents/ui';
import { formatKobo } from '@/modules/payments';
import { PlotOnPlan } from '@/modules/plots/ui';
import { PLOT_PATHS } from '@/modules/plots';
import { PLOTS_COPY } from '@/content/plots';
import type { AccountPlot, AccountView } from '../account/account.server';
import type { BuyerPasskey } from '../passkeys/passkeys.server';
import type { BuyerDevice } from '../sign-in/sessions.server';
import { AddPasskey } from './PasskeyButtons';

const copy = ACCOUNT_COPY.page;
const LAGOS = 'Africa/Lagos';

/** "Sat 5 Dec, 10:00 am": a moment in Lagos time (the server's words; the buyer's own zone follows when scripts run). */
const lagosMoment = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: LAGOS,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(at);
/** "5 Dec 2026": a Lagos calendar day (YYYY-MM-DD) or a moment's Lagos day. */
const lagosDay = (day: string | Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: typeof day === 'string' ? 'UTC' : LAGOS,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(typeof day === 'string' ? new Date(`${day}T12:00:00Z`) : day);

/** A time in Lagos, and in the buyer's own zone beside it when it differs. */
function When({ at }: { at: Date }) {
  return (
    <>
      <span>
        {lagosMoment(at)} <span className="text-ink-soft">({copy.lagosTime})</span>
      </span>
      <LocalTime at={at.toISOString()} template={copy.yourTime('{time}')} />
    </>
  );
}

/** Naira, with the indicative dollars and pounds beside it at the owner's dated rates (none when no rates are set). */
function Money({ kobo, fx, strong = false }: { kobo: number; fx?: FxRates; strong?: boolean }) {
  const abroad = fx ? indicativeFigures(kobo / 100, fx) : [];
  return (
    <span className="inline-flex flex-col">
      <span className={strong ? 'font-display text-2xl text-forest-900 sm:text-3xl' : 'font-medium text-ink'}>{formatKobo(kobo)}</span>
      {abroad.length ? (
        <span className="text-xs text-ink-soft">≈ {abroad.map((f) => formatIndicative(f.amount, f.currency)).join(' · ')}</span>
      ) : null}
    </span>
  );
}

function Card({ id, heading, children, aside }: { id: string; heading: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-forest-900/10 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-2xl sm:text-3xl">
          {heading}
        </h2>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

const STATE_STYLE: Record<string, string> = {
  paid: 'bg-forest-100 text-forest-800',
  part_paid: 'bg-brass-300/40 text-brass-700',
  due: 'bg-ivory-100 text-ink-soft',
  late: 'bg-red-50 text-red-800 ring-1 ring-red-200',
};

function PlotCard({ plot, fx }: { plot: AccountPlot; fx?: FxRates }) {
  const standing = plot.plan?.standing;
  const paidInFull = standing && standing.leftKobo === 0;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="eyebrow">{plot.district.name}</p>
          <p className="mt-2 font-display text-4xl text-forest-900">{plot.label}</p>
          <p className="mt-1 text-ink-soft">{copy.plotFacts(plot.block, plot.sizeSqm)}</p>
          <p className="mt-4 inline-flex rounded-full bg-forest-900 px-3 py-1 text-sm font-semibold text-ivory-50">
            {copy.stages[plot.stage] ?? plot.stage}
          </p>
          {plot.stage === 'held' && plot.heldUntil ? (
            <p className="mt-3 text-ink-soft">
              {copy.heldUntil(lagosMoment(plot.heldUntil))}
              <LocalTime at={plot.heldUntil.toISOString()} template={copy.yourTime('{time}')} />
            </p>
          ) : null}
          <dl className="mt-6 grid gap-2">
            {(
              [
                [copy.price, plot.priceKobo],
                [copy.paid, standing?.paidKobo ?? 0],
                [copy.balance, standing?.leftKobo ?? plot.priceKobo],
              ] as const
            ).map(([label, kobo]) => (
              <div key={label} className="flex items-baseline justify-between gap-3 rounded-2xl bg-ivory-100 px-4 py-3">
                <dt className="text-xs font-semibold uppercase tracking-wider text-ink-soft">{label}</dt>
                <dd className="text-right">
                  <Money kobo={kobo} fx={fx} />
                </dd>
              </div>
            ))}
          </dl>
          {paidInFull ? <p className="mt-4 font-medium text-forest-800">{copy.paidInFull}</p> : null}
          {standing?.overdue ? (
            <p className="mt-4 font-medium text-red-800">{copy.lateNote(formatKobo(standing.overdue.amountKobo))}</p>
          ) : null}
          {!paidInFull ? (
            <a href={plot.payPath} className="btn-primary mt-6">
              {standing?.depositPaid ? PAYMENT_COPY.payNext : PAYMENT_COPY.payDeposit}
            </a>
          ) : null}
        </div>
        <figure>
          <figcaption className="mb-2 text-sm font-medium text-forest-900">{copy.onPlan}</figcaption>
          <div className="overflow-hidden rounded-2xl ring-1 ring-forest-900/10">
            <PlotOnPlan plots={plot.sitePlan} mine={plot.plotId} districtName={plot.district.name} />
          </div>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
            <a href={PLOT_PATHS.plan(plot.district.slug)} className="text-forest-800 underline underline-offset-4">
              {PLOTS_COPY.ownPlot.fullPlan}
            </a>
            <a href={PLOT_PATHS.plot(plot.district.slug, plot.label)} className="text-forest-800 underline underline-offset-4">
              {PLOTS_COPY.ownPlot.plotPage(plot.label)}
            </a>
          </p>
        </figure>
      </div>
      {standing ? (
        <div>
          <h3 className="text-xl">{copy.scheduleHeading}</h3>
          {standing.nextDue ? (
            <p className="mt-1 text-ink-soft">{copy.nextDue(formatKobo(standing.nextDue.amountKobo), lagosDay(standing.nextDue.dueOn))}</p>
          ) : null}
          <ol className="mt-4 divide-y divide-forest-900/10 rounded-2xl ring-1 ring-forest-900/10">
            {standing.items.map((item) => (
              <li key={item.index} className="flex items-center justify-between gap-3 px-4 py-3">
                <span>
                  <span className="block font-medium text-ink">{item.label}</span>
                  <span className="text-sm text-ink-soft">{lagosDay(item.dueOn)}</span>
                </span>
                <span className="flex items-center gap-3 text-right">
                  <Money kobo={item.amountKobo} fx={fx} />
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[item.state]}`}>
                    {copy.itemStates[item.state]}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div>
        <h3 className="text-xl">{copy.paymentsHeading}</h3>
        {plot.payments.length === 0 ? (
          <p className="mt-2 text-ink-soft">{copy.noPayments}</p>
        ) : (
          <ul className="mt-4 divide-y divide-forest-900/10 rounded-2xl ring-1 ring-forest-900/10">
            {plot.payments.map(({ entry, receipt }) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span>
                  <span className="block font-medium text-ink">{copy.entryKinds[entry.kind] ?? entry.kind}</span>
                  <span className="text-sm text-ink-soft">{lagosDay(entry.at)}</span>
                </span>
                <span className="flex items-center gap-4">
                  <Money kobo={entry.amountKobo} fx={fx} />
                  {receipt ? (
                    <a href={receipt.path} className="text-sm font-semibold text-forest-800 underline underline-offset-4">
                      {copy.receiptLink(receipt.number)}
                    </a>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * /account: the buyer's own page (docs/decisions/0418). Phone first: one column, the plot and its money on top; the
 * agent and the devices beside it on a wide screen. Plain markup and forms; the only script shows times in the buyer's
 * own zone. Under the plot, its documents with their promised dates (the documents module's section, issue 60).
 */
export function AccountPage({
  view,
  devices,
  passkeys,
}: {
  view: AccountView;
  devices: BuyerDevice[];
  /** The buyer's passkeys, and whether this session signed in recently enough to add one (docs/decisions/0423). */
  passkeys: { list: BuyerPasskey[]; canAdd: boolean; recentMinutes: number };
}) {
  const fx = view.fx;
  return (
    <div className="pb-24">
      <section className="bg-forest-950 pt-28 pb-12 text-ivory-50 sm:pt-36" aria-labelledby="account-heading">
        <div className="container-page">
          <p className="eyebrow-light">{copy.eyebrow}</p>
          <h1 id="account-heading" className="mt-3 text-4xl text-ivory-50 sm:text-6xl">
            {view.name ? copy.greeting(view.name.split(/\s+/)[0]) : copy.eyebrow}
          </h1>
          {view.plots.length === 0 && view.bookings.length === 0 && !view.name ? (
            <p className="mt-4 max-w-2xl text-ivory-100/85">{copy.nobody}</p>
          ) : null}
          {fx ? <p className="mt-4 text-sm text-ivory-100/70">{copy.indicative(formatRateDay(fx.day))}</p> : null}
        </div>
      </section>
      <div className="container-page mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <Card id="plots" heading={copy.plotsHeading}>
            {view.plots.length === 0 ? (
              <div>
                <p className="text-ink-soft">{copy.noPlots}</p>
                <a href={view.plansPath} className="btn-outline mt-4">
                  {copy.choosePlot}
                </a>
              </div>
            ) : (
              <div className="space-y-12">
                {view.plots.map((plot) => (
                  <PlotCard key={plot.claimId} plot={plot} fx={fx} />
                ))}
              </div>
            )}
          </Card>
          {view.documents.claims.length ? (
            <div id="documents" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-forest-900/10 sm:p-8">
              <BuyerDocuments view={view.documents} />
            </div>
          ) : null}
          <Card id="bookings" heading={copy.bookingsHeading}>
            {view.bookings.length === 0 ? <p className="text-ink-soft">{copy.noBookings}</p> : null}
            <ul className="space-y-3">
              {view.bookings.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-ivory-100 p-4">
                  <span>
                    <span className="block font-medium text-ink">
                      {booking.districtName} · {copy.bookingKinds[booking.kind] ?? booking.kind} · {copy.seats(booking.partySize)}
                    </span>
                    <span className={booking.state === 'coming' ? 'text-sm' : 'text-sm text-ink-soft line-through'}>
                      <When at={booking.startsAt} />
                    </span>
                    {booking.state !== 'coming' ? (
                      <span className="text-xs font-semibold uppercase tracking-wider text-ink-soft">
                        {booking.state === 'past' ? copy.bookingPast : copy.bookingCancelled}
                      </span>
                    ) : null}
                  </span>
                  {booking.changePath ? (
                    <a href={booking.changePath} className="btn-outline">
                      {copy.change}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
            {view.bookings.every((b) => b.state !== 'coming') ? (
              <a href={view.bookPath} className="btn-outline mt-4">
                {copy.book}
              </a>
            ) : null}
          </Card>
        </div>
        <aside className="space-y-6">
          <Card id="agent" heading={copy.agentHeading}>
            {(view.agents.length ? view.agents : [copy.noAgent]).map((name) => (
              <p key={name} className="font-display text-2xl text-forest-900">
                {name}
              </p>
            ))}
            <p className="mt-1 text-ink-soft">{copy.agentLine}</p>
            <a
              href={`https://wa.me/${view.whatsapp}?text=${encodeURIComponent(copy.whatsappText)}`}
              className="btn-brass mt-5 w-full"
              rel="noopener"
            >
              {copy.whatsapp}
            </a>
          </Card>
          <Card id="devices" heading={copy.devicesHeading}>
            <ul className="space-y-4">
              {devices.map((device) => (
                <li key={device.id} className="flex items-start justify-between gap-3">
                  <span>
                    <span className="block font-medium text-ink">
                      {device.deviceLabel ?? copy.unknownDevice}
                      {device.current ? (
                        <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-forest-100 px-2 py-0.5 text-xs text-forest-800">
                          {copy.thisDevice}
                        </span>
                      ) : null}
                    </span>
                    <span className="text-sm text-ink-soft">
                      {copy.deviceLine(copy.signedInWith[device.signedInWith], lagosDay(device.signedInAt), lagosMoment(device.lastSeenAt))}
                    </span>
                  </span>
                  <form method="post" action={ACCOUNT_PATHS.api.signOut}>
                    {device.current ? null : <input type="hidden" name="session" value={device.id} />}
                    <button
                      type="submit"
                      className="whitespace-nowrap text-sm font-semibold text-forest-800 underline underline-offset-4"
                      aria-label={`${copy.signOutOne}: ${device.deviceLabel ?? copy.unknownDevice}`}
                    >
                      {copy.signOutOne}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
            <form method="post" action={ACCOUNT_PATHS.api.signOut} className="mt-6">
              <input type="hidden" name="everywhere" value="1" />
              <button type="submit" className="btn-outline w-full">
                {copy.signOutEverywhere}
              </button>
            </form>
            <p className="mt-3 text-sm text-ink-soft">{copy.signOutKeepsPasskeys}</p>
          </Card>
          <Passkeys {...passkeys} />
        </aside>
      </div>
    </div>
  );
}

const passkeyCopy = ACCOUNT_COPY.passkeys;

/**
 * The buyer's passkeys: each one's label, when it was added and last used, and a plain form to remove it. Adding one
 * (a script: WebAuthn) is offered to a session that signed in recently; an older one is asked to sign in again.
 */
function Passkeys({ list, canAdd, recentMinutes }: { list: BuyerPasskey[]; canAdd: boolean; recentMinutes: number }) {
  return (
    <Card id="passkeys" heading={passkeyCopy.heading}>
      <p className="text-sm text-ink-soft">{passkeyCopy.lead}</p>
      {list.length === 0 ? (
        <p className="mt-4 text-ink-soft">{passkeyCopy.none}</p>
      ) : (
        <ul aria-label={passkeyCopy.listLabel} className="mt-4 space-y-4">
          {list.map((passkey) => (
            <li key={passkey.id} className="flex items-start justify-between gap-3">
              <span>
                <span className="block font-medium text-ink">{passkey.label}</span>
                <span className="text-sm text-ink-soft">
                  {passkeyCopy.addedAt(lagosDay(passkey.createdAt))} ·{' '}
                  {passkeyCopy.used(passkey.lastUsedAt ? lagosMoment(passkey.lastUsedAt) : null)}
                </span>
              </span>
              <form method="post" action={ACCOUNT_PATHS.api.removePasskey}>
                <input type="hidden" name="passkey" value={passkey.id} />
                <button
                  type="submit"
                  className="whitespace-nowrap text-sm font-semibold text-forest-800 underline underline-offset-4"
                  aria-label={passkeyCopy.removeLabel(passkey.label, lagosDay(passkey.createdAt))}
                >
                  {passkeyCopy.remove}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        {canAdd ? (
          <AddPasskey />
        ) : (
          <p className="text-sm text-ink-soft">
            {passkeyCopy.signInAgain(recentMinutes)}{' '}
            <a href={ACCOUNT_PATHS.signIn} className="font-semibold text-forest-800 underline underline-offset-4">
              {passkeyCopy.signInAgainLink}
            </a>
          </p>
        )}
      </div>
    </Card>
  );
}
