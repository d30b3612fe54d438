import { STATUS_CODES } from 'node:http';
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
    if (socket.writable) {
      const body = JSON.stringify(failure([message], test, null));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
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
