/**
 * A fault-injecting proxy on loopback between Recur's production path and its upstream gateway.
 * It terminates TLS with the test certificate and opens its own TLS connection upstream, so it
 * sees each HTTP/1.1 request (undici sends one at a time per connection) and can hurt the one a
 * rule names:
 *   delay        forward the answer `ms` late
 *   stall        forward the request, never forward the answer (the caller times out)
 *   drop         forward the request, and close the caller's connection when the answer comes
 *                (the upstream processed it; the caller never learns the outcome)
 *   reset        forward the request, then reset the caller's connection at once (TCP RST)
 *   lose         reset the caller's connection without forwarding (the upstream never sees it)
 * and, for every connection: `refuse()` stops listening (ECONNREFUSED) and resets what is open,
 * `accept()` listens again on the same port. Only loopback; nothing leaves the machine.
 */
import { connect as tlsConnect, createServer as createTlsServer, type TLSSocket } from 'node:tls';
import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export type FaultKind = 'delay' | 'stall' | 'drop' | 'reset' | 'lose';

export interface FaultRule {
  method: string;
  /** A path prefix after the API base, e.g. `/v1.0/purchases`. */
  path: string;
  kind: FaultKind;
  ms?: number;
  /** How many matching requests it hurts (default 1). */
  times?: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  fault: FaultKind | null;
}

export interface FaultProxy {
  readonly port: number;
  /** The proxy's URL for a path of the upstream (`/v1.0`). */
  url(path: string): string;
  add(rule: FaultRule): void;
  clearRules(): void;
  /** Every request seen, in order, with the fault it got. */
  readonly seen: SeenRequest[];
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP RST where the platform lets a TLS socket send one; a plain close otherwise. */
function reset(socket: TLSSocket): void {
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}

interface ParsedHead {
  method: string;
  path: string;
  length: number;
  headEnd: number;
}

function parseHead(buffer: Buffer): ParsedHead | null {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buffer.subarray(0, headEnd).toString('latin1');
  const [requestLine, ...lines] = head.split('\r\n');
  const [method = '', path = ''] = (requestLine ?? '').split(' ');
  const lengthLine = lines.find((l) => l.toLowerCase().startsWith('content-length:'));
  const length = lengthLine ? Number(lengthLine.slice(lengthLine.indexOf(':') + 1).trim()) : 0;
  return { method, path, length, headEnd: headEnd + 4 };
}

export async function startFaultProxy(options: {
  target: { host: string; port: number };
  tls: { cert: string; key: string };
  /** The CA the upstream's certificate chains to. */
  upstreamCa: string;
}): Promise<FaultProxy> {
  const rules: (FaultRule & { left: number })[] = [];
  const seen: SeenRequest[] = [];
  const sockets = new Set<TLSSocket>();
  let port = 0;

  const take = (method: string, path: string): FaultRule | null => {
    const rule = rules.find((r) => r.left > 0 && r.method === method && path.startsWith(r.path));
    if (!rule) return null;
    rule.left--;
    return rule;
  };

  const onConnection = (client: TLSSocket) => {
    sockets.add(client);
    let upstream: TLSSocket | null = null;
    let pending = Buffer.alloc(0);
    let current: FaultRule | null = null;
    const closeBoth = () => {
      client.destroy();
      upstream?.destroy();
      sockets.delete(client);
      if (upstream) sockets.delete(upstream);
    };
    client.on('error', closeBoth).on('close', closeBoth);
    const ensureUpstream = (): TLSSocket => {
      if (upstream) return upstream;
      const up = tlsConnect({ host: options.target.host, port: options.target.port, ca: options.upstreamCa });
      upstream = up;
      sockets.add(up);
      up.on('error', closeBoth).on('close', closeBoth);
      up.on('data', (chunk: Buffer) => {
        const fault = current;
        if (!fault) return void client.write(chunk);
        switch (fault.kind) {
          case 'delay':
            setTimeout(() => client.writable && client.write(chunk), fault.ms ?? 1_000);
            return;
          case 'stall':
            return;
          case 'drop':
            closeBoth();
            return;
          default:
            client.write(chunk);
        }
      });
      return up;
    };
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const head = parseHead(pending);
        if (!head || pending.length < head.headEnd + head.length) return;
        const request = pending.subarray(0, head.headEnd + head.length);
        pending = pending.subarray(head.headEnd + head.length);
        current = take(head.method, head.path);
        seen.push({ method: head.method, path: head.path, fault: current?.kind ?? null });
        if (current?.kind === 'lose') {
          reset(client);
          return;
        }
        ensureUpstream().write(request);
        if (current?.kind === 'reset') {
          // Let the request reach the upstream first: it is processed, the caller sees a reset.
          setTimeout(() => reset(client), 20);
          return;
        }
      }
    });
  };

  let server: Server = createTlsServer({ cert: options.tls.cert, key: options.tls.key }, onConnection);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const resetAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  return {
    get port() {
      return port;
    },
    url: (path) => `https://127.0.0.1:${port}${path}`,
    add(rule) {
      rules.push({ ...rule, left: rule.times ?? 1 });
    },
    clearRules() {
      rules.length = 0;
    },
    seen,
    async refuse() {
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server = createTlsServer({ cert: options.tls.cert, key: options.tls.key }, onConnection);
    },
    accept: listen,
    async close() {
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
