/**
 * npm run seed:scale -- --leads 1000000 [--chunk N]   (N: leads per statement, 50,000)
 *
 * Fills DATABASE_URL (or the embedded database in DATA_DIR) with a scale data set for benchmarks
 * (docs/benchmarks/0420-a-million-leads.md): leads over three years, more of them recent, with realistic statuses,
 * owners and sources, 3 history lines each, their messages in the outbox, notes, site-inspection bookings, WhatsApp
 * conversations, and the visit counts of those years. Set-based SQL (generate_series, INSERT … SELECT), one chunk of
 * leads per statement, so a million takes minutes on PostgreSQL.
 *
 * Every seeded lead's idempotency key starts `seed-scale:` (staff `@seed-scale.invalid`): the command refuses a
 * database holding any other lead (a real install), and with NODE_ENV=production. Run again with a larger --leads, it
 * adds only the difference. With the embedded database a running server owns DATA_DIR: this refuses then, as the staff
 * commands do.
 */
import { parseArgs } from 'node:util';
import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  inspectionSlotCounts,
  leadContactWeekChanges,
  leadConversionCounts,
  leadConversionMonthCounts,
  leadDayCounts,
  leadMonthCounts,
  leadSourceCounts,
  leadSourceMonthCounts,
  leadStaffCounts,
} from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { DISTRICT_SLUGS } from '@/lib/db/districts';
import { failer, messageOf, openStaffDatabase } from './lib/staff-cli';

const fail: (message: string) => never = failer('seed:scale');
const USAGE = 'Usage: npm run seed:scale -- --leads 1000000 [--chunk N]';

export const SEED_KEY_PREFIX = 'seed-scale:';
const AGENTS = 8;
const YEARS_DAYS = 3 * 365;

async function main() {
  const { values } = parseArgs({
    options: { leads: { type: 'string' }, chunk: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help || !values.leads) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const target = Number(values.leads);
  if (!Number.isInteger(target) || target < 1 || target > 20_000_000) fail('--leads must be a whole number from 1 to 20000000.');
  if (values.chunk !== undefined && !(Number(values.chunk) >= 1000)) fail('--chunk must be a whole number of at least 1000.');
  if (process.env.NODE_ENV === 'production') fail('refused: NODE_ENV is production. This fills a database with made-up leads.');

  const handle = await openStaffDatabase(fail, 'stop the server first');
  const db = handle.db;
  const chunk = values.chunk ? Math.floor(Number(values.chunk)) : 50_000;
  try {
    const real = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from interest_submissions
            where idempotency_key is null or idempotency_key not like ${SEED_KEY_PREFIX + '%'} limit 1) t`,
    );
    if (real[0].n > 0) fail('refused: this database holds leads the seeder did not make (a real install?). Use an empty database.');
    const [{ n: existing }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from interest_submissions`);
    if (existing >= target) {
      console.log(`seed:scale: ${existing} seeded leads already (asked for ${target}); nothing to add.`);
      await compactSummaries(db);
      await vacuum(db);
      return;
    }
    const started = Date.now();
    await seedFixtures(db);
    for (let from = existing + 1; from <= target;) {
      // The summaries' triggers look up each lead's bookings, history and messages: planned on empty tables, those
      // lookups scan them whole, row after row of a chunk (hours). A small first chunk, and statistics before each.
      const to = Math.min(target, from + (from === 1 ? Math.min(chunk, 1_000) : chunk) - 1);
      await db.execute(sql.raw('analyze'));
      const t = Date.now();
      await db.execute(leadsChunk(from, to));
      console.log(`seed:scale: leads ${from}–${to} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      from = to + 1;
    }
    await compactSummaries(db);
    await vacuum(db);
    console.log(`seed:scale: ${target - existing} leads added (${target} in all) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

/**
 * VACUUM (ANALYZE), as autovacuum (PostgreSQL) or the nightly maintenance (PGlite) does on a running install: a set just
 * seeded, or just migrated by an upgrade that rewrote its leads, otherwise reads rows from the table where an index alone
 * would do (the visibility map is empty), and its pages would be measured slower than a site's. Quick when nothing changed.
 */
async function vacuum(db: Db) {
  const t = Date.now();
  await db.execute(sql.raw('vacuum (analyze)'));
  console.log(`seed:scale: vacuum (analyze) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** The summaries the leads' triggers keep (drizzle/0041 and after): their rows are written again by every lead they count. */
const SUMMARIES = [
  leadDayCounts,
  leadMonthCounts,
  leadSourceCounts,
  leadSourceMonthCounts,
  leadConversionCounts,
  leadConversionMonthCounts,
  leadStaffCounts,
  inspectionSlotCounts,
  leadContactWeekChanges,
];

/**
 * The summaries rewritten to their live rows, as a running install keeps them. There each lead comes in a transaction
 * of its own, and PostgreSQL prunes a summary row's old versions as it goes. A chunk of 50,000 leads in one statement
 * keeps every version until it ends: the seeded summaries took up to 600 times the pages their rows need
 * (lead_staff_counts: 72 rows in 599 pages), and a dashboard read them whole. A few seconds: the live rows are few
 * (docs/benchmarks/0450-compact-summaries-and-where-a-buyer-waits.md).
 */
async function compactSummaries(db: Db) {
  const t = Date.now();
  await db.execute(sql.raw(`vacuum (full) ${SUMMARIES.map((table) => getTableName(table)).join(', ')}`));
  console.log(`seed:scale: summaries compacted in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** The seeded agents, a schedule per district (inactive: it makes no new slots) and its slots over the years. */
async function seedFixtures(db: Db) {
  await db.execute(
    sql.raw(`insert into staff_users (email, name, role, active, takes_new_leads, created_at)
      select 'agent' || i || '@seed-scale.invalid', 'Seed Agent ' || i, 'agent', true, false, now() - interval '3 years'
      from generate_series(1, ${AGENTS}) i
      on conflict (email) do nothing`),
  );
  const districts = DISTRICT_SLUGS.map((slug) => `'${slug}'`).join(', ');
  await db.execute(
    sql.raw(`insert into inspection_schedules (id, district, weekday, start_time, kind, seats, meeting_point, active)
      select md5('seed-scale-schedule:' || d || w)::uuid, d, w, '10:00', 'on_site', 500, 'Seed scale meeting point', false
      from unnest(array[${districts}]) d, unnest(array[3, 6]) w
      on conflict (id) do nothing`),
  );
  // Wednesdays and Saturdays, 10:00 Lagos (09:00 UTC), from three years ago to eight weeks ahead.
  await db.execute(
    sql.raw(`insert into inspection_slots (schedule_id, district, starts_at, kind, seats, meeting_point)
      select s.id, s.district, day + interval '9 hours', 'on_site', 500, s.meeting_point
      from inspection_schedules s,
           generate_series(date_trunc('day', now() - interval '${YEARS_DAYS + 7} days'), now() + interval '56 days', interval '1 day') day
      where s.meeting_point = 'Seed scale meeting point' and extract(dow from day) = s.weekday
      on conflict (schedule_id, starts_at) do nothing`),
  );
  await db.execute(
    sql.raw(`insert into visit_counts (day, path, kind, source, medium, campaign, visits, visitors)
      select day::date, p, k.kind, k.source, k.medium, k.campaign, v, greatest(1, v * 4 / 5)
      from generate_series(current_date - ${YEARS_DAYS}, current_date, interval '1 day') day,
           unnest(array['/', ${DISTRICT_SLUGS.map((s) => `'/${s}', '/${s}/inspection'`).join(', ')}]) p,
           (values ('campaign', 'facebook', 'paid_social', 'lugbe-launch'), ('campaign', 'google', 'cpc', 'plots-search'),
                   ('campaign', 'instagram', 'paid_social', 'reels'), ('referrer', 'google.com', '', ''),
                   ('direct', '', '', '')) k(kind, source, medium, campaign),
           lateral (select (20 + 400 * (1 - (current_date - day::date) / ${YEARS_DAYS}.0) * random())::int v) c
      on conflict do nothing`),
  );
}

const FIRST_NAMES = [
  'Adebayo',
  'Chinedu',
  'Ngozi',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Kemi',
  'Oluwaseun',
  'Tunde',
  'Yetunde',
  'Chiamaka',
  'Musa',
  'Zainab',
  'Obinna',
  'Bisi',
  'Uche',
  'Halima',
  'Segun',
  'Amaka',
  'Femi',
  'Nneka',
  'Sani',
  'Ifeoma',
  'Kunle',
  'Blessing',
  'Godwin',
  'Esther',
  'Daniel',
  'Grace',
  'Michael',
  'Fatima',
  'Tobi',
  'Ada',
  'Yusuf',
  'Hauwa',
];
// Surnames built from common Yoruba, Igbo and Hausa parts: about 2,000 of them, a few far more common than the rest.
const SURNAME_HEADS = [
  'Ade',
  'Olu',
  'Oluwa',
  'Ayo',
  'Ola',
  'Ogun',
  'Ife',
  'Abi',
  'Oke',
  'Ako',
  'Chi',
  'Nwa',
  'Eze',
  'Obi',
  'Oko',
  'Uzo',
  'Ibe',
  'Nna',
  'Ugo',
  'Onye',
  'Dan',
  'Abu',
  'Garba',
  'Bala',
  'Sule',
  'Yaro',
  'Ajayi',
  'Bab',
  'Ode',
  'Omo',
  'Ebu',
  'Kola',
  'Fola',
  'Tola',
  'Jide',
  'Dayo',
  'Bode',
  'Wale',
  'Sola',
  'Lola',
  'Mayo',
  'Ikem',
  'Ofo',
  'Anya',
  'Agu',
];
const SURNAME_TAILS = [
  'bayo',
  'kunle',
  'tunde',
  'wale',
  'seun',
  'dele',
  'yemi',
  'sola',
  'tola',
  'femi',
  'kemi',
  'lade',
  'goke',
  'jimi',
  'nna',
  'nso',
  'kwe',
  'chukwu',
  'dinma',
  'ebube',
  'oma',
  'zie',
  'ike',
  'nedu',
  'lugo',
  'kadi',
  'wa',
  'ye',
  'ro',
  'mola',
  'shola',
  'wunmi',
  'simi',
  'nike',
  'dipo',
  'kanmi',
  'lowo',
  'runmi',
  'biyi',
  'labi',
  'jumo',
  'gbade',
  'femi',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'mail.ng'];
const NOTES = [
  'Called, will visit the site on Saturday with his wife.',
  'Asked about the instalment plan over 12 months.',
  'Not picking up; sent a WhatsApp message.',
  'Wants a corner plot, budget confirmed.',
  'Lives abroad, prefers a video tour.',
];

const pgArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * One chunk of leads (n from..to) and everything that hangs off them, in one statement: the leads are inserted with
 * RETURNING and each child table inserts from that, so no lead is read back.
 */
function leadsChunk(from: number, to: number) {
  const districts = pgArray(DISTRICT_SLUGS);
  return sql.raw(`
with agents as (
  select array_agg(id order by email) ids from staff_users where email like '%@seed-scale.invalid'
), g as (
  select n, r.age, r.origin, r.spam, r.status_r, r.fname, r.sname, r.src, r.district, r.agent
  from generate_series(${from}, ${to}) n,
  lateral (select
    -- age in days: more recent leads are denser (a growing business), none older than three years
    (${YEARS_DAYS} * power(random(), 1.6)) + n * 0 as age,
    random() as origin, random() as spam, random() as status_r,
    floor(random() * ${FIRST_NAMES.length})::int + 1 as fname,
    floor(power(random(), 2.2) * ${SURNAME_HEADS.length * SURNAME_TAILS.length})::int as sname,
    floor(random() * 10)::int as src,
    floor(random() * ${DISTRICT_SLUGS.length})::int + 1 as district,
    floor(random() * ${AGENTS})::int + 1 as agent
  ) r
), shaped as (
  select g.*,
    now() - g.age * interval '1 day' as created_at,
    g.origin < 0.05 as chat,
    case
      when g.spam < 0.01 then 'spam'
      when g.age < 3 and g.status_r < 0.7 then 'new'
      when g.age < 30 and g.status_r < 0.15 then 'new'
      when g.status_r < 0.02 then 'new'
      when g.status_r < 0.30 then 'contacted'
      when g.status_r < 0.42 then 'qualified'
      when g.status_r < 0.48 then 'inspection_booked'
      when g.status_r < 0.54 then 'inspected'
      when g.status_r < 0.55 then 'plot_held'
      when g.status_r < 0.56 then 'reserved'
      when g.status_r < 0.61 then 'won'
      else 'lost'
    end as status,
    (${pgArray(FIRST_NAMES)})[g.fname] as first_name,
    (${pgArray(SURNAME_HEADS)})[g.sname / ${SURNAME_TAILS.length} + 1] || (${pgArray(SURNAME_TAILS)})[g.sname % ${SURNAME_TAILS.length} + 1] as surname,
    (${districts})[g.district] as district_slug,
    (select ids[g.agent] from agents) as agent_id
  from g
), ins as (
  insert into interest_submissions (id, title, full_name, email, phone_raw, phone_e164, district, origin, utm_source,
    utm_medium, utm_campaign, referrer, landing_path, idempotency_key, status, spam, spam_reason, fill_ms,
    first_contacted_at, assigned_to, claimed_by, claimed_at, created_at, updated_at)
  select gen_random_uuid(),
    case when chat then null else (array['Mr', 'Mrs', 'Miss'])[n % 3 + 1] end,
    first_name || ' ' || surname,
    case when chat then null else lower(first_name || '.' || surname || n) || '@' || (${pgArray(DOMAINS)})[n % ${DOMAINS.length} + 1] end,
    '080' || lpad(((n * 7919::bigint) % 100000000)::text, 8, '0'),
    '+23480' || lpad(((n * 7919::bigint) % 100000000)::text, 8, '0'),
    case when chat and n % 3 = 0 then null else district_slug end,
    case when chat then 'whatsapp' else 'form' end,
    case when src < 3 then 'facebook' when src < 5 then 'google' when src = 5 then 'instagram' end,
    case when src < 3 or src = 5 then 'paid_social' when src < 5 then 'cpc' end,
    case when src < 3 then 'lugbe-launch' when src < 5 then 'plots-search' when src = 5 then 'reels' end,
    case when src = 6 then 'https://www.google.com/' when src = 7 then 'https://nairaland.com/' end,
    case
      when chat then null
      when src < 3 then '/' || district_slug || '?utm_source=facebook&utm_medium=paid_social&utm_campaign=lugbe-launch&fbclid=IwAR' || substr(md5(n::text), 1, 20)
      when src < 5 then '/' || district_slug || '?utm_source=google&utm_medium=cpc&utm_campaign=plots-search&gclid=Cj0K' || substr(md5(n::text), 1, 20)
      when src = 5 then '/' || district_slug || '?utm_source=instagram&utm_medium=paid_social&utm_campaign=reels'
      else '/' || district_slug
    end,
    '${SEED_KEY_PREFIX}' || n,
    status,
    spam < 0.03,
    case when spam < 0.03 then (array['honeypot', 'too_fast', 'flood'])[n % 3 + 1] end,
    case when chat then null else 20000 + (n * 37) % 300000 end,
    case when status not in ('new', 'spam') then created_at + (5 + n % 600) * interval '1 minute' end,
    case when n % 7 <> 0 then agent_id end,
    case when n % 7 <> 0 and status <> 'new' then agent_id end,
    case when n % 7 <> 0 and status <> 'new' then created_at + (2 + n % 300) * interval '1 minute' end,
    created_at,
    -- Staff touched leads older than about two years within the last 20 months, so the hourly retention job (24
    -- months untouched) does not erase part of the set in the middle of a bench.
    case when age > 660 then now() - random() * interval '600 days' else created_at + random() * least(age, 30) * interval '1 day' end
  from shaped
  returning id, status, created_at, assigned_to, phone_e164, origin, district
), history as (
  insert into lead_activity (lead_id, actor_id, actor_email, action, detail, created_at)
  select i.id, case when k = 1 then null else i.assigned_to end,
    case when k = 1 then 'round-robin' else 'agent@seed-scale.invalid' end,
    case k when 1 then 'assigned' when 2 then 'status_changed' else 'note_added' end,
    case k
      when 1 then jsonb_build_object('to', i.assigned_to)
      when 2 then jsonb_build_object('from', 'new', 'to', i.status)
      else '{}'::jsonb
    end,
    i.created_at + k * interval '7 minutes'
  from ins i, generate_series(1, 3) k
), outbox as (
  insert into outbox_messages (subject_type, subject_id, lead_id, kind, channel, dedupe_key, state, attempts, due_at,
    sent_at, created_at, updated_at)
  select 'lead', i.id, i.id, m.kind, m.channel, 'lead:' || i.id || ':' || m.kind,
    case when i.created_at > now() - interval '2 minutes' then 'queued' else 'sent' end, 1, i.created_at,
    case when i.created_at > now() - interval '2 minutes' then null else i.created_at + interval '3 seconds' end,
    i.created_at, i.created_at
  from ins i, (values ('sales_email', 'email'), ('receipt', 'email')) m(kind, channel)
  where i.origin = 'form'
), notes as (
  insert into lead_notes (lead_id, author_id, author_email, body, created_at)
  select i.id, i.assigned_to, 'agent@seed-scale.invalid', (${pgArray(NOTES)})[abs(hashtext(i.id::text)) % ${NOTES.length} + 1],
    i.created_at + interval '21 minutes'
  from ins i where i.status <> 'new' and abs(hashtext(i.id::text)) % 10 < 3
), bookings as (
  insert into inspection_bookings (slot_id, lead_id, party_size, state, attendance, created_at, updated_at)
  select s.id, i.id, 1 + abs(hashtext(i.id::text)) % 3,
    case when s.starts_at > now() then 'confirmed' when abs(hashtext(i.id::text)) % 10 = 0 then 'cancelled' else 'confirmed' end,
    case when s.starts_at < now() and i.status <> 'inspection_booked' then 'came'
         when s.starts_at < now() then 'no_show' end,
    i.created_at + interval '1 day', i.created_at + interval '1 day'
  from ins i
  join lateral (
    select sl.id, sl.starts_at from inspection_slots sl
    where sl.district = i.district and sl.starts_at > i.created_at + interval '1 day'
      and sl.meeting_point = 'Seed scale meeting point'
    order by sl.starts_at limit 1
  ) s on true
  where i.status in ('inspection_booked', 'inspected', 'plot_held', 'reserved', 'won')
), conversation as (
  insert into lead_messages (lead_id, channel, direction, kind, body, provider_id, status, staff_id, created_at, status_at)
  select i.id, 'whatsapp', d.direction, d.kind, d.body, 'seed-scale-' || gen_random_uuid(),
    d.status, null, i.created_at + d.after, i.created_at + d.after
  from ins i,
    (values ('out', 'first_reply', 'Thank you for your interest. An agent will call you shortly.', 'read', interval '1 minute'),
            ('in', 'text', 'Good afternoon, is the Lugbe plot still available?', 'received', interval '40 minutes'))
      d(direction, kind, body, status, after)
  where i.phone_e164 is not null and (i.origin = 'whatsapp' or abs(hashtext(i.id::text)) % 10 < 3)
)
select count(*) from ins`);
}

main().catch((error) => fail(messageOf(error instanceof Error && error.cause ? error.cause : error)));
