import { pino } from 'pino';
import { loadConfig } from '../../config/config.ts';
import { generateSelfSigned } from '../platform/tls.ts';
import type { Runtime } from './runtime.ts';
import { buildApiServer } from './servers.ts';

/**
 * Recur's OpenAPI document built in-process, without a database, Redis or a port: the sandbox
 * application (a superset of production's routes) is assembled and asked for its document.
 * Registering routes touches none of the runtime's parts, only handling a request does, so a
 * runtime holding a configuration and a silent logger is enough; any other part it is asked for
 * is inert (see below), so that a route which reads one at registration cannot break the build
 * of the document. Used to regenerate the typed
 * client (`npm run client:generate`) and by the test that fails when the client is stale.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused@127.0.0.1/unused', SANDBOX_ENABLED: 'true' });
  // Throwaway secrets: the customer pages derive their cookie key when they are registered.
  const known: Record<PropertyKey, unknown> = { config, logger: pino({ level: 'silent' }), secrets: { credentialKey: Buffer.alloc(32) } };
  const runtime = new Proxy(known, { get: (target, key) => (key in target ? target[key] : inert()) }) as unknown as Runtime;
  const app = buildApiServer(runtime, await generateSelfSigned('127.0.0.1'), 'sandbox');
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** A stand-in that answers any property read or call with itself; never a thenable, so never awaited forever. */
function inert(): unknown {
  const proxy: unknown = new Proxy(function inertPart() {}, {
    get: (_target, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : proxy),
    apply: () => proxy,
  });
  return proxy;
}
