import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INTEREST_ERRORS } from '@/content/form-errors';
import { FORM_PAGES } from '@/lib/constants';
import type { PublicForm } from '@/lib/http/public-route.server';
import { jsonResponse } from '@/lib/http/response.server';
import { hasNoDomainName } from '@/lib/validation/web-address.server';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { INTEREST_VISIBLE_FIELDS } from './fields';
import type { NewLead } from '@/modules/leads/submissions.repository.server';
import { interestSchema, type InterestInput } from './schema';

/**
 * The shared schema with the name checked against every domain ending too: the public suffix list stays on the server
 * (docs/decisions/0387-public-surface-round-3.md), and its refusal is the popup's sentence. The district must be one
 * of the list's choices (src/lib/db/districts.ts).
 */
const interestSchemaOnTheServer = interestSchema.extend({
  fullname: interestSchema.shape.fullname.refine(hasNoDomainName, INTEREST_ERRORS.fullnameLink),
  district: z.enum(DISTRICT_CHOICES, { error: INTEREST_ERRORS.district }),
});

/** The Submit Interest form as POST /api/interest reads it (JSON from the popup, or the form posted without scripts). */
export const INTEREST_FORM = {
  name: 'interest',
  schema: interestSchemaOnTheServer,
  visibleFields: INTEREST_VISIBLE_FIELDS,
  errors: INTEREST_ERRORS,
  formPages: {
    retry: FORM_PAGES.interest.retry,
    // The confirmation carries the answer's booking link on to its "Book a site inspection" (a signed token only).
    success: (answer) => thanksPageOf(answer.inspection),
  },
} satisfies PublicForm<typeof interestSchemaOnTheServer>;

/**
 * The lead a valid submission makes. Honeypot or too-fast posts are kept for review as spam (they get the same
 * answer, so a bot learns nothing) and never notify anyone. form_started_at is the browser's clock: a time in the
 * future means skewed clocks, not a bot.
 */
export function newLead(
  input: InterestInput,
  {
    idempotencyKey,
    clientHash,
    networkHash,
    minFillMs,
  }: { idempotencyKey: string | undefined; clientHash: string; networkHash?: string; minFillMs: number },
  now = Date.now(),
): NewLead {
  const fillMs = input.form_started_at === undefined ? undefined : now - input.form_started_at;
  const honeypot = (input.website ?? '').trim() !== '';
  const tooFast = fillMs !== undefined && fillMs >= 0 && fillMs < minFillMs;
  const spamReason = honeypot ? 'honeypot' : tooFast ? 'too_fast' : undefined;
  return { input, idempotencyKey, clientHash, networkHash, fillMs, spam: spamReason !== undefined, spamReason };
}

/** The no-scripts confirmation page, with the `book` token of the answer's booking link (`inspection`). */
function thanksPageOf(inspection: unknown): string {
  const token = typeof inspection === 'string' ? new URL(inspection, 'http://localhost').searchParams.get('book') : null;
  return token ? `${FORM_PAGES.interest.success}?book=${encodeURIComponent(token)}` : FORM_PAGES.interest.success;
}

/** 201 {ok, id, inspection}: a new lead, and the page where this buyer books a site inspection (a signed link). */
export const leadCreated = (id: string, inspection: string) => jsonResponse({ ok: true, id, inspection }, 201);

/** 200 {ok, id, inspection} with Idempotent-Replayed: the idempotency key already stored this lead; nothing new was stored. */
export const leadReplayed = (id: string, inspection: string) =>
  jsonResponse({ ok: true, id, inspection }, 200, { 'Idempotent-Replayed': 'true' });

/** 200 {ok} with Idempotent-Replayed: a form without scripts sent again; its answer names no lead and no link. */
export const leadReplayedPlainly = () => jsonResponse({ ok: true }, 200, { 'Idempotent-Replayed': 'true' });
