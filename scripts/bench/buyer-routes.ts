/**
 * A buyer's two routes timed in one process, without a Next.js server in the way: POST /api/interest and POST
 * /api/inspections/book, called one at a time as route handlers (the work of the lead's and the booking's statements,
 * nothing of HTTP or the event loop of a server). For finding where a buyer's write spends its time on a large
 * database (docs/benchmarks/0431); the bench's buyers part (./buyers.mjs) measures the routes as a buyer meets them.
 * It writes leads, bookings and two slots: run it on a copy (`createdb -T bench_scale …`), never on the scale set.
 *
 *   DATABASE_URL=… | DATA_DIR=… NODE_ENV=development SESSION_SECRET=… BUYER_ROUTES_N=40 \
 *     tsx --conditions=react-server scripts/bench/buyer-routes.ts
 */
import { randomBytes } from 'node:crypto';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { closeDatabase, getDatabase } from '@/lib/db/client';
import { inspectionSlots } from '@/lib/db/schema';

Object.assign(process.env, {
  RATE_LIMIT_INTEREST: '1000000/600',
  RATE_LIMIT_INTEREST_56: '1000000/600',
  RATE_LIMIT_INTEREST_48: '1000000/600',
  RATE_LIMIT_INTEREST_SITE: '1000000/60',
  MIN_FILL_MS: '0',
});
const { POST: interest } = await import('@/app/api/interest/route');
const { POST: book } = await import('@/app/api/inspections/book/route');

const N = Number(process.env.BUYER_ROUTES_N ?? 40);
const runId = randomBytes(4).toString('hex');
const { db } = await getDatabase();
try {
  // 10:00 in Lagos three days ahead, every seat a slot may have: open for booking whatever the cut-off.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = await db
    .insert(inspectionSlots)
    .values(
      DISTRICT_CHOICES.map((district) => ({ district, startsAt: new Date(`${day}T09:00:00Z`), kind: 'on_site' as const, seats: 500 })),
    )
    .returning({ id: inspectionSlots.id, district: inspectionSlots.district });
  const slotOf = Object.fromEntries(slots.map((slot) => [slot.district, slot.id]));

  let visitor = 0;
  const call = async (route: 'interest' | 'booking') => {
    const i = ++visitor;
    const lead = {
      title: 'Mrs',
      fullname: `Buyer ${runId} ${i}`,
      email: `buyer-${runId}-${i}@example.com`,
      phonenumber: `0809${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
      district: i % 2 ? 'Moniya, Ibadan' : 'Lugbe, Abuja',
      form_started_at: Date.now() - 10_000,
    };
    const body = route === 'interest' ? lead : { ...lead, slot: slotOf[lead.district], party: 1, wait: true };
    const request = new Request(`http://localhost/api/${route === 'interest' ? 'interest' : 'inspections/book'}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `buyer-routes-${runId}-${i}`,
        'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
      },
      body: JSON.stringify(body),
    });
    const begun = performance.now();
    const response = await (route === 'interest' ? interest : book)(request);
    const ms = performance.now() - begun;
    if (response.status < 200 || response.status > 299) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return ms;
  };
  // Warm: the modules loaded, the statements prepared, the pool's connections made.
  for (let k = 0; k < 6; k++) await call(k % 2 ? 'booking' : 'interest');
  const times = { interest: [] as number[], booking: [] as number[] };
  for (let k = 0; k < 2 * N; k++) {
    const route = k % 2 ? 'booking' : 'interest';
    times[route].push(await call(route));
  }
  const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)];
  for (const [route, values] of Object.entries(times))
    console.log(
      `${route}: n ${values.length}, p50 ${at(values, 0.5).toFixed(1)} ms, p95 ${at(values, 0.95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`,
    );
} finally {
  await closeDatabase();
}
