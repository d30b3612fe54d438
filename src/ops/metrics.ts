import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queue } from 'bullmq';
import type { Clock } from '../platform/clock.ts';
import type { SqlPool } from '../platform/sql.ts';
import type { ChargeResult } from '../billing/billing-jobs.ts';
import { SWEEPS, type SweepName } from '../scheduler/reconciler.ts';

/** Job states a queue reports; `completed` counts from BullMQ's worker metrics (the completed jobs kept are only the last day's). */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/**
 * The oldest charge that is due and not settled, outside test clocks: a subscription due and not
 * yet invoiced, an invoice not yet charged, or a dunning retry whose time has come. Invoices held
 * for a card update wait for the merchant, not for Recur, and do not count.
 */
const DUE_LAG_SQL = `
select extract(epoch from ($1::timestamptz - min(due)))::float8 as lag from (
  (select min(next_charge_at) as due from billing.subscriptions
    where test_clock_id is null and status in ('trialing', 'active', 'past_due') and next_charge_at <= $1)
  union all
  (select min(i.period_start) from billing.invoices i
    where i.status = 'open'
      and not exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is not null))
  union all
  (select min(i.next_attempt_at) from billing.invoices i
    where i.status = 'past_due' and not i.held_for_card and i.next_attempt_at <= $1
      and exists (select 1 from billing.subscriptions s where s.id = i.subscription_id and s.test_clock_id is null))
) owed`;

export interface RecurMetrics {
  readonly registry: Registry;
  /** A job finished on a worker of this process. */
  observeJob(queue: string, outcome: 'completed' | 'failed', durationMs: number | undefined): void;
  /** Charges this process recorded (workers, and manual retries through the API). */
  observeCharges(results: readonly ChargeResult[]): void;
  /** Times one call to the gateway. */
  timeGateway<T>(operation: string, call: () => Promise<T>, outcomeOf: (value: T) => string): Promise<T>;
  webhookFailed(final: boolean): void;
  /**
   * What one of the reconciler's sweeps found: owed work handed back (jobs Redis lost or that
   * failed for good, stuck attempts, holds, deliveries), test clocks settled, pending upstream
   * outcomes resolved. A sweep of the first kind also counts in the label-less repairs total.
   */
  reconcilerRepaired(count: number, sweep?: SweepName): void;
  /** A fault of ours at the upstream gateway (refused login, 429, no connection, not-a-gateway answer). */
  upstreamFault(fault: string): void;
}

export interface MetricsDeps {
  queues: readonly Queue[];
  sql: SqlPool;
  clock: Clock;
  /** The upstream gateway link as last seen (`ok`, `refusing`, `unreachable`, `unknown`); absent without one. */
  upstreamState?: () => string;
}

/**
 * A label-less prom-client gauge always reports a sample (0 after `reset()`), and a 0 would say
 * "nothing owed" while PostgreSQL cannot tell. This one reports no sample when the read failed,
 * so the series disappears and `absent(recur_due_lag_seconds)` fires; the scrape still succeeds.
 */
class DueLagGauge extends Gauge {
  #unknown = false;

  constructor(deps: MetricsDeps, registry: Registry) {
    let self: DueLagGauge | undefined;
    super({
      name: 'recur_due_lag_seconds',
      help: 'Now minus the oldest charge that is due and not settled (0 when none is owed; no sample while PostgreSQL is unreachable)',
      registers: [registry],
      async collect() {
        try {
          const [row] = await deps.sql.query<{ lag: number | null }>(DUE_LAG_SQL, [deps.clock.now()]);
          this.set(Math.max(0, row?.lag ?? 0));
          self!.#unknown = false;
        } catch {
          self!.#unknown = true;
        }
      },
    });
    self = this;
  }

  override async get(): ReturnType<Gauge['get']> {
    const metric = await super.get();
    return this.#unknown ? { ...metric, values: [] } : metric;
  }
}

/** The sweeps that hand lost jobs back to the queues: what `recur_reconciler_repairs_total` has always counted. */
const REPAIRS = new Set<SweepName>(['owed_charges', 'lost_holds', 'lost_deliveries']);

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics of one Recur process, in a registry of its own. Counters and histograms
 * count what this process did; queue depths and due lag are read from Redis and PostgreSQL at
 * scrape time, so every process reports the same cluster-wide values (aggregate them with max).
 */
export function createMetrics(deps: MetricsDeps): RecurMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'recur_' });

  new Gauge({
    name: 'recur_queue_jobs',
    help: 'Jobs in each queue by state; completed is the total BullMQ counted since its metrics began',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      // A scrape while Redis is down still returns the process's own counters; these series go missing.
      this.reset();
      await Promise.all(
        deps.queues.map(async (queue) => {
          const [counts, completed] = await Promise.all([queue.getJobCounts(...QUEUE_STATES), queue.getMetrics('completed', 0, 0)]);
          for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          this.set({ queue: queue.name, state: 'completed' }, completed.meta.count);
        }),
      ).catch(() => this.reset());
    },
  });
  new DueLagGauge(deps, registry);
  const jobs = new Counter({
    name: 'recur_jobs_processed_total',
    help: 'Jobs this process finished, by queue and outcome (failed includes failures BullMQ retries)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'recur_job_duration_seconds',
    help: 'Time from a worker taking a job to finishing it, by queue',
    labelNames: ['queue'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const charges = new Counter({
    name: 'recur_charges_total',
    help: 'Charge attempts this process recorded, by outcome and decline class',
    labelNames: ['outcome', 'decline_class'],
    registers: [registry],
  });
  const charged = new Counter({
    name: 'recur_charged_amount_minor_total',
    help: 'Approved amounts this process recorded, in minor units, by currency',
    labelNames: ['currency'],
    registers: [registry],
  });
  const chargeDuration = new Histogram({
    name: 'recur_charge_duration_seconds',
    help: 'Time to run one charge or retry job (attempt written, gateway called, outcome recorded)',
    labelNames: ['queue'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const gatewayDuration = new Histogram({
    name: 'recur_gateway_request_duration_seconds',
    help: 'Calls from billing to the payment gateway, by operation and outcome',
    labelNames: ['operation', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: 'recur_webhook_delivery_failures_total',
    help: 'Failed webhook delivery tries; final="true" when the delivery gave up',
    labelNames: ['final'],
    registers: [registry],
  });
  const repairs = new Counter({
    name: 'recur_reconciler_repairs_total',
    help: 'Owed charges and holds the sweep handed back to the queues',
    registers: [registry],
  });
  // Per sweep, beside the label-less total (kept as it was for existing alerts): every sweep has a series from the start.
  const swept = new Counter({
    name: 'recur_reconciler_swept_total',
    help: 'What each reconciler sweep found: owed work handed back to the queues, test clocks settled, pending upstream outcomes resolved',
    labelNames: ['sweep'],
    registers: [registry],
  });
  for (const sweep of SWEEPS) swept.inc({ sweep }, 0);
  for (const name of ['charge', 'retry']) chargeDuration.zero({ queue: name });
  const upstreamFaults = new Counter({
    name: 'recur_upstream_faults_total',
    help: 'Production calls the upstream gateway refused or never received (nothing charged), by fault',
    labelNames: ['fault'],
    registers: [registry],
  });
  if (deps.upstreamState) {
    const state = deps.upstreamState;
    for (const fault of ['refused', 'rate_limited', 'not_connected', 'bad_answer']) upstreamFaults.inc({ fault }, 0);
    new Gauge({
      name: 'recur_upstream_up',
      help: 'The upstream gateway as last seen: 1 answering, 0 refusing Recur or unreachable, -1 not yet asked (label state)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.reset();
        const now = state();
        this.set({ state: now }, now === 'ok' ? 1 : now === 'unknown' ? -1 : 0);
      },
    });
  }

  return {
    registry,
    observeJob(queue, outcome, durationMs) {
      jobs.inc({ queue, outcome });
      if (durationMs === undefined) return;
      jobDuration.observe({ queue }, durationMs / 1000);
      if (queue === 'charge' || queue === 'retry') chargeDuration.observe({ queue }, durationMs / 1000);
    },
    observeCharges(results) {
      for (const result of results) {
        switch (result.kind) {
          case 'recorded':
            charges.inc({ outcome: result.status, decline_class: result.declineClass ?? 'none' });
            if (result.status === 'approved') charged.inc({ currency: result.currency }, result.amount);
            break;
          case 'unknown':
            charges.inc({ outcome: 'unknown', decline_class: 'none' });
            break;
          case 'skipped':
            charges.inc({ outcome: 'skipped', decline_class: 'none' });
            break;
          default: {
            const unreachable: never = result;
            throw new Error(`unexpected charge result ${JSON.stringify(unreachable)}`);
          }
        }
      }
    },
    async timeGateway(operation, call, outcomeOf) {
      const end = gatewayDuration.startTimer({ operation });
      try {
        const value = await call();
        end({ outcome: outcomeOf(value) });
        return value;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      }
    },
    webhookFailed(final) {
      webhookFailures.inc({ final: String(final) });
    },
    upstreamFault(fault) {
      upstreamFaults.inc({ fault });
    },
    reconcilerRepaired(count, sweep = 'owed_charges') {
      if (count <= 0) return;
      swept.inc({ sweep }, count);
      if (REPAIRS.has(sweep)) repairs.inc(count);
    },
  };
}
