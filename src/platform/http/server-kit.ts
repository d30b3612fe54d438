import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from '../logger.ts';
import { AppError, PlatformErrors, isAppError } from '../errors.ts';
import { failure } from './envelope.ts';
import { findCardNumbers } from '../pan-scrub.ts';
import { cardNumberFields, scrubJson } from './card-guard.ts';
import { clientErrorHandler, frameworkErrorHandler, answerOutsideRouter } from './edge-errors.ts';
import { unstorableTextFields } from './text-guard.ts';

export type HttpServer = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface HttpsServerOptions {
  tls: { cert: string; key: string };
  logger: Logger;
  bodyLimit: number;
  /** The envelope's `test` flag for every response of this listener. */
  test: boolean;
  /** Slow-client limits (config HTTP_*); see docs/api.md "Limits". */
  limits?: HttpLimits;
}

export interface HttpLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

/** The defaults of the HTTP_* settings, for a listener not given its own. */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  maxConnections: 2_000,
};

/** The longest path parameter (a token, an id or a reference) the router accepts; longer is a 414. */
export const MAX_PARAM_LENGTH = 300;
/** Node checks its request and header timeouts this often: the timeouts hold to within it. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The deepest nesting of arrays and objects a JSON body may have; deeper is a 400. */
export const MAX_BODY_DEPTH = 32;

/** How deeply `value`'s arrays and objects nest (0 for a scalar), without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Turns a field path and zod's message into a sentence for the envelope. */
function validationMessages(
  err: FastifyError & { validation: { instancePath: string; message?: string }[]; validationContext?: string },
): string[] {
  return err.validation.map((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return path ? `${path}: ${v.message}` : (v.message ?? 'Request is invalid');
  });
}

/**
 * An HTTPS server with Recur's conventions: JSON bodies whatever the Content-Type says (a widely
 * used client labels JSON as form data), a body limit, the envelope for every error with no
 * stack trace or input echoed back, `Cache-Control: no-store` and an `X-Request-Id` on every
 * response. Built in a factory; only the composition root listens.
 */
export function createHttpsServer(options: HttpsServerOptions): HttpServer {
  const { test } = options;
  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const app = Fastify({
    https: {
      cert: options.tls.cert,
      key: options.tls.key,
      minVersion: 'TLSv1.2',
      headersTimeout: limits.headersTimeoutMs,
      // A connection that never starts TLS (or never finishes its handshake) is held no longer
      // than one that never sends its headers; Node's default is 120 s.
      handshakeTimeout: limits.headersTimeoutMs,
      // Node answers a request without Host itself (an empty 400 without the documented
      // headers); the hook below refuses it in the envelope instead.
      requireHostHeader: false,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
    } as { cert: string; key: string; minVersion: 'TLSv1.2' },
    loggerInstance: options.logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      // Echoed in a header and written to every log line: a card number there is replaced.
      return typeof given === 'string' && REQUEST_ID.test(given) && findCardNumbers(given).length === 0 ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: clientErrorHandler(test, options.logger),
    frameworkErrors: frameworkErrorHandler(test, MAX_PARAM_LENGTH),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  answerOutsideRouter(app.server, test);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    app.getDefaultJsonParser('error', 'error')(req, text, (err, parsed) => {
      if (err) return done(err, undefined);
      // Everything after the parser (hashing, validation, storing) walks the body recursively.
      if (nestingDepth(parsed) > MAX_BODY_DEPTH) return done(PlatformErrors.tooDeep(MAX_BODY_DEPTH), undefined);
      done(null, parsed);
    });
  });

  let closing = false;
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('cache-control', 'no-store');
    // HTTP/1.1 requires Host (RFC 9112 3.2).
    if (req.raw.httpVersion === '1.1' && req.headers.host === undefined) {
      throw new AppError('bad_request', 'The Host header is required', { status: 400 });
    }
  });
  app.addHook('preValidation', async (req) => {
    const unstorable = unstorableTextFields({ body: req.body, query: req.query, params: req.params });
    if (unstorable.length > 0) throw PlatformErrors.validation(unstorable);
  });
  app.addHook('preValidation', async (req) => {
    const refused = cardNumberFields({ body: req.body, query: req.query, headers: req.headers });
    if (refused.length > 0) throw PlatformErrors.validation(refused);
  });
  // A response finishing after close() began must not hold its keep-alive socket open.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // An answer given before the body arrived (a 401, a 413): the rest of the body would hold
    // the socket for as long as the client drips it, so the connection ends with the answer.
    if (closing || !req.raw.complete) reply.header('connection', 'close');
    // No answer repeats a card number, whatever route, message or id brought it in.
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    return typeof payload === 'string' && type.includes('json') ? scrubJson(payload) : payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    // The access log: the route's pattern, never the raw URL, which may hold ids or card numbers.
    options.logger.info(
      {
        reqId: req.id,
        method: req.method,
        route: req.routeOptions.url ?? null,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        merchant_id: req.principal?.merchantId ?? null,
      },
      'request',
    );
  });

  app.setErrorHandler((raw: FastifyError, req, reply) => {
    let err: AppError;
    // A malformed id in the path names no record: the same 404 as a well-formed unknown one.
    if (hasZodFastifySchemaValidationErrors(raw) && raw.validationContext === 'params') err = PlatformErrors.notFound();
    else if (hasZodFastifySchemaValidationErrors(raw)) err = PlatformErrors.validation(validationMessages(raw));
    else if (isAppError(raw)) err = raw;
    else {
      switch (raw.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          err = PlatformErrors.malformedJson();
          break;
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          err = PlatformErrors.bodyTooLarge(options.bodyLimit);
          break;
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          err = PlatformErrors.unsupportedMediaType();
          break;
        case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
          err = new AppError('bad_request', 'Content-Length does not match the body', { status: 400 });
          break;
        default:
          err =
            raw.statusCode && raw.statusCode >= 400 && raw.statusCode < 500
              ? new AppError('bad_request', 'Bad request', { status: raw.statusCode })
              : PlatformErrors.internal(raw);
      }
    }
    if (err.status >= 500) req.log.error({ err: raw, reqId: req.id }, 'request failed');
    reply
      .headers(err.headers)
      .code(err.status)
      .send(failure(err.messages, test, null));
  });
  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send(failure(['Record not found'], test, null));
  });
  return app;
}
