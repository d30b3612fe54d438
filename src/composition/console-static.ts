import { existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { HttpServer } from '../platform/http/server-kit.ts';
import type { Environment } from '../gateway/environment.ts';

/** The built console (Vite's output of console/): `npm ci` builds it, `npm start` rebuilds it when stale. */
export const CONSOLE_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../console/dist');
export const CONSOLE_PATH = '/console/';

/**
 * Scripts, styles, fonts, pictures and API calls from this origin only: no inline script or style,
 * no CDN, no frame. Chart.js draws on canvases and sets element styles through the CSSOM, which this allows.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** The port each environment's listener took, filled once they listen: the console's link to the other one. */
export type ConsolePorts = Partial<Record<Environment, number>>;

function securityHeaders(reply: import('fastify').FastifyReply): void {
  reply.header('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
}

/**
 * `/console/`: the billing console's files, and index.html for every other path under it (the
 * console's own routes, such as /console/customers/<id>). Hashed assets are cached for good,
 * index.html is asked again each time. `/console/environment.json` tells the page where the other
 * environment's console is. Without a build, 503 says how to make one.
 */
export function registerConsole(app: HttpServer, environment: Environment, ports: ConsolePorts, dist = CONSOLE_DIST): void {
  app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: dist, serve: false });
    scope.get('/console', { schema: { hide: true } }, async (_req, reply) => reply.redirect(CONSOLE_PATH, 301));
    scope.get('/console/environment.json', { schema: { hide: true } }, async (req, reply) => {
      const other: Environment = environment === 'sandbox' ? 'production' : 'sandbox';
      const port = ports[other];
      const host = req.hostname.replace(/:\d+$/, '');
      securityHeaders(reply);
      return reply.send({
        environment,
        other: port ? { environment: other, url: `${req.protocol}://${host}:${port}${CONSOLE_PATH}` } : null,
      });
    });
    scope.get('/console/*', { schema: { hide: true } }, async (req, reply) => {
      securityHeaders(reply);
      if (!existsSync(join(dist, 'index.html'))) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The console is not built: run `npm run console:build` (npm ci and npm start build it).');
      }
      const wanted = normalize((req.params as { '*': string })['*'] ?? '').replace(/^(\.\.[/\\])+/, '');
      const file = join(dist, wanted);
      const isFile = wanted !== '' && wanted !== '.' && file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile();
      if (isFile && wanted !== 'index.html') {
        const hashed = wanted.startsWith('assets/');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(wanted, { cacheControl: false });
      }
      // A missing asset is a 404, never the page: a stale page asking for old hashed files gets a clear answer.
      if (wanted.startsWith('assets/') || extname(wanted) !== '') {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
    });
  });
}
