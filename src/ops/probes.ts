import type { HttpServer } from '../platform/http/server-kit.ts';
import type { Readiness } from './readiness.ts';

/**
 * `/livez` answers while the process runs; `/readyz` answers 200 only while PostgreSQL and Redis
 * answer and shutdown has not begun. Both are for orchestrators: no credentials, no data.
 */
export function registerProbes(app: HttpServer, readiness: Readiness): void {
  app.get('/livez', async (_req, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const report = await readiness.check();
    return reply
      .code(report.ready ? 200 : 503)
      .send({ status: report.ready ? 'ready' : report.shuttingDown ? 'shutting_down' : 'not_ready', checks: report.checks });
  });
}
