import { readFile } from 'node:fs/promises';
import type { Config } from '../../config/config.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { systemClock, type Clock } from '../platform/clock.ts';
import { createLogger, createProcessLogger, type Logger } from '../platform/logger.ts';
import { createOrm, ensureDatabase, migrate } from '../platform/database.ts';
import { resolveSecrets, type Secrets } from '../platform/secrets.ts';
import { hostedLinksFromConfig, type HostedLinks } from '../platform/hosted-links.ts';
import { sqlOf, type SqlPool } from '../platform/sql.ts';
import { VaultCrypto } from '../gateway/vault/vault-crypto.ts';
import { GatewayCore } from '../gateway/gateway-core.ts';
import { ConsoleAccounts } from '../gateway/console/console-accounts.ts';
import { backfillPanDigests } from '../gateway/cards/cards.service.ts';
import { GatewayClient } from '../gateway-client/gateway-client.ts';
import { allEntities } from '../entities.ts';
import { UpstreamAcquirer } from './upstream-acquirer.ts';
import type { UpstreamFault } from '../gateway/acquirer/acquirer.ts';
import type { DestinationStream } from 'pino';
import type { Redis } from 'ioredis';
import { createQueueConnection, type QueueConnection } from '../queues/queue-backend.ts';
import { createQueues, enqueueRetries, enqueueWebhooks, type Queues } from '../queues/queues.ts';
import { applyCardUpdate, type ChargeResult } from '../billing/billing-jobs.ts';
import { dispatchFollowUps } from '../queues/follow-ups.ts';
import { deriveKey } from '../platform/seal.ts';
import { BillingCore } from '../billing/billing-core.ts';
import type { BillingGateway } from '../billing/ports/gateway-port.ts';
import { EmbeddedBillingGateway } from './embedded-billing-gateway.ts';
import { RemoteBillingGateway } from './remote-billing-gateway.ts';
import { instrumentBillingGateway } from './instrumented-billing-gateway.ts';
import { createMetrics, type RecurMetrics } from '../ops/metrics.ts';
import { createReadiness, type Readiness } from '../ops/readiness.ts';

/** Everything a Recur process holds, built once by the composition root and closed on exit. */
export interface Runtime {
  config: Config;
  logger: Logger;
  clock: Clock;
  orm: MikroORM;
  /** Raw SQL on the ORM's own pool, for hot paths. */
  sql: SqlPool;
  secrets: Secrets;
  vault: VaultCrypto;
  gateway: GatewayCore;
  /** The console's users, sessions and audit log. */
  console: ConsoleAccounts;
  /** The producers' queue connection (Redis or PostgreSQL, per QUEUE_BACKEND). */
  queueConnection: QueueConnection;
  /** The producers' Redis client; null on the PostgreSQL queue backend, where Recur uses no Redis. */
  redis: Redis | null;
  queues: Queues;
  /** The adapter the configuration names, wrapped so that every call is timed. */
  billingGateway: BillingGateway & { readonly adapter: BillingGateway };
  billing: BillingCore;
  /** This process's Prometheus metrics. */
  metrics: RecurMetrics;
  readiness: Readiness;
  /** What follows a recorded charge wherever it ran: metrics, then retries and holds to their queues. */
  afterCharge(results: ChargeResult[]): Promise<void>;
  /** Opens webhook endpoint secrets (derived from the credential key: one root, a key per use). */
  webhookKey: Buffer;
  /** Signs and checks the links to the customer pages (invoice, card update). */
  links: HostedLinks;
  /** Set by the scheduler role; a no-op in a process that runs none. */
  pokeScheduler: () => void;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  logDestination?: DestinationStream;
  logger?: Logger;
  /** Create the database if missing and apply migrations (what `recur start` does). */
  prepareDatabase?: boolean;
  /**
   * Runs once PostgreSQL and Redis are connected and before anything touches Redis: BullMQ's
   * Queue objects write their metadata as soon as they connect, so the start-up checks (an
   * evicting Redis is refused) must pass first.
   */
  checks?: (parts: { orm: MikroORM; sql: SqlPool; queueConnection: QueueConnection }) => Promise<void>;
}

/** The queue backend the configuration names: `redis` unless QUEUE_BACKEND says otherwise. */
export function queueSettings(config: Config, role: 'producer' | 'worker') {
  return {
    backend: config.QUEUE_BACKEND ?? 'redis',
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    databaseUrl: config.DATABASE_URL,
    role,
  } as const;
}

export async function buildRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger =
    options.logger ??
    (options.logDestination
      ? createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, destination: options.logDestination })
      : createProcessLogger(config));
  const clock = options.clock ?? systemClock;
  const secrets = await resolveSecrets(config, logger);
  if (options.prepareDatabase) await ensureDatabase(config.DATABASE_URL, logger);
  const orm = await createOrm({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    entities: allEntities,
    logger,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_MS,
  });
  const closers: (() => Promise<void>)[] = [() => orm.close()];
  try {
    if (options.prepareDatabase) {
      const applied = await migrate(orm, config.DATABASE_URL);
      if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
    }
    const sql = await sqlOf(orm);
    const vault = new VaultCrypto(secrets);
    if (options.prepareDatabase) {
      // Cards stored before tokens were linked by fingerprint: their number's digest, once.
      const digested = await backfillPanDigests(sql, { vault, clock });
      if (digested) logger.info({ cards: digested }, 'computed the card-number digests of existing cards');
    }
    let acquirer: UpstreamAcquirer | undefined;
    // Bound once the metrics exist (they need the queues, which come later).
    let onUpstreamFault: (fault: UpstreamFault) => void = () => undefined;
    if (config.UPSTREAM_GATEWAY_URL && config.UPSTREAM_GATEWAY_USERNAME && config.UPSTREAM_GATEWAY_TOKEN) {
      const client = new GatewayClient({
        baseUrl: config.UPSTREAM_GATEWAY_URL,
        username: config.UPSTREAM_GATEWAY_USERNAME,
        token: config.UPSTREAM_GATEWAY_TOKEN,
        ca: config.UPSTREAM_GATEWAY_CA_FILE ? await readFile(config.UPSTREAM_GATEWAY_CA_FILE, 'utf8') : undefined,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      });
      closers.unshift(() => client.close());
      acquirer = new UpstreamAcquirer(client, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, onFault: (fault) => onUpstreamFault(fault) });
    }
    let onCardChanged: (
      merchant: { merchantId: string; environment: 'sandbox' | 'production' },
      card: { token: string; alias: string | null; card_expiry: string },
    ) => Promise<void> = async () => undefined;
    // The API's Basic credentials and the console's logins: one policy, one set of failure counters.
    const authPolicy = {
      credentialKey: secrets.credentialKey,
      maxFailures: config.AUTH_MAX_FAILURES,
      maxFailuresPerAddress: config.AUTH_MAX_FAILURES_PER_ADDRESS,
      failureWindowSeconds: config.AUTH_FAILURE_WINDOW_SECONDS,
      testCardsInProduction: config.ALLOW_TEST_CARDS_IN_PRODUCTION,
    };
    const gateway = new GatewayCore({
      sql,
      onCardChanged: (ctx, card) => onCardChanged({ merchantId: ctx.merchantId, environment: ctx.environment }, card),
      vault,
      clock,
      logger,
      acquirer,
      pending: {
        windowMs: config.UPSTREAM_PENDING_WINDOW_MS,
        backoffMs: config.UPSTREAM_RESOLVE_INTERVAL_MS,
        inFlightMs: config.UPSTREAM_TIMEOUT_MS,
      },
      auth: authPolicy,
    });
    const consoleAccounts = new ConsoleAccounts({
      sql,
      clock,
      auth: authPolicy,
      sessions: { idleMinutes: config.CONSOLE_SESSION_IDLE_MINUTES, maxHours: config.CONSOLE_SESSION_MAX_HOURS },
      merchantContext: (merchantId, environment) => gateway.merchantContext(merchantId, environment),
    });
    const queueConnection = createQueueConnection(queueSettings(config, 'producer'));
    const redis = queueConnection.redis;
    closers.unshift(() => queueConnection.close());
    await options.checks?.({ orm, sql, queueConnection });
    const queues = createQueues(queueConnection, config.WEBHOOK_MAX_ATTEMPTS, (err, queue) =>
      logger.warn({ err, queue }, 'queue connection error; BullMQ reconnects'),
    );
    const webhookKey = deriveKey(secrets.credentialKey, 'webhook-secrets');
    const links = hostedLinksFromConfig(config, secrets.credentialKey);
    closers.unshift(() => queues.close());
    const upstreamState = acquirer ? () => acquirer.status().state : undefined;
    const metrics = createMetrics({ queues: queues.all(), sql, clock, upstreamState });
    onUpstreamFault = (fault) => metrics.upstreamFault(fault);
    const readiness = createReadiness({ sql, queueConnection, timeoutMs: config.READINESS_TIMEOUT_MS, upstreamState });
    const afterCharge = async (results: ChargeResult[]) => {
      metrics.observeCharges(results);
      await dispatchFollowUps(queues, results, clock.now());
    };
    let billingGateway: Runtime['billingGateway'];
    if (config.BILLING_GATEWAY === 'remote') {
      const client = new GatewayClient({
        baseUrl: config.BILLING_GATEWAY_URL!,
        username: config.BILLING_GATEWAY_USERNAME!,
        token: config.BILLING_GATEWAY_TOKEN!,
        ca: config.BILLING_GATEWAY_CA_FILE ? await readFile(config.BILLING_GATEWAY_CA_FILE, 'utf8') : undefined,
        timeoutMs: config.BILLING_GATEWAY_TIMEOUT_MS,
      });
      closers.unshift(() => client.close());
      billingGateway = instrumentBillingGateway(new RemoteBillingGateway(client), metrics);
    } else billingGateway = instrumentBillingGateway(new EmbeddedBillingGateway(gateway), metrics);
    const runtime: Runtime = {
      config,
      logger,
      clock,
      orm,
      sql,
      secrets,
      vault,
      gateway,
      console: consoleAccounts,
      queueConnection,
      redis,
      queues,
      billingGateway,
      webhookKey,
      links,
      metrics,
      readiness,
      afterCharge,
      billing: new BillingCore({
        sql,
        clock,
        logger,
        gateway: billingGateway,
        pokeScheduler: () => runtime.pokeScheduler(),
        charge: {
          sql,
          clock,
          logger,
          gateway: billingGateway,
          caps: { per30Days: config.NETWORK_CAP_30_DAYS, per24Hours: config.NETWORK_CAP_24_HOURS },
          links,
        },
        links,
        afterCharge,
        webhookKey,
        resendWebhooks: (ids) => enqueueWebhooks(queues, ids),
        webhookUrlPolicy: {
          allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_URLS ?? config.NODE_ENV !== 'production',
          allowHttp: config.WEBHOOK_ALLOW_PRIVATE_URLS ?? config.NODE_ENV !== 'production',
        },
      }),
      pokeScheduler: () => undefined,
      async close() {
        for (const close of closers) await close().catch((err) => logger.error({ err }, 'error while closing'));
      },
    };
    // A card's new expiry, or an alias moved onto it, releases the charges held for it at once.
    onCardChanged = async (merchant, card) => {
      const due = await applyCardUpdate(sql, merchant, { token: card.token, alias: card.alias, expiry: card.card_expiry }, clock.now());
      await enqueueRetries(queues, due);
      if (due.length) runtime.pokeScheduler();
    };
    return runtime;
  } catch (err) {
    for (const close of closers) await close().catch(() => undefined);
    throw err;
  }
}
