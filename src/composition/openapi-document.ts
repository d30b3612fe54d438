import { pino } from 'pino';
import { loadConfig } from '../../config/config.ts';
import { generateSelfSigned } from '../platform/tls.ts';
import type { Runtime } from './runtime.ts';
import { buildApiServer } from './servers.ts';

/**
 * Recur's OpenAPI document built in-process, without a database, Redis or a port: the sandbox
 * application (a superset of production's routes) is assembled and asked for its document.
 * Registering routes touches none of the runtime's parts, only handling a request does, so a
 * runtime holding a configuration and a silent logger is enough. Used to regenerate the typed
 * client (`npm run client:generate`) and by the test that fails when the client is stale.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused@127.0.0.1/unused', SANDBOX_ENABLED: 'true' });
  const runtime = { config, logger: pino({ level: 'silent' }) } as unknown as Runtime;
  const app = buildApiServer(runtime, await generateSelfSigned('127.0.0.1'), 'sandbox');
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
