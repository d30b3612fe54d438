import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../logger.ts';
import { failure } from './envelope.ts';

/**
 * Answers that Node's HTTP parser or the router gives before any route runs: each in the
 * envelope like every other answer, none repeating the URL or a header it refused.
 */

/** Why a connection's request could not be parsed, as Node reports it, mapped to a status and message. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large' };
    case 'HPE_URI_TOO_LONG':
      return { status: 414, message: 'Request URL is too long' };
    default:
      return { status: 400, message: 'Bad request: the request is not valid HTTP/1.1' };
  }
}

/**
 * The `clientError` hook of a listener: writes an enveloped answer on the raw socket (no
 * request object exists yet) and closes the connection, whose stream can no longer be trusted.
 */
export function clientErrorHandler(test: boolean, logger: Logger) {
  return (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(err.code);
    logger.debug({ code: err.code, status }, 'client error');
    answerOnSocket(socket, status, message, test);
  };
}

/** The headers of an answer given outside the router: the documented ones, with a fresh request id. */
function edgeHeaders(body: string): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Request-Id': randomUUID(),
    Connection: 'close',
  };
}

/** Writes an enveloped answer on a raw socket and closes it. */
function answerOnSocket(socket: Duplex, status: number, message: string, test: boolean): void {
  if (socket.writable) {
    const body = JSON.stringify(failure([message], test, null));
    const head = Object.entries(edgeHeaders(body))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Requests Node answers itself, before the router, unless the server listens for them: an
 * `Expect` other than `100-continue` (Node's own 417 has an empty body) and `CONNECT` (Node
 * drops the connection without a word). Both get the envelope and the documented headers.
 */
export function answerOutsideRouter(server: Server, test: boolean): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(failure(['Only the expectation 100-continue is supported'], test, null));
    res.writeHead(417, edgeHeaders(body)).end(body);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    answerOnSocket(socket, 405, 'The CONNECT method is not supported', test);
  });
}

/** The router's own errors (a malformed percent-escape, a path parameter over the limit). */
export function frameworkErrorHandler(test: boolean, maxParamLength: number) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', req.id).header('cache-control', 'no-store');
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      reply.code(414).send(failure([`A path parameter is longer than ${maxParamLength} characters`], test, null));
    } else if (err.code === 'FST_ERR_BAD_URL') {
      reply.code(400).send(failure(['Request URL is malformed'], test, null));
    } else {
      reply.code(400).send(failure(['Bad request'], test, null));
    }
  };
}
