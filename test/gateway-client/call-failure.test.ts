import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyCallFailure } from '../../src/gateway-client/call-failure.ts';
import {
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  NotProcessedError,
  PermissionError,
  RateLimitError,
  ServerError,
  TransportError,
} from '../../src/gateway-client/errors.ts';
import { GatewayClient } from '../../src/gateway-client/gateway-client.ts';

// The one reading of the gateway client's errors: processed or not. The billing adapters and the
// upstream acquirer map it to their own outcomes.

describe('classifyCallFailure', () => {
  it.each([
    [new ConnectionError('connect ECONNREFUSED 127.0.0.1:1', null), 'not_connected', false],
    [new AuthenticationError('Invalid credentials', 401), 'refused', false],
    [new PermissionError('Sandbox credentials cannot be used in production', 403), 'refused', false],
    [new RateLimitError('slow down', 429), 'rate_limited', false],
    [new NotProcessedError('upstream unreachable; not processed', 502), 'not_processed', false],
    [new InvalidRequestError('Card x could not be found', 422), 'rejected', false],
    [new NotFoundError('Not Found', 404), 'rejected', false],
    [new TransportError('gateway request failed: other side closed', null), 'unknown', 'maybe'],
    [new TransportError('gateway answered HTTP 200 with a body that is not JSON', 200), 'unknown', 'maybe'],
    [new ServerError('gateway answered HTTP 500', 500), 'unknown', 'maybe'],
  ] as const)('%s is %s (processed: %s)', (error, kind, processed) => {
    expect(classifyCallFailure(error)).toMatchObject({ kind, processed, error });
  });

  it('says whether the gateway answered an unknown outcome with a status', () => {
    expect(classifyCallFailure(new TransportError('timeout', null))).toMatchObject({ answered: false });
    expect(classifyCallFailure(new TransportError('not this API', 200))).toMatchObject({ answered: true });
    expect(classifyCallFailure(new ServerError('HTTP 503', 503))).toMatchObject({ answered: true });
  });

  it('is null for an error that is not the client’s (the caller rethrows it)', () => {
    expect(classifyCallFailure(new Error('a bug'))).toBeNull();
    expect(classifyCallFailure('text')).toBeNull();
  });
});

describe('a real connection: refused before sending, or dropped after', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function listen(onConnection: (socket: import('node:net').Socket) => void): Promise<number> {
    server = createServer(onConnection);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  const purchase = (client: GatewayClient) =>
    client.purchase({ amount: 100, currency: 'AUD', reference: 'r-1', card_token: 'x' }).catch((e: unknown) => e);

  it('a refused connection is not_connected: no byte of the request left, nothing processed', async () => {
    const port = await listen(() => undefined);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const client = new GatewayClient({ baseUrl: `http://127.0.0.1:${port}/v1.0`, username: 'u', token: 't', timeoutMs: 2_000 });
    try {
      expect(classifyCallFailure(await purchase(client))).toMatchObject({ kind: 'not_connected', processed: false });
    } finally {
      await client.close();
    }
  });

  it('a connection dropped after the request was written is unknown: look it up before any re-send', async () => {
    let received = '';
    const port = await listen((socket) =>
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n')) socket.destroy();
      }),
    );
    const client = new GatewayClient({ baseUrl: `http://127.0.0.1:${port}/v1.0`, username: 'u', token: 't', timeoutMs: 2_000 });
    try {
      const failure = classifyCallFailure(await purchase(client));
      expect(received).toMatch(/^POST \/v1\.0\/purchases/);
      expect(failure).toMatchObject({ kind: 'unknown', processed: 'maybe', answered: false });
    } finally {
      await client.close();
    }
  });
});
