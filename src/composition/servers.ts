import { linksFollowListener } from '../platform/hosted-links.ts';
import type { AddressInfo } from 'node:net';
import type { Runtime } from './runtime.ts';
import { createHttpsServer, type HttpLimits, type HttpServer } from '../platform/http/server-kit.ts';
import { addMerchantAuth, registerGatewayRoutes, registerRootPing } from '../gateway/api/gateway-api.ts';
import type { Environment } from '../gateway/environment.ts';
import type { TlsMaterial } from '../platform/tls.ts';
import { failure } from '../platform/http/envelope.ts';
import { registerBillingRoutes } from '../api/billing-api.ts';
import { registerProbes } from '../ops/probes.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRootIndex } from '../platform/http/root-index.ts';
import { registerHostedRoutes } from '../hosted/hosted-routes.ts';
import { deriveKey } from '../platform/seal.ts';
import { CONSOLE_PATH, registerConsole, type ConsolePorts } from './console-static.ts';
import { registerConsoleLoginRoutes, registerConsoleRoutes } from '../api/console-api.ts';
import { addConsoleGuard } from '../api/console-guard.ts';

export const API_PREFIX = '/v1.0';

/** The slow-client limits (HTTP_* settings) of every listener of a process, API and ops alike. */
export function httpLimits(config: Runtime['config']): HttpLimits {
  return {
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: config.HTTP_MAX_CONNECTIONS,
  };
}

/**
 * The HTTPS application of one environment: the gateway API under `/v1.0`, and the billing console
 * at `/console/` (`consolePorts`: where each listener listens, for the console's link to the other).
 */
export function buildApiServer(runtime: Runtime, tls: TlsMaterial, environment: Environment, consolePorts: ConsolePorts = {}): HttpServer {
  const app = createHttpsServer({
    tls,
    logger: runtime.logger.child({ listener: environment }),
    bodyLimit: runtime.config.BODY_LIMIT_BYTES,
    test: environment === 'sandbox',
    limits: httpLimits(runtime.config),
  });
  registerOpenApi(app, { prefix: API_PREFIX, sandbox: environment === 'sandbox' });
  registerProbes(app, runtime.readiness);
  registerRootIndex(
    app,
    {
      listener: environment,
      description:
        environment === 'sandbox'
          ? 'The sandbox gateway and billing API: test cards only, nothing is charged'
          : 'The production gateway and billing API',
      links: {
        api: API_PREFIX,
        docs: `${API_PREFIX}/docs`,
        console: CONSOLE_PATH,
        openapi: `${API_PREFIX}/openapi.json`,
        health: `${API_PREFIX}/health`,
        livez: '/livez',
        readyz: '/readyz',
      },
    },
    environment === 'sandbox',
  );
  // The customer pages (invoice, card update): outside /v1.0 and its Basic auth, the signed link is their credential.
  app.register(async (hosted) =>
    registerHostedRoutes(hosted, {
      billing: runtime.billing,
      links: runtime.links,
      environment,
      now: () => runtime.clock.now(),
      cookieKey: deriveKey(runtime.secrets.credentialKey, 'hosted-cookies'),
      rateLimits: runtime.redis ? { redis: runtime.redis, prefix: runtime.config.REDIS_PREFIX } : null,
    }),
  );
  // The billing console: static files, the same for every merchant; its API calls authenticate as any other.
  registerConsole(app, environment, consolePorts);
  // The official Ruby client pings the host root, outside /v1.0.
  app.register(async (root) => {
    addMerchantAuth(root, runtime.gateway, environment);
    registerRootPing(root, runtime.gateway);
  });
  // The console's login: under /v1.0 but outside its authentication (it is how a session starts).
  app.register(async (login) => registerConsoleLoginRoutes(login, runtime.console, environment), { prefix: API_PREFIX });
  app.register(
    async (api) => {
      // Basic credentials, or a console session's cookie (then its CSRF token, its role, and the audit log).
      addMerchantAuth(api, runtime.gateway, environment, runtime.console);
      addConsoleGuard(api, runtime.console, API_PREFIX, environment);
      registerGatewayRoutes(api, runtime.gateway, environment);
      registerConsoleRoutes(api, runtime.console, environment);
      // Billing routes in a plugin of their own: they share the authentication, and keep their Idempotency-Key hooks.
      await api.register(async (billing) => registerBillingRoutes(billing, runtime.billing, environment));
      // Unknown paths under /v1.0 authenticate first too: every request is authenticated (the seed).
      api.setNotFoundHandler((_req, reply) => {
        reply.code(404).send(failure(['Record not found'], environment === 'sandbox', null));
      });
    },
    { prefix: API_PREFIX },
  );
  return app;
}

export interface ApiListeners {
  sandbox: HttpServer | null;
  production: HttpServer;
  urls: { sandbox: string | null; production: string };
  close(): Promise<void>;
}

function urlOf(app: HttpServer, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `https://${shown}:${port}${API_PREFIX}`;
}

/** Listens on the sandbox and production ports (0 picks a free port: tests). */
export async function startApiListeners(
  runtime: Runtime,
  tls: TlsMaterial,
  ports?: { sandbox: number; production: number },
): Promise<ApiListeners> {
  const { config } = runtime;
  const consolePorts: ConsolePorts = {};
  const sandbox = config.SANDBOX_ENABLED ? buildApiServer(runtime, tls, 'sandbox', consolePorts) : null;
  const production = buildApiServer(runtime, tls, 'production', consolePorts);
  try {
    if (sandbox) await sandbox.listen({ host: config.HOST, port: ports?.sandbox ?? config.SANDBOX_PORT });
    await production.listen({ host: config.HOST, port: ports?.production ?? config.PRODUCTION_PORT });
  } catch (err) {
    await Promise.allSettled([sandbox?.close(), production.close()]);
    throw err;
  }
  if (sandbox) consolePorts.sandbox = (sandbox.server.address() as AddressInfo).port;
  consolePorts.production = (production.server.address() as AddressInfo).port;
  // Links to the customer pages point at the listener itself unless a public URL is configured.
  for (const [environment, server] of [
    ['sandbox', sandbox],
    ['production', production],
  ] as const) {
    if (server && linksFollowListener(config, environment))
      runtime.links.setOrigin(environment, new URL(urlOf(server, config.HOST)).origin);
  }
  return {
    sandbox,
    production,
    urls: { sandbox: sandbox ? urlOf(sandbox, config.HOST) : null, production: urlOf(production, config.HOST) },
    async close() {
      await Promise.allSettled([sandbox?.close(), production.close()]);
    },
  };
}
