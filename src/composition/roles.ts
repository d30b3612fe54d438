import type { Worker } from 'bullmq';
import type { Runtime } from './runtime.ts';
import { httpLimits, startApiListeners, type ApiListeners } from './servers.ts';
import type { TlsMaterial } from '../platform/tls.ts';
import { createQueueConnection, type QueueConnection } from '../queues/queue-backend.ts';
import { queueSettings } from './runtime.ts';
import {
  enqueueCharges,
  enqueueExpiryUpdates,
  enqueueRetries,
  enqueueWebhooks,
  QUEUE_NAMES,
  trimCompletedJobs,
  type QueueName,
} from '../queues/queues.ts';
import { startWebhookWorker } from '../../workers/webhook.worker.ts';
import { readFileSync } from 'node:fs';
import { startRetryWorker } from '../../workers/retry.worker.ts';
import { startExpiryUpdateWorker } from '../../workers/expiry-update.worker.ts';
import type { ChargeDeps, ChargeHooks, FinalizeHooks } from '../billing/billing-jobs.ts';
import { startSchedulerLoop, type SchedulerHandle } from '../scheduler/scheduler-loop.ts';
import type { SchedulerDeps } from '../scheduler/scheduler.service.ts';
import { sweepPendingUpstream } from '../scheduler/reconciler.ts';
import { startChargeWorker } from '../../workers/charge.worker.ts';
import { buildOpsServer } from '../ops/ops-server.ts';
import type { HttpServer } from '../platform/http/server-kit.ts';
import type { RecurMetrics } from '../ops/metrics.ts';
import type { AddressInfo } from 'node:net';
import { startEmailSender, type EmailSenderHandle } from '../notifications/email-sender.ts';

export interface Roles {
  api: boolean;
  scheduler: boolean;
  workers: boolean;
}

export interface RoleOptions {
  /** Which queues this process works (all by default). */
  queues?: readonly QueueName[];
  tls?: TlsMaterial;
  ports?: { sandbox: number; production: number };
  /** The ops listener's port (OPS_PORT by default; 0 picks a free one). Needs `tls`. */
  opsPort?: number;
  concurrency?: number;
  hooks?: ChargeHooks;
  /** Test hooks inside the scheduler's finalizations (the gap-free kill test). */
  finalizeHooks?: FinalizeHooks;
}

export interface RecurProcess {
  listeners: ApiListeners | null;
  scheduler: SchedulerHandle | null;
  workers: Worker[];
  /** The e-mail sender's loop (with the workers), or null. */
  emails: EmailSenderHandle | null;
  /** The ops listener (`/livez`, `/readyz`, `/metrics`, `/ops/queues`), when OPS_ENABLED and TLS material was given. */
  ops: { server: HttpServer; url: string } | null;
  /** Stops accepting work, lets active jobs finish, then closes connections (the runtime included). */
  close(): Promise<void>;
}

export function schedulerDeps(runtime: Runtime, finalizeHooks?: FinalizeHooks): SchedulerDeps {
  return {
    sql: runtime.sql,
    clock: runtime.clock,
    logger: runtime.logger.child({ role: 'scheduler' }),
    enqueue: (jobs) => enqueueCharges(runtime.queues, jobs),
    requeue: (jobs) => enqueueCharges(runtime.queues, jobs),
    enqueueRetries: (jobs) => enqueueRetries(runtime.queues, jobs),
    enqueueExpiryUpdates: (jobs) => enqueueExpiryUpdates(runtime.queues, jobs),
    batchSize: runtime.config.SCHEDULER_BATCH_SIZE,
    expiringLeadDays: runtime.config.CARD_EXPIRING_LEAD_DAYS,
    links: runtime.links,
    retryGraceMs: runtime.config.SWEEP_GRACE_MS,
    enqueueWebhooks: (ids) => enqueueWebhooks(runtime.queues, ids),
    settleRefunds: () => runtime.billing.settleLeftRefunds(),
    finalizeHooks,
  };
}

export function chargeDeps(runtime: Runtime, hooks?: ChargeHooks): ChargeDeps {
  return {
    sql: runtime.sql,
    clock: runtime.clock,
    logger: runtime.logger.child({ role: 'worker' }),
    gateway: runtime.billingGateway,
    hooks,
    caps: { per30Days: runtime.config.NETWORK_CAP_30_DAYS, per24Hours: runtime.config.NETWORK_CAP_24_HOURS },
    retryLeaseMs: runtime.config.RETRY_CARD_LEASE_MS,
    links: runtime.links,
  };
}

/** The e-mail sender's dependencies: PDFs through billing's use cases, links signed by the runtime's keys. */
export function emailSenderDeps(runtime: Runtime) {
  return {
    sql: runtime.sql,
    clock: runtime.clock,
    logger: runtime.logger.child({ role: 'emails' }),
    links: runtime.links,
    documents: { invoicePdf: runtime.billing.invoicePdf, creditNotePdf: runtime.billing.creditNotePdf },
    smtpUrl: runtime.config.SMTP_URL,
    backoffBaseMs: runtime.config.EMAIL_BACKOFF_BASE_MS,
    maxAttempts: runtime.config.EMAIL_MAX_ATTEMPTS,
  };
}

/** Starts the roles this process runs: `recur start` runs all three. */
export async function startRoles(runtime: Runtime, roles: Roles, options: RoleOptions = {}): Promise<RecurProcess> {
  const { config, logger } = runtime;
  let listeners: ApiListeners | null = null;
  let scheduler: SchedulerHandle | null = null;
  const workers: Worker[] = [];
  let workerConnection: QueueConnection | null = null;
  const extraClosers: (() => Promise<void>)[] = [];
  let emails: EmailSenderHandle | null = null;
  if (roles.scheduler) {
    scheduler = startSchedulerLoop(
      schedulerDeps(runtime, options.finalizeHooks),
      {
        tickMs: config.SCHEDULER_TICK_MS,
        sweepMs: config.SWEEP_INTERVAL_MS,
        sweepGraceMs: config.SWEEP_GRACE_MS,
        onSwept: (count, sweep) => runtime.metrics.reconcilerRepaired(count, sweep),
      },
      logger.child({ role: 'scheduler' }),
    );
    runtime.pokeScheduler = () => scheduler?.poke();
  }
  if (roles.workers) {
    workerConnection = createQueueConnection(queueSettings(config, 'worker'));
    const deps = chargeDeps(runtime, options.hooks);
    const common = {
      connection: workerConnection,
      concurrency: options.concurrency ?? config.WORKER_CONCURRENCY,
      lockDurationMs: config.WORKER_LOCK_MS,
      stalledIntervalMs: config.WORKER_STALLED_INTERVAL_MS,
      // Run once every queue of the process is open (below).
      autorun: false,
    };
    const afterCharge = runtime.afterCharge;
    const works = new Set<QueueName>(options.queues ?? QUEUE_NAMES);
    if (works.has('charge'))
      workers.push(startChargeWorker({ ...deps, logger: logger.child({ role: 'worker', queue: 'charge' }) }, { ...common, afterCharge }));
    if (works.has('retry'))
      workers.push(startRetryWorker({ ...deps, logger: logger.child({ role: 'worker', queue: 'retry' }) }, { ...common, afterCharge }));
    if (works.has('expiry-update')) {
      workers.push(
        startExpiryUpdateWorker(
          {
            sql: runtime.sql,
            clock: runtime.clock,
            links: runtime.links,
            logger: logger.child({ role: 'worker', queue: 'expiry-update' }),
          },
          common,
        ),
      );
    }
    if (works.has('webhook')) {
      const webhooks = startWebhookWorker(
        {
          sql: runtime.sql,
          clock: runtime.clock,
          logger: logger.child({ role: 'worker', queue: 'webhook' }),
          secretKey: runtime.webhookKey,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          backoffBaseMs: config.WEBHOOK_BACKOFF_BASE_MS,
          ca: config.WEBHOOK_CA_FILE ? readFileSync(config.WEBHOOK_CA_FILE, 'utf8') : undefined,
          allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_URLS ?? config.NODE_ENV !== 'production',
        },
        common,
      );
      workers.push(webhooks.worker);
      extraClosers.push(() => webhooks.close());
    }
  }
  for (const worker of workers) observeWorker(worker, runtime.metrics);
  // On PostgreSQL the completion trims kept jobs by age only; the worker trims them to the count (KEEP_COMPLETED).
  if (workerConnection?.backend === 'postgres') {
    for (const worker of workers) {
      const queue = runtime.queues.all().find((q) => q.name === worker.name)!;
      const stop = trimCompletedJobs(worker, queue, runtime.queues.keepCompleted.count, (err) =>
        logger.warn({ err, queue: queue.name }, 'trimming completed jobs failed; the next trim tries again'),
      );
      extraClosers.push(stop);
    }
  }
  if (config.UPSTREAM_GATEWAY_URL && (roles.api || roles.scheduler)) extraClosers.push(startPendingResolver(runtime));
  let ops: RecurProcess['ops'] = null;
  try {
    // Every queue and worker of the process opens before any job runs. On PostgreSQL, opening one
    // migrates BullMQ's schema under an advisory lock held in a transaction the client drives, so a
    // process frozen while still opening one (a pause, SIGSTOP) would hold every other process's
    // queues shut; frozen mid-job it holds nothing (QUEUE_IDLE_IN_TRANSACTION_TIMEOUT_MS bounds the
    // rest).
    await Promise.all([...runtime.queues.all(), ...workers].map((q) => q.waitUntilReady()));
    for (const worker of workers) worker.run().catch((err: unknown) => worker.emit('error', err as Error));
    if (roles.workers) {
      emails = startEmailSender(emailSenderDeps(runtime), config.EMAIL_SEND_INTERVAL_MS);
      extraClosers.push(() => emails!.stop());
    }
    if (roles.api) {
      if (!options.tls) throw new Error('the API role needs TLS material');
      listeners = await startApiListeners(runtime, options.tls, options.ports);
    }
    if (config.OPS_ENABLED && options.tls) {
      const server = buildOpsServer({
        tls: options.tls,
        logger: logger.child({ listener: 'ops' }),
        readiness: runtime.readiness,
        metrics: runtime.metrics,
        queues: runtime.queues.all(),
        credentials: { username: config.OPS_USERNAME, password: runtime.secrets.opsPassword },
        adminCredentials: { username: config.OPS_ADMIN_USERNAME, password: runtime.secrets.opsAdminPassword },
        loginThrottle: {
          maxFailures: config.AUTH_MAX_FAILURES,
          maxFailuresPerAddress: config.AUTH_MAX_FAILURES_PER_ADDRESS,
          windowSeconds: config.AUTH_FAILURE_WINDOW_SECONDS,
        },
        limits: httpLimits(config),
      });
      await server.listen({ host: config.OPS_HOST, port: options.opsPort ?? config.OPS_PORT });
      const { port } = server.server.address() as AddressInfo;
      ops = { server, url: `https://${config.OPS_HOST.includes(':') ? `[${config.OPS_HOST}]` : config.OPS_HOST}:${port}` };
    }
  } catch (err) {
    // A port in use: close what already started rather than leave workers running with no way to stop them.
    await listeners?.close();
    await scheduler?.stop();
    await Promise.all(workers.map((w) => w.close(true)));
    await Promise.all(extraClosers.map((close) => close()));
    await workerConnection?.close();
    throw err;
  }
  let closing: Promise<void> | null = null;
  return {
    listeners,
    scheduler,
    workers,
    emails,
    ops,
    close() {
      closing ??= (async () => {
        // Orchestrators see /readyz fail first, and stop routing here while the rest drains.
        runtime.readiness.markShuttingDown();
        // One deadline for the scheduler's tick in progress and the workers' active jobs together.
        const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
        await listeners?.close();
        await scheduler?.stop(config.SHUTDOWN_TIMEOUT_MS);
        // Active jobs may finish within the shutdown timeout; past it, workers stop at once (their
        // jobs' locks lapse and another worker finishes them: the charge path makes that harmless).
        const graceful = Promise.all(workers.map((w) => w.close()));
        const timedOut = await Promise.race([
          graceful.then(() => false),
          new Promise<boolean>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()), true).unref()),
        ]);
        if (timedOut) {
          logger.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'active jobs did not finish in time; stopping the workers now');
          await Promise.all(workers.map((w) => w.close(true)));
        }
        await Promise.all(extraClosers.map((close) => close()));
        await workerConnection?.close();
        await ops?.server.close();
        await runtime.close();
      })();
      return closing;
    },
  };
}

/**
 * The background resolver of pending production purchases and refunds: every
 * UPSTREAM_RESOLVE_INTERVAL_MS, the ones whose next lookup is due are looked up at the upstream
 * (each with its own backoff). Lookups on GET and the billing sweep resolve them sooner.
 */
function startPendingResolver(runtime: Runtime): () => Promise<void> {
  const logger = runtime.logger.child({ role: 'pending-resolver' });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      try {
        const counts = await sweepPendingUpstream({
          resolvePending: () => runtime.gateway.resolvePending(),
          onSwept: (count, sweep) => runtime.metrics.reconcilerRepaired(count, sweep),
        });
        if (counts.approved + counts.declined + counts.failed > 0) logger.info(counts, 'pending upstream transactions resolved');
      } catch (err) {
        logger.warn({ err }, 'pending resolver pass failed; the next one tries again');
      }
      if (!stopped) timer = setTimeout(tick, runtime.config.UPSTREAM_RESOLVE_INTERVAL_MS);
    })();
  };
  timer = setTimeout(tick, runtime.config.UPSTREAM_RESOLVE_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** Jobs processed, their durations, and failed webhook tries, from the worker's own events. */
function observeWorker(worker: Worker, metrics: RecurMetrics): void {
  const duration = (job: { processedOn?: number; finishedOn?: number }) =>
    job.processedOn !== undefined && job.finishedOn !== undefined ? job.finishedOn - job.processedOn : undefined;
  worker.on('completed', (job) => metrics.observeJob(worker.name, 'completed', duration(job)));
  worker.on('failed', (job) => {
    metrics.observeJob(worker.name, 'failed', job ? duration(job) : undefined);
    if (worker.name === 'webhook') metrics.webhookFailed(!job || job.attemptsMade >= (job.opts.attempts ?? 1));
  });
}
