import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import BookingOfLinkPage from '@/app/(site)/inspection/booking/page';
import ChangeBookingPage from '@/app/(site)/inspection/change/page';
import { BookingPage } from '@/modules/inspections/buyer/pages/BookingPage';
import InspectionsPage from '@/app/admin/inspections/page';
import InspectionSchedulePage from '@/app/admin/inspections/schedule/page';
import DocumentsAdminPage from '@/app/admin/documents/page';
import { appendEntry } from '@/modules/payments/server';
import { documentStagesOfLeads } from '@/modules/documents/server';
import { buyerWithPlan } from './payments-helpers';
import { POST as addScheduleRoute } from '@/app/api/admin/inspections/schedule/route';
import { GET as calendarRoute } from '@/app/api/inspections/calendar/route';
import { POST as bookByLink } from '@/app/api/inspections/book-by-link/route';
import { POST as postInterest } from '@/app/api/interest/route';
import { d1, d2 } from '@/content/districts';
import { bookableSlots } from '@/modules/inspections/inspections.server';
import { inspectionSlotsJob, makeScheduledSlots } from '@/modules/inspections/scheduled-slots.server';
import { makeStoredSecrets, STORED_SECRETS } from '@/lib/db/secrets.server';
import { appSecrets, inspectionSchedules, inspectionSlots } from '@/lib/db/schema';
import { asRequest, describeEachDriver, fingerprint, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A GET never writes (issue 56, docs/decisions/0405-a-get-never-writes.md): the public booking pages, a booking's own
 * pages and calendar file, and the staff Inspections and schedule pages only read. The inspection slots of the
 * schedule are made at start-up, by the hourly job, and at once by an owner's change to the schedule.
 */
const DAY = 86_400_000;
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

describeEachDriver('a GET never writes', (ctx) => {
  const db = () => ctx.handle().db;
  let owner = '';
  let agent = '';

  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      INSPECTION_SCHEDULE: undefined,
      RATE_LIMIT_INTEREST: '1000/600',
      RATE_LIMIT_INTEREST_SITE: '1000/60',
      MIN_FILL_MS: '1500',
    });
    owner = await sessionCookieFor(db(), await makeStaff(db(), 'owner'));
    agent = await sessionCookieFor(db(), await makeStaff(db(), 'agent'));
  });

  it('renders the booking, booking-link and staff inspection pages, and the calendar file, changing no row', async () => {
    // As the server left it: its start made the stored secrets, and the slots' job last ran eight days ago, so a week
    // of slots at the end of the four weeks is still to be made (by the job, not by a page).
    await makeStoredSecrets(db());
    const secrets = await db().select({ name: appSecrets.name }).from(appSecrets);
    expect(secrets.map((secret) => secret.name)).toEqual(expect.arrayContaining([...STORED_SECRETS]));
    await makeScheduledSlots(db(), new Date(Date.now() - 8 * DAY));
    const [slot] = await bookableSlots(db(), d1.choice, new Date());
    expect(slot).toBeDefined();

    // A buyer who submitted interest and booked from the confirmation's link (POSTs: they may write).
    const interest = await postInterest(
      jsonRequest(
        '/api/interest',
        validLead({ email: `buyer-${randomBytes(5).toString('hex')}@example.com`, form_started_at: Date.now() - 20_000 }),
        { headers: { ...freshClient(), 'Idempotency-Key': newKey() } },
      ),
    );
    expect(interest.status).toBe(201);
    const book = new URL((await interest.json()).inspection, 'http://localhost').searchParams.get('book')!;
    const booking = await bookByLink(
      jsonRequest('/api/inspections/book-by-link', { book, slot: slot.id, party: 2 }, { headers: freshClient() }),
    );
    expect(booking.status).toBe(201);
    const manage = new URL((await booking.json()).href, 'http://localhost').searchParams.get('t')!;

    const before = await fingerprint(db());
    const query = (values: Record<string, string>): SearchParams => Promise.resolve(values);
    for (const district of [d1, d2]) {
      await asRequest('', () => BookingPage({ district, searchParams: query({}) }));
      await asRequest('', () => BookingPage({ district, searchParams: query({ book }) }));
    }
    await asRequest('', () => BookingOfLinkPage({ searchParams: query({ t: manage }) }));
    await asRequest('', () => ChangeBookingPage({ searchParams: query({ t: manage }) }));
    const calendar = await calendarRoute(staffRequest(`/api/inspections/calendar?t=${encodeURIComponent(manage)}`));
    expect(calendar.status).toBe(200);
    for (const cookie of [owner, agent]) await asRequest(cookie, () => InspectionsPage({ searchParams: query({}) }));
    await asRequest(owner, () => InspectionSchedulePage());
    expect(await fingerprint(db())).toEqual(before);
  });

  it('renders the owners’ Documents page and a buyer’s documents without making the letter their deposit is due', async () => {
    // A buyer whose deposit is paid: their contract of sale is due, made by the documents job (docs/decisions/0419).
    const buyer = await buyerWithPlan(db());
    await db().transaction((tx) =>
      appendEntry(tx, {
        claimId: buyer.claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `gnw-${buyer.claimId}`,
        amountKobo: buyer.plan.depositKobo,
        at: new Date(),
      }),
    );
    const before = await fingerprint(db());
    await asRequest(owner, () => DocumentsAdminPage({ searchParams: Promise.resolve({ district: 'd1' }) }));
    await asRequest(agent, () => DocumentsAdminPage({ searchParams: Promise.resolve({}) }));
    const view = await documentStagesOfLeads(db(), [buyer.leadId]);
    expect(view.claims[0].stages[0]).toMatchObject({ key: 'contract_of_sale', status: 'in_progress' });
    expect(await fingerprint(db())).toEqual(before);
  });

  it('makes the schedule’s slots by the hourly job, each once, and at once when an owner adds a weekly row', async () => {
    const job = inspectionSlotsJob(ctx.handle());
    expect(job.cron).toBe('7 * * * *');
    await job.run();
    await job.run();
    // INSPECTION_SCHEDULE's default: every Saturday at 10:00 Lagos time in both districts, four weeks ahead.
    for (const district of [d1, d2]) {
      const ahead = (await bookableSlots(db(), district.choice, new Date())).filter((slot) => slot.scheduleId);
      expect(ahead.length).toBeGreaterThanOrEqual(3);
      expect(ahead.every((slot) => slot.startsAt.getUTCDay() === 6 && slot.startsAt.getUTCHours() === 9)).toBe(true);
      const times = ahead.map((slot) => slot.startsAt.getTime());
      expect(new Set(times).size).toBe(times.length);
      // The last of them is within a week of the four weeks' end: the job filled the week the GETs left.
      expect(Math.max(...times)).toBeGreaterThan(Date.now() + 21 * DAY);
    }

    const added = await addScheduleRoute(
      staffRequest('/api/admin/inspections/schedule', {
        method: 'POST',
        cookie: owner,
        body: { district: d2.choice, weekday: 3, startTime: '16:00', kind: 'video', seats: 30, videoUrl: 'https://meet.example/tour' },
      }),
      undefined as never,
    );
    expect(added.status).toBe(201);
    const { row } = await added.json();
    const [schedule] = await db().select().from(inspectionSchedules).where(eq(inspectionSchedules.id, row.id));
    expect(schedule.active).toBe(true);
    const made = await db().select().from(inspectionSlots).where(eq(inspectionSlots.scheduleId, row.id));
    expect(made.length).toBeGreaterThanOrEqual(4);
    expect(made.every((slot) => slot.startsAt.getUTCDay() === 3 && slot.kind === 'video' && slot.seats === 30)).toBe(true);
  });
});
