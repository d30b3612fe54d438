import type { Config } from '../../config/config.ts';
import { buildRuntime } from '../composition/runtime.ts';
import { startApiListeners } from '../composition/servers.ts';
import { resolveTls } from '../platform/tls.ts';
import { onShutdownSignal } from './shutdown.ts';

/** `recur start`: prepares the database, then runs the API listeners until SIGTERM or SIGINT. */
export async function runStart(config: Config): Promise<void> {
  const runtime = await buildRuntime(config, { prepareDatabase: true });
  const { logger } = runtime;
  try {
    const tls = await resolveTls(config, logger);
    const listeners = await startApiListeners(runtime, tls);
    logger.info({ sandbox: listeners.urls.sandbox, production: listeners.urls.production }, 'Recur is listening');
    if (listeners.urls.sandbox) process.stderr.write(`Recur sandbox API:    ${listeners.urls.sandbox}\n`);
    process.stderr.write(`Recur production API: ${listeners.urls.production}\n`);
    if (tls.selfSigned) process.stderr.write(`TLS: self-signed certificate in ${config.DATA_DIR}/tls/cert.pem (curl --cacert, or -k)\n`);
    await onShutdownSignal(logger);
    await listeners.close();
  } finally {
    await runtime.close();
  }
}
