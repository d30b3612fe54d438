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

export type HttpServer = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface HttpsServerOptions {
  tls: { cert: string; key: string };
  logger: Logger;
  bodyLimit: number;
  /** The envelope's `test` flag for every response of this listener. */
  test: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
  const app = Fastify({
    https: { cert: options.tls.cert, key: options.tls.key, minVersion: 'TLSv1.2' },
    loggerInstance: options.logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    keepAliveTimeout: 65_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    app.getDefaultJsonParser('error', 'error')(req, text, done);
  });

  const test = options.test;
  let closing = false;
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('cache-control', 'no-store');
  });
  // A response finishing after close() began must not hold its keep-alive socket open.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  app.setErrorHandler((raw: FastifyError, req, reply) => {
    let err: AppError;
    if (hasZodFastifySchemaValidationErrors(raw)) err = PlatformErrors.validation(validationMessages(raw));
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
