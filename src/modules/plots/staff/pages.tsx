import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { getDatabase } from '@/lib/db/client';
import { districtChoiceOf, districtSlugOf } from '@/lib/db/districts';
import type { DistrictChoice } from '@/lib/db/enums';
import { getEnv } from '@/lib/env.server';
import { idParamSchema } from '@/lib/validation/id';
import { leadScope } from '@/modules/leads/server';
import { currentStaff, requireStaffPage } from '@/modules/staff/ui.server';
import { pendingDraft } from '../import/drafts.repository.server';
import { PLOT_STANDINGS, type PlotStanding } from '../import/plan-import';
import { plotsFormAnswer } from './form-answer.server';
import { previewLayout } from './inventory-changes.server';
import { historyOfPlot, inventoryOfDistrict, inventoryPlot, leadChoices, type InventoryPlot } from './inventory.repository.server';
import { PlanKey, SitePlan } from '../plan/SitePlan';
import type { PublicPlot, PublicPlotStatus } from '../plot-status';
import { ImportForm, ImportPreview } from './components/ImportLayout';
import { InventoryList, type StaffDistrict } from './components/InventoryList';
import { PlotDetail } from './components/PlotDetail';
import { PlotsAnswer } from './components/pieces';

/**
 * The staff Inventory's pages (docs/decisions/0413), whole, so their routes stay one line: the plots of a district,
 * one plot with its actions and history, and the import of a layout. Server components: they read the database.
 */

const copy = PLOTS_STAFF_COPY;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STAFF_DISTRICTS: StaffDistrict[] = DISTRICTS.map((d) => ({
  slug: d.slug,
  choice: d.choice as DistrictChoice,
  name: `${d.name} · ${d.area}`,
}));

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The district of the query (`?district=d1`), the first one otherwise. */
const districtOf = (asked: string | undefined): DistrictChoice => (asked && districtChoiceOf(asked)) || STAFF_DISTRICTS[0].choice;

function Heading({ eyebrow, title, intro, action }: { eyebrow: string; title: string; intro?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-1 text-3xl sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-ink-soft">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/**
 * The district's site plan as the public sees it, each plot a link to its staff page (withdrawn plots are off the plan;
 * an allocated plot is drawn sold), with its key.
 */
function InventoryPlan({ plots, districtName }: { plots: InventoryPlot[]; districtName: string }) {
  const drawn: PublicPlot[] = plots
    .filter((plot) => !plot.withdrawn)
    .map((plot) => ({
      id: plot.id,
      block: plot.block,
      label: plot.label,
      sizeSqm: plot.sizeSqm,
      priceKobo: plot.priceKobo,
      corner: plot.corner,
      outline: plot.outline,
      status: plot.standing === 'allocated' ? 'sold' : (plot.standing as PublicPlotStatus),
    }));
  const counts = { available: 0, held: 0, reserved: 0, sold: 0 };
  for (const plot of drawn) counts[plot.status] += 1;
  return (
    <section aria-label={copy.planLabel} className="space-y-3">
      <PlanKey counts={counts} />
      <figure className="overflow-hidden rounded-2xl bg-ivory-100 p-2 ring-1 ring-forest-900/10 sm:p-4">
        <SitePlan plots={drawn} districtName={districtName} hrefOf={(plot) => `/admin/plots/${plot.id}`} available={counts.available} />
      </figure>
    </section>
  );
}

/** /admin/plots?district=d1&status=held&block=A: the district's plan, counts, filters and list. */
export async function InventoryPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await currentStaff();
  const query = await searchParams;
  const district = districtOf(one(query.district));
  const status = PLOT_STANDINGS.find((s) => s === one(query.status)) as PlotStanding | undefined;
  const blockAsked = one(query.block);
  const { db } = await getDatabase();
  const scope = leadScope(staff);
  const [plots, answer] = await Promise.all([inventoryOfDistrict(db, district, scope), plotsFormAnswer()]);
  const block = plots.some((plot) => plot.block === blockAsked) ? blockAsked : undefined;
  const owner = staff.role === 'owner';
  return (
    <div className="space-y-6 sm:space-y-8">
      <Heading
        eyebrow={copy.eyebrow}
        title={copy.heading}
        intro={owner ? copy.intro : copy.agentIntro}
        action={
          owner ? (
            <Link href={`/admin/plots/import?district=${districtSlugOf(district)}`} className="btn-outline">
              {copy.importLink}
            </Link>
          ) : null
        }
      />
      <PlotsAnswer {...answer} />
      <InventoryList
        plots={plots}
        filters={{ district, status, block }}
        districts={STAFF_DISTRICTS}
        now={scope.now}
        plan={<InventoryPlan plots={plots} districtName={STAFF_DISTRICTS.find((d) => d.choice === district)?.name ?? district} />}
      />
    </div>
  );
}

/** /admin/plots/:id — one plot: its facts, the actions the reader may take, its history. */
export async function StaffPlotPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await currentStaff();
  const id = idParamSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db } = await getDatabase();
  const scope = leadScope(staff);
  const plot = await inventoryPlot(db, id.data, scope);
  if (!plot) notFound();
  const [history, leads, answer] = await Promise.all([
    historyOfPlot(db, plot.id),
    plot.standing === 'available' ? leadChoices(db, plot.district, scope) : Promise.resolve([]),
    plotsFormAnswer(),
  ]);
  return (
    <div className="space-y-6">
      <PlotsAnswer {...answer} />
      <PlotDetail
        plot={plot}
        owner={staff.role === 'owner'}
        leads={leads}
        history={history}
        now={scope.now}
        holdHours={getEnv().PLOT_HOLD_HOURS}
        districtSlug={districtSlugOf(plot.district) ?? ''}
      />
    </div>
  );
}

/** /admin/plots/import[?draft=id] (owners) — the upload, or the preview of an uploaded file with its "apply". */
export async function ImportPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaffPage({ owner: true });
  const query = await searchParams;
  const { db } = await getDatabase();
  const now = new Date();
  const draftId = idParamSchema.safeParse(one(query.draft));
  const draft = draftId.success ? await pendingDraft(db, draftId.data, now) : undefined;
  const answer = await plotsFormAnswer();
  const district = draft?.district ?? districtOf(one(query.district));
  const plan = draft ? await previewLayout(db, draft.district, draft.layout, { withdrawMissing: draft.withdrawMissing, now }) : undefined;
  return (
    <div className="space-y-6 sm:space-y-8">
      <Link
        href={`/admin/plots?district=${districtSlugOf(district)}`}
        className="inline-block text-sm font-medium text-ink-soft underline underline-offset-4"
      >
        {copy.history.back}
      </Link>
      <Heading eyebrow={copy.import.eyebrow} title={copy.import.heading} intro={draft ? undefined : copy.import.intro} />
      <PlotsAnswer {...answer} />
      {draft && plan ? (
        <ImportPreview
          plan={plan}
          draftId={draft.id}
          fileName={draft.fileName}
          districtName={STAFF_DISTRICTS.find((d) => d.choice === draft.district)?.name ?? draft.district}
        />
      ) : (
        <ImportForm districts={STAFF_DISTRICTS} district={district} />
      )}
    </div>
  );
}
