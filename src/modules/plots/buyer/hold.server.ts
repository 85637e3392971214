import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { PLOT_ERRORS } from '@/content/form-errors';
import { PLOTS_COPY } from '@/content/plots';
import { DISTRICT_SLUGS, districtSlugOf } from '@/lib/db/districts';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientCounters, countRequests } from '@/lib/http/rate-limit.server';
import { clientIdentityOf } from '@/lib/http/client.server';
import { publicForm, type FormPageOf, type PublicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { INTEREST_VISIBLE_FIELDS } from '@/modules/leads';
import {
  INTEREST_FORM,
  readInspectionLink,
  repeatOfTypedForm,
  signInspectionLink,
  takeVisitorLead,
  type FloodAlert,
} from '@/modules/leads/server';
import { wakeOutbox } from '@/modules/messaging/server';
import { holdPlot } from '../claims.server';
import { PLOT_PATHS } from '../paths';
import { plotById } from '../plots.repository.server';

/**
 * Holding a plot from the site (docs/decisions/0412): POST /api/plots/hold, a visitor not yet known, with the interest
 * form's own fields and schema (the lead goes the popup's way: limited, stored, held in a flood, assigned, notified);
 * POST /api/plots/hold-by-link, a buyer known from a signed `book` link (the interest confirmation, the receipt, the
 * booking's e-mails), who types nothing. Both answer 201 {ok, href} (the hold's own page, a signed link) or 409 {error}
 * ("this plot was just taken"); without scripts, a 303 to the same pages.
 */

const plotField = z.uuid({ error: PLOT_ERRORS.plot }).transform((id) => id.toLowerCase());
const tokenField = z.string({ error: PLOT_ERRORS.invalidLink }).trim().min(1, PLOT_ERRORS.invalidLink).max(1000, PLOT_ERRORS.invalidLink);
/** The plot's number, so a refused form without scripts goes back to the plot's page. */
const labelField = z.string().trim().max(40).optional();

export const holdAsVisitorSchema = INTEREST_FORM.schema
  .extend({ plot: plotField, label: labelField, page: z.enum(DISTRICT_SLUGS).optional() })
  .strict();
export const holdByLinkSchema = z
  .object({ book: tokenField, plot: plotField, label: labelField, page: z.enum(DISTRICT_SLUGS).optional() })
  .strict();

/** A refused form goes back to the plot's page (with the buyer's `book` link, if any); else the district's plan. */
const retryPage: FormPageOf = (answer, fields) => {
  if (typeof answer.plotPage === 'string' && answer.plotPage.startsWith('/')) return answer.plotPage;
  const slug = DISTRICT_SLUGS.find((s) => s === fields.page) ?? DISTRICT_SLUGS[0];
  const book = typeof fields.book === 'string' && fields.book.length <= 1000 ? fields.book : undefined;
  const label = typeof fields.label === 'string' && fields.label.length <= 40 ? fields.label : undefined;
  return label ? PLOT_PATHS.plot(slug, label, book) : PLOT_PATHS.plan(slug, book);
};
const successPage: FormPageOf = (answer, fields) =>
  typeof answer.href === 'string' && answer.href.startsWith('/') ? answer.href : retryPage(answer, fields);

export const HOLD_AS_VISITOR_FORM = {
  name: 'plot-hold',
  schema: holdAsVisitorSchema,
  visibleFields: [...INTEREST_VISIBLE_FIELDS, 'plot'],
  errors: PLOT_ERRORS,
  formPages: { success: successPage, retry: retryPage },
} satisfies PublicForm<typeof holdAsVisitorSchema>;

export const HOLD_BY_LINK_FORM = {
  name: 'plot-hold-by-link',
  schema: holdByLinkSchema,
  visibleFields: ['plot'],
  errors: PLOT_ERRORS,
  formPages: { success: successPage, retry: retryPage },
} satisfies PublicForm<typeof holdByLinkSchema>;

/** Every attempt from the site counts against the client's limit (RATE_LIMIT_PLOT_HOLD; its /56 and /48 twice and three times it). */
async function countHoldAttempt(request: Request): Promise<void> {
  const { db } = await getDatabase();
  const own = getEnv().RATE_LIMIT_PLOT_HOLD;
  const wider = (times: number) => ({ ...own, count: own.count * times });
  await countRequests(db, clientCounters('plot-hold', await clientIdentityOf(db, request), { own, 56: wider(2), 48: wider(3) }));
}

/** Holds the plot for the lead and answers; the buyer and the lead's agent are told at once. */
async function holdAndAnswer(leadId: string, plotId: string, bookToken: string | undefined): Promise<Response> {
  const database = await getDatabase();
  const { db } = database;
  const plot = await plotById(db, plotId);
  const slug = plot ? (districtSlugOf(plot.district) ?? DISTRICT_SLUGS[0]) : DISTRICT_SLUGS[0];
  const plotPage = plot ? PLOT_PATHS.plot(slug, plot.label, bookToken ?? (await signInspectionLink(db, 'book', leadId))) : undefined;
  // The queue is started before the hold's transaction, which queues its messages (PGlite has one connection).
  const tell = await database.jobs();
  const result = await holdPlot(db, { plotId, leadId, by: 'buyer', now: new Date(), tell });
  if (!result.ok) {
    const status = result.refusal === 'no_plot' || result.refusal === 'no_lead' ? 410 : 409;
    return jsonResponse({ error: result.message, refusal: result.refusal, plotPage }, status);
  }
  if (!result.repeated) wakeOutbox(tell);
  const href = PLOT_PATHS.held(slug, await signInspectionLink(db, 'plot', result.claim.id));
  return jsonResponse({ ok: true, href, heldUntil: result.claim.heldUntil?.toISOString() }, result.repeated ? 200 : 201);
}

export function holdAsVisitor(alertOwnersOfFlood: FloodAlert) {
  return publicForm(HOLD_AS_VISITOR_FORM, async ({ input, ...submission }: PublicSubmission<z.infer<typeof holdAsVisitorSchema>>) => {
    await countHoldAttempt(submission.request);
    // The lead is the interest form's fields (`label` and `page` only name where a form without scripts goes back to).
    const { plot, ...fields } = input;
    const lead = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'label' && name !== 'page')) as Omit<
      typeof fields,
      'label' | 'page'
    >;
    const { db } = await getDatabase();
    const target = await plotById(db, plot);
    // The lead's district is the plot's: the form shows it as given, so a mismatch is a forged form.
    if (!target || target.district !== lead.district) return errorResponse(410, PLOTS_COPY.refusals.no_plot);
    const taken = await takeVisitorLead({ ...submission, input: lead }, alertOwnersOfFlood);
    // A lead set aside (a bot's; or held in a flood, maybe a buyer's) holds nothing and is answered as the popup
    // answers it; a repeat of a form without scripts holds nothing either (the first post did).
    if (taken.setAside || repeatOfTypedForm(taken, submission)) return jsonResponse({ ok: true, href: '/interest/thanks' }, 201);
    return holdAndAnswer(taken.id, plot, undefined);
  });
}

export const holdByLinkHandler = publicForm(
  HOLD_BY_LINK_FORM,
  async ({ input, request }: PublicSubmission<z.infer<typeof holdByLinkSchema>>) => {
    await countHoldAttempt(request);
    const { db } = await getDatabase();
    const link = await readInspectionLink(db, 'book', input.book);
    if (!link.ok)
      return errorResponse(link.reason === 'expired' ? 410 : 403, PLOT_ERRORS[link.reason === 'expired' ? 'expiredLink' : 'invalidLink']);
    return holdAndAnswer(link.id, input.plot, input.book);
  },
);
