import { describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { publicOnlyConnector, publicOnlyLookup } from '../../../workers/webhook.worker.ts';

function resolve(hostname: string, all: boolean): Promise<{ err: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((done) => {
    publicOnlyLookup(hostname, { all } as never, (err, address) => done({ err, address }));
  });
}

describe('webhook receivers in production resolve to public addresses only', () => {
  it('refuses a name that resolves to loopback, at connect time', async () => {
    for (const all of [false, true]) {
      const { err } = await resolve('localhost', all);
      expect(err?.code).toBe('ERECEIVERPRIVATE');
      expect(err?.message).toContain('resolves to a private, loopback or link-local address');
    }
  });

  it('passes a lookup failure through unchanged', async () => {
    const { err } = await resolve('no-such-host.invalid', false);
    expect(err?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});

// Real connection attempts, to loopback only: a server on 127.0.0.1 and ::1 counts what reaches it.
describe('the production connector checks the address of every connection, IP literals included', () => {
  async function listen(host: string): Promise<{ close(): Promise<void>; port: number; connections: () => number }> {
    let count = 0;
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      count++;
      sockets.add(socket);
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    await new Promise<void>((done) => server.listen(0, host, done));
    const close = () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      });
    return { close, port: (server.address() as AddressInfo).port, connections: () => count };
  }

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '[::1]'],
    ['127.0.0.1', 'localhost'],
  ])('refuses a receiver on %s reached as %s, and no connection arrives', async (bind, host) => {
    const target = await listen(bind);
    const strict = new Agent({ connect: publicOnlyConnector({ timeout: 2_000 }) });
    const open = new Agent();
    try {
      const err = await request(`http://${host}:${target.port}/hook`, { method: 'POST', body: '{}', dispatcher: strict }).then(
        () => null,
        (e: NodeJS.ErrnoException) => e,
      );
      expect(err?.code).toBe('ERECEIVERPRIVATE');
      expect(target.connections()).toBe(0);
      // The same request without the check reaches the server: the count above could have moved.
      const res = await request(`http://${host}:${target.port}/hook`, { method: 'POST', body: '{}', dispatcher: open });
      await res.body.dump();
      expect(res.statusCode).toBe(200);
      expect(target.connections()).toBe(1);
    } finally {
      await Promise.all([strict.close(), open.close()]);
      await target.close();
    }
  });
});
