import { join } from 'node:path';
import type { Config } from '../../config/config.ts';
import { buildRuntime } from '../composition/runtime.ts';
import { startRoles, type Roles } from '../composition/roles.ts';
import type { QueueName } from '../queues/queues.ts';
import { resolveTls } from '../platform/tls.ts';
import { onShutdownSignal } from './shutdown.ts';
import { createProcessLogger } from '../platform/logger.ts';
import { postgresFailure, runStartupChecks } from '../ops/startup-checks.ts';
import { hostOf } from '../queues/queue-backend.ts';

/** The command that prints the ops credentials: the banner names it, never the passwords themselves. */
export const SHOW_SECRETS_COMMAND = 'npx recur secrets show';

/** Where the database is, for the banner: the embedded PostgreSQL and its data folder, or the external one (no password). */
export function describeDatabase(config: Config): string {
  return config.RECUR_EMBEDDED === true
    ? `embedded PostgreSQL ${hostOf(config.DATABASE_URL)}, its data in ${join(config.DATA_DIR, 'postgres')}`
    : `PostgreSQL ${hostOf(config.DATABASE_URL)}`;
}

/**
 * `recur start` (every role), `recur api`, `recur scheduler`, `recur worker`: checks PostgreSQL
 * (reachable, migrated: `recur start` migrates it first) and Redis (reachable, never evicting),
 * runs the roles until SIGTERM or SIGINT, then shuts down in order.
 */
export async function runRoles(
  config: Config,
  roles: Roles,
  options: { concurrency?: number; queues?: QueueName[]; migrate?: boolean } = {},
): Promise<void> {
  // Signals are caught from the first moment: one that arrives while starting stops the start-up
  // and drains what already began, instead of killing the process mid-job.
  const logger = createProcessLogger(config);
  const signalled = onShutdownSignal(logger);
  const runtime = await buildRuntime(config, {
    logger,
    prepareDatabase: options.migrate ?? false,
    // Before the queues exist: nothing is written to a Redis the checks refuse.
    checks: ({ orm, sql, queueConnection }) =>
      runStartupChecks({ orm, sql, queueConnection, databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL }),
  }).catch((err: unknown) => {
    throw postgresFailure(err, config.DATABASE_URL);
  });
  let process_: Awaited<ReturnType<typeof startRoles>> | null = null;
  try {
    const tls = roles.api || config.OPS_ENABLED ? await resolveTls(config, logger) : undefined;
    process_ = await startRoles(runtime, roles, { tls, concurrency: options.concurrency, queues: options.queues });
    const urls = process_.listeners?.urls;
    process.stderr.write(`Recur database:       ${describeDatabase(config)}\n`);
    process.stderr.write(`Recur queues:         ${runtime.queueConnection.describe}\n`);
    if (urls?.sandbox) process.stderr.write(`Recur sandbox API:    ${urls.sandbox}\n`);
    if (urls) process.stderr.write(`Recur production API: ${urls.production}\n`);
    if (process_.ops) {
      process.stderr.write(
        `Recur ops:            ${process_.ops.url}/ops/queues and /metrics (user ${config.OPS_USERNAME}; passwords: ${SHOW_SECRETS_COMMAND})\n`,
      );
      process.stderr.write(`Recur ops admin:      ${process_.ops.url}/ops/admin/queues (user ${config.OPS_ADMIN_USERNAME})\n`);
    }
    if (tls?.selfSigned) process.stderr.write(`TLS: self-signed certificate in ${config.DATA_DIR}/tls/cert.pem (curl --cacert, or -k)\n`);
    // Last, after the banner: whoever waits for this line finds the banner already written.
    logger.info(
      { roles, queueBackend: runtime.queueConnection.describe, sandbox: urls?.sandbox, production: urls?.production },
      'Recur is running',
    );
    await signalled;
  } finally {
    if (process_) await process_.close();
    else await runtime.close();
  }
}
