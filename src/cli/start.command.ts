import type { Config } from '../../config/config.ts';
import { buildRuntime } from '../composition/runtime.ts';
import { startRoles, type Roles } from '../composition/roles.ts';
import type { QueueName } from '../queues/queues.ts';
import { resolveTls } from '../platform/tls.ts';
import { onShutdownSignal } from './shutdown.ts';

/**
 * `recur start` (every role), `recur api`, `recur scheduler`, `recur worker`: prepares the
 * database, runs the roles until SIGTERM or SIGINT, then shuts down in order.
 */
export async function runRoles(config: Config, roles: Roles, options: { concurrency?: number; queues?: QueueName[] } = {}): Promise<void> {
  const runtime = await buildRuntime(config, { prepareDatabase: true });
  const { logger } = runtime;
  let process_: Awaited<ReturnType<typeof startRoles>> | null = null;
  try {
    const tls = roles.api ? await resolveTls(config, logger) : undefined;
    process_ = await startRoles(runtime, roles, { tls, concurrency: options.concurrency, queues: options.queues });
    const urls = process_.listeners?.urls;
    logger.info({ roles, sandbox: urls?.sandbox, production: urls?.production }, 'Recur is running');
    if (urls?.sandbox) process.stderr.write(`Recur sandbox API:    ${urls.sandbox}\n`);
    if (urls) process.stderr.write(`Recur production API: ${urls.production}\n`);
    if (tls?.selfSigned) process.stderr.write(`TLS: self-signed certificate in ${config.DATA_DIR}/tls/cert.pem (curl --cacert, or -k)\n`);
    await onShutdownSignal(logger);
  } finally {
    if (process_) await process_.close();
    else await runtime.close();
  }
}
