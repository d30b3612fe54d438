import type { Job, Worker } from 'bullmq';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import type { Logger } from '../src/platform/logger.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { SqlPool } from '../src/platform/sql.ts';
import { WebhookJob } from '../src/queues/queues.ts';
import {
  deliveryPlan,
  isPrivateAddress,
  markDeliveryFailed,
  recordDeliveryAttempt,
  SIGNATURE_HEADER,
  signPayload,
} from '../src/billing/billing-jobs.ts';
import { startQueueWorker, type WorkerOptions } from './worker-options.ts';

export interface WebhookWorkerDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  /** The key that opens endpoint secrets. */
  secretKey: Buffer;
  timeoutMs: number;
  backoffBaseMs: number;
  ca?: string;
  /**
   * Whether sandbox receivers may sit on private networks (WEBHOOK_ALLOW_PRIVATE_URLS). Production
   * receivers never may: their resolved address is checked at every connection.
   */
  allowPrivateNetworks: boolean;
}

/**
 * Resolves receiver names and refuses private, loopback and link-local addresses at connect
 * time, so a name that pointed elsewhere when the endpoint was created (DNS rebinding) cannot
 * reach inside the network.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      const refused = Object.assign(new Error(`receiver ${hostname} resolves to a private, loopback or link-local address`), {
        code: 'ERECEIVERPRIVATE',
      });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * undici's connector, with the receiver's address checked first: a name through
 * `publicOnlyLookup`, and an IP literal (which the connector never looks up) here.
 */
export function publicOnlyConnector(options: buildConnector.BuildOptions): buildConnector.connector {
  const connect = buildConnector({ ...options, lookup: publicOnlyLookup });
  return (opts, callback) => {
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host)) {
      const refused = Object.assign(new Error(`receiver ${host} is a private, loopback or link-local address`), {
        code: 'ERECEIVERPRIVATE',
      });
      queueMicrotask(() => callback(refused, null));
      return;
    }
    connect(opts, callback);
  };
}

const MAX_WAIT_MS = 12 * 3_600_000;

/** Waits between tries: base, 2×, 4×, … capped at 12 hours (about three days over 16 tries from 30 s). */
export function webhookBackoff(attemptsMade: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), MAX_WAIT_MS);
}

/**
 * Delivers one event to one endpoint: signed (`Recur-Signature`), with timeouts, never following
 * a redirect (a 3xx is a failed try), every try recorded. A non-2xx answer fails the job, and the
 * queue tries again with backoff; the last failure marks the delivery failed.
 */
export function startWebhookWorker(
  deps: WebhookWorkerDeps,
  options: WorkerOptions,
): { worker: Worker<WebhookJob>; close(): Promise<void> } {
  const connectOptions = { timeout: Math.min(deps.timeoutMs, 10_000), ...(deps.ca ? { ca: deps.ca } : {}) };
  const agentOptions = { headersTimeout: deps.timeoutMs, bodyTimeout: deps.timeoutMs, keepAliveTimeout: 10_000, allowH2: false };
  const publicOnly = new Agent({ ...agentOptions, connect: publicOnlyConnector(connectOptions) });
  const sandbox = deps.allowPrivateNetworks ? new Agent({ ...agentOptions, connect: connectOptions }) : publicOnly;
  const worker = startQueueWorker<WebhookJob, string>(
    'webhook',
    async (job: Job<WebhookJob>) => {
      const { deliveryId } = WebhookJob.parse(job.data);
      const plan = await deliveryPlan(deps.sql, deps.secretKey, deliveryId);
      if (!plan) return 'nothing to send';
      const number = plan.attempts + 1;
      const started = performance.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const res = await request(plan.url, {
          method: 'POST',
          dispatcher: plan.environment === 'production' ? publicOnly : sandbox,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Recur-Webhooks/1',
            [SIGNATURE_HEADER]: signPayload(plan.secret, plan.body, deps.clock.now()),
            'recur-event-id': plan.eventId,
            'recur-event-type': plan.eventType,
            'recur-delivery-id': deliveryId,
          },
          body: plan.body,
        });
        statusCode = res.statusCode;
        await res.body.dump({ limit: 64 * 1024 });
        if (statusCode < 200 || statusCode >= 300) error = `receiver answered HTTP ${statusCode}`;
      } catch (err) {
        error = (err as Error).message;
      }
      await recordDeliveryAttempt(
        deps.sql,
        deliveryId,
        { number, statusCode, error, durationMs: Math.round(performance.now() - started) },
        deps.clock.now(),
      );
      if (error) throw new Error(error);
      return 'delivered';
    },
    options,
    deps.logger,
    {
      // A try may take three timeouts (connect, headers, body): its lock must outlast them.
      minLockDurationMs: deps.timeoutMs * 3,
      settings: { backoffStrategy: (attemptsMade: number) => webhookBackoff(attemptsMade, deps.backoffBaseMs) },
    },
  );
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    if (final) {
      markDeliveryFailed(deps.sql, job.data.deliveryId).catch((err: unknown) =>
        deps.logger.error({ err, deliveryId: job.data.deliveryId }, 'could not mark the delivery failed'),
      );
    }
    deps.logger.warn(
      { jobId: job.id, attemptsMade: job.attemptsMade, final, reason: err.message },
      final ? 'webhook delivery failed for good' : 'webhook delivery failed; it will be retried',
    );
  });
  return {
    worker,
    async close() {
      await worker.close();
      await Promise.all([...new Set([publicOnly, sandbox])].map((a) => a.close()));
    },
  };
}
