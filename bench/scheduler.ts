/**
 * Scheduler tick cost with a large table: N subscriptions of which D are due (default
 * 1,000,000 and 1,000). The tick must cost what is due, not what is stored. Baseline in the same
 * run: the same tick against a table holding only the D due rows.
 *
 *   node bench/scheduler.ts [--total 1000000] [--due 1000] [--repeat 5]
 */
import { parseArgs } from 'node:util';
import { benchEnv, seedSubscriptions } from './support.ts';
import { runSchedulerTick } from '../src/scheduler/scheduler.service.ts';
import { schedulerDeps } from '../src/composition/roles.ts';
import { ManualClock } from '../src/platform/clock.ts';

const { values } = parseArgs({
  options: {
    total: { type: 'string', default: '1000000' },
    due: { type: 'string', default: '1000' },
    repeat: { type: 'string', default: '5' },
  },
});
const TOTAL = Number(values.total);
const DUE = Number(values.due);
const REPEAT = Number(values.repeat);

async function measure(total: number): Promise<{ tickMs: number[]; idleMs: number[] }> {
  const env = await benchEnv();
  try {
    const now = new Date('2027-01-01T00:00:00Z');
    const t0 = performance.now();
    await seedSubscriptions(env.runtime, env.merchantId, 'benchcardtoken000001', total, DUE, now);
    console.error(`seeded ${total} subscriptions in ${Math.round(performance.now() - t0)} ms`);
    const tickMs: number[] = [];
    const idleMs: number[] = [];
    // The same clock every round: each round makes the same D rows due again (their next period).
    const clock = new ManualClock(now);
    for (let r = 0; r < REPEAT; r++) {
      if (r > 0) {
        await env.runtime.sql.query(`update billing.subscriptions set next_charge_at = $1 where customer_reference = any($2::text[])`, [
          new Date(now.getTime() - 1000),
          Array.from({ length: DUE }, (_, i) => `cust-${i + 1}`),
        ]);
      }
      const deps = { ...schedulerDeps(env.runtime), clock };
      let start = performance.now();
      const claimed = await runSchedulerTick(deps);
      tickMs.push(performance.now() - start);
      if (claimed !== DUE) throw new Error(`claimed ${claimed}, expected ${DUE}`);
      start = performance.now();
      await runSchedulerTick(deps);
      idleMs.push(performance.now() - start);
    }
    return { tickMs, idleMs };
  } finally {
    await env.cleanup();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = await measure(DUE);
const big = await measure(TOTAL);
console.table([
  { table: `${DUE} rows, all due`, 'tick ms (median)': median(base.tickMs).toFixed(1), 'idle tick ms': median(base.idleMs).toFixed(2) },
  { table: `${TOTAL} rows, ${DUE} due`, 'tick ms (median)': median(big.tickMs).toFixed(1), 'idle tick ms': median(big.idleMs).toFixed(2) },
]);
console.log(`tick with ${TOTAL} rows / tick with ${DUE} rows: ${(median(big.tickMs) / median(base.tickMs)).toFixed(2)}x`);
console.log(`per due subscription: ${((median(big.tickMs) / DUE) * 1000).toFixed(0)} us (claim, invoice, advance, events, enqueue)`);
