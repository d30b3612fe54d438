/**
 * Usage billed exactly once across SIGKILLs of the process that closes periods (issue 28): a
 * Recur child running the scheduler and the worker (test/helpers/recur-child.ts) bills the usage
 * of many subscriptions' daily periods, in small batches, and is SIGKILLed while it does, once per
 * period: half the rounds inside a batch's transaction (after its invoices took their numbers,
 * with the usage lines and their records written or about to be: `finalize:numbered`), the other
 * half between batches, as soon as a first batch of the day has committed (its charges possibly in
 * flight). A healthy child then takes over. The test process holds the API only: usage
 * events are sent at the clock's time, into the current period, in batches with repeated
 * transaction_ids, and the test keeps what was accepted. At the end every accepted event lies in
 * exactly one billed usage line, whose quantity and amount are those of the events of its period;
 * no period is billed twice (C20, one invoice per period); no invoice is charged twice (I1).
 * (Kills of the ingest API: test/billing/usage/ingest-kill.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { createCard, createClock, createPlan, settle, subscribe } from '../../helpers/billing.ts';
import { billingCounts, checkCrossPath, checkInvariants, checkUsageBilling } from '../../helpers/invariants.ts';
import { killAllChildren, startRecurChild, type RecurChild } from '../../helpers/recur-child.ts';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

const DAY = 86_400_000;
const T0 = Date.parse('2031-05-01T00:00:00.000Z');
const SUBS = 24;
const ROUNDS = 4;
const CAPS = { per24Hours: 100, per30Days: 1000 };
const CHILD_ENV = {
  LOG_LEVEL: 'warn',
  // Small batches, ticking often: a close is several transactions, so a kill can fall between them.
  SCHEDULER_BATCH_SIZE: '5',
  SCHEDULER_TICK_MS: '50',
  WORKER_LOCK_MS: '2000',
  SWEEP_INTERVAL_MS: '500',
  SWEEP_GRACE_MS: '1000',
};

/** calls: counted, graduated (3 free, then 20 each); bytes: `n` summed, 2 each. */
const PRICES = [
  {
    metric_code: 'calls',
    model: 'graduated',
    tiers: [
      { up_to: 3, unit_amount: 0 },
      { up_to: null, unit_amount: 20 },
    ],
  },
  { metric_code: 'bytes', model: 'per_unit', unit_amount: 2 },
];
type Code = 'calls' | 'bytes';
const PRICE: Record<Code, (q: number) => number> = { calls: (q) => Math.max(0, q - 3) * 20, bytes: (q) => 2 * q };

let app: TestApp;
let api: ApiClient;
let merchantId: string;
const children: RecurChild[] = [];

beforeAll(async () => {
  app = await startTestApp({
    env: { LOG_LEVEL: 'warn', NETWORK_CAP_24_HOURS: String(CAPS.per24Hours), NETWORK_CAP_30_DAYS: String(CAPS.per30Days) },
  });
  const merchant = await app.newMerchant('Usage close kills');
  merchantId = merchant.merchant_id;
  api = app.client('sandbox', merchant.sandbox);
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') for (const c of children) console.error(c.output());
});
afterAll(async () => {
  await killAllChildren();
  await app?.close();
});

/** The usage periods billed so far that start at `start` (one per subscription and metric once the day is closed). */
async function billedOf(start: number): Promise<number> {
  const [row] = await app.runtime.sql.query<{ n: number }>(
    `select count(*)::int as n from billing.usage_billed_periods u join billing.subscriptions s on s.id = u.subscription_id
      where s.merchant_id = $1 and u.period_start = $2`,
    [merchantId, new Date(start)],
  );
  return row!.n;
}

function child(options: { killAt?: string; name: string }): RecurChild {
  const c = startRecurChild(app.config, { roles: 'both', env: CHILD_ENV, ...options });
  children.push(c);
  return c;
}

describe('the scheduler SIGKILLed while it closes periods that bill usage', () => {
  it('bills every accepted event in exactly one usage line, no period twice, no charge twice', async () => {
    for (const metric of [
      { code: 'calls', name: 'Calls', aggregation: 'count' },
      { code: 'bytes', name: 'Bytes', aggregation: 'sum', field: 'n' },
    ]) {
      const res = await api.post('/billable_metrics', metric);
      expect(res.status, res.text).toBe(201);
    }
    const plan = await createPlan(api, { amount: 1000, interval: 'day', prices: PRICES });
    const card = await createCard(api);
    const clock = await createClock(api, new Date(T0).toISOString());
    const subs: string[] = [];
    for (let i = 0; i < SUBS; i++) {
      subs.push(
        (await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_reference: `u${i}`, test_clock_id: clock.id })).id,
      );
    }
    // The first invoices (no usage: they close no period), by a healthy child.
    let healthy = child({ name: 'healthy 0' });
    await healthy.ready();
    await settle(api, clock.id, 120_000);
    await healthy.stop();

    /** Every event accepted: transaction_id → subscription, metric, timestamp, n. */
    const accepted = new Map<string, { sub: string; code: Code; at: number; n: number }>();
    let tx = 0;
    let duplicates = 0;
    let killedInBatch = 0;
    const atKill: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The clock stands at the start of the current period (the close of the round before).
      const now = T0 + round * DAY;
      // Events at the clock's time for every subscription, in one batch: a few per metric, some
      // transaction_ids repeated (within the batch, and from the round before: duplicates).
      const events = subs.flatMap((sub, i) =>
        Array.from({ length: 1 + ((i + round) % 7) }, (_, k) => {
          const again = k === 2 && accepted.size > 0 ? [...accepted.keys()][(i * 7 + round) % accepted.size]! : null;
          const id = again ?? (k === 4 ? `tx-${tx - 1}` : `tx-${tx++}`);
          return {
            transaction_id: id,
            subscription_id: sub,
            code: (k % 3 === 1 ? 'bytes' : 'calls') as Code,
            timestamp: new Date(now).toISOString(),
            properties: { n: 10 * (k + 1) + i },
          };
        }),
      );
      const sent = await api.post('/usage_events', { events });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.response.refused, sent.text).toBe(0);
      const seen = new Set<string>();
      for (const [i, e] of events.entries()) {
        const expected = accepted.has(e.transaction_id) || seen.has(e.transaction_id) ? 'duplicate' : 'accepted';
        expect(sent.body.response.events[i].status, e.transaction_id).toBe(expected);
        seen.add(e.transaction_id);
        if (expected === 'accepted') accepted.set(e.transaction_id, { sub: e.subscription_id, code: e.code, at: now, n: e.properties.n });
        else duplicates++;
      }

      // The period closes: the next day begins. The closing process is killed in it.
      const inBatch = round % 2 === 0;
      const killer = child({ name: `killer ${round}`, ...(inBatch ? { killAt: 'finalize:numbered' } : {}) });
      await killer.ready();
      const close = T0 + (round + 1) * DAY;
      const res = await api.post(`/test_clocks/${clock.id}/advance`, { frozen_time: new Date(close).toISOString() });
      expect(res.status, res.text).toBe(200);
      if (inBatch) {
        await killer.waitFor('a batch closing periods, numbered', (ms) => ms.some((m) => m.type === 'at'), 60_000);
        killedInBatch++;
      } else {
        // Between batches: as soon as the first of the day's periods is billed (committed), the rest not yet.
        const deadline = Date.now() + 60_000;
        while ((await billedOf(now)) === 0) {
          expect(Date.now(), 'a first period of the day billed').toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      await killer.kill();
      // How far the close had gone when the kill fell: the periods of this day billed by then.
      atKill.push(`${await billedOf(now)}/${SUBS * 2}`);
      // Mid-recovery: nothing billed twice, nothing charged twice.
      expect(await checkUsageBilling(app.config.DATABASE_URL, { merchantId })).toEqual([]);
      expect(
        (await checkInvariants(app.config.DATABASE_URL, { graceMs: 600_000, unresolvedWindowMs: 600_000 })).filter(
          (v) => v.invariant === 'I1',
        ),
      ).toEqual([]);
      // A healthy process takes over and finishes the close.
      healthy = child({ name: `healthy ${round} (close)` });
      await healthy.ready();
      await settle(api, clock.id, 120_000);
      await healthy.stop();
    }
    expect(killedInBatch).toBe(ROUNDS / 2);
    expect(duplicates).toBeGreaterThan(0);

    // The rules across paths (C20 among them) and no double charge.
    expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId, caps: CAPS })).toEqual([]);
    expect(await checkInvariants(app.config.DATABASE_URL)).toEqual([]);
    const counts = await billingCounts(app.config.DATABASE_URL);
    expect(counts.maxChargesPerInvoice).toBe(1);
    // One invoice per subscription and period: the first, and one per period closed.
    const invoices = await app.runtime.sql.query<{ sub: string; periods: number; distinct: number; paid: number }>(
      `select subscription_id as sub, count(*)::int as periods, count(distinct period_start)::int as distinct,
              count(*) filter (where status = 'paid')::int as paid
         from billing.invoices where merchant_id = $1 group by subscription_id`,
      [merchantId],
    );
    expect(invoices).toHaveLength(SUBS);
    for (const i of invoices) expect(i, i.sub).toMatchObject({ periods: ROUNDS + 1, distinct: ROUNDS + 1, paid: ROUNDS + 1 });

    // The events stored are those accepted, each once.
    const stored = await app.runtime.sql.query<{ tx: string }>(
      `select e.transaction_id as tx from billing.usage_events e join billing.subscriptions s on s.id = e.subscription_id
        where s.merchant_id = $1 order by 1`,
      [merchantId],
    );
    expect(stored.map((e) => e.tx)).toEqual([...accepted.keys()].sort());
    // Each period of each subscription billed once per metric, by its line and record, at the quantity of its events.
    const lines = await app.runtime.sql.query<{
      sub: string;
      code: Code;
      start: number;
      end: number;
      quantity: number;
      amount: number;
      recorded: number | null;
    }>(
      `select i.subscription_id as sub, l->>'metric_code' as code,
              (extract(epoch from (l->>'period_start')::timestamptz) * 1000)::float8 as start,
              (extract(epoch from (l->>'period_end')::timestamptz) * 1000)::float8 as "end",
              (l->>'quantity')::int as quantity, (l->>'amount')::int as amount, u.quantity::int as recorded
         from billing.invoices i cross join jsonb_array_elements(i.lines) l
         left join billing.usage_billed_periods u
           on u.invoice_id = i.id and u.metric_code = l->>'metric_code' and u.period_start = (l->>'period_start')::timestamptz
        where i.merchant_id = $1 and l->>'kind' = 'usage'`,
      [merchantId],
    );
    expect(lines).toHaveLength(SUBS * ROUNDS * 2);
    const events = [...accepted.values()];
    for (const line of lines) {
      const inRange = events.filter((e) => e.sub === line.sub && e.code === line.code && e.at >= line.start && e.at < line.end);
      const quantity = line.code === 'calls' ? inRange.length : inRange.reduce((s, e) => s + e.n, 0);
      expect([line.quantity, line.recorded, line.amount], `${line.sub} ${line.code} ${new Date(line.start).toISOString()}`).toEqual([
        quantity,
        quantity,
        PRICE[line.code](quantity),
      ]);
    }
    for (const [id, e] of accepted) {
      const covering = lines.filter((l) => l.sub === e.sub && l.code === e.code && e.at >= l.start && e.at < l.end);
      expect(covering, `event ${id}`).toHaveLength(1);
    }
    console.log(
      `usage close kills: ${SUBS} subscriptions x ${ROUNDS} daily periods, ${accepted.size} events accepted (${duplicates} duplicates), ` +
        `${ROUNDS} kills (${killedInBatch} inside a batch's transaction, the others after a first batch's commit; usage lines of the closing day billed at each kill: ${atKill.join(', ')}), ${lines.length} usage lines, each event in one`,
    );
  });
});
