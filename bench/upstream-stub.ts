/**
 * A stand-in for production's upstream acquirer: an HTTPS server of the gateway API (`/v1.0`)
 * that approves every purchase after a fixed delay, the network and issuer time of a real
 * acquirer. It runs in a child process of its own (`spawnUpstreamStub`), so that its CPU and
 * event loop are not the measured process's.
 *
 * It answers `POST /v1.0/purchases` (approved, `00`, after the delay; a reference it has seen is
 * rejected with "Reference is already taken", as a gateway does) and `GET /v1.0/purchases/{id or
 * reference}` (the record, or 404), and counts what it was sent: purchases, lookups, repeated
 * references, TLS connections, and the most requests it held at once (which shows whether the
 * caller overlapped its charges, and how far).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { generateSelfSigned } from '../src/platform/tls.ts';

export interface StubStats {
  /** POST /v1.0/purchases received (first sends and re-sends alike). */
  purchases: number;
  /** Purchases approved: distinct references. */
  approved: number;
  /** Purchases rejected because their reference had been sent before. */
  duplicates: number;
  /** GET /v1.0/purchases/{ref} received. */
  lookups: number;
  /** Anything else (answered 404). */
  other: number;
  /** Requests without Basic credentials (answered 401). */
  unauthenticated: number;
  /** TLS connections accepted. */
  connections: number;
  /** The most requests held at once (waiting out the delay). */
  peakInFlight: number;
  /** Requests held at once on average, from the first request's arrival to the last answer. */
  meanInFlight: number;
}

export interface UpstreamStub {
  /** The API base, `https://127.0.0.1:<port>/v1.0`. */
  url: string;
  /** PEM of the stub's self-signed certificate: the CA to trust (UPSTREAM_GATEWAY_CA_FILE). */
  ca: string;
  stats(): Promise<StubStats>;
  close(): Promise<void>;
}

type FromParent = { type: 'start'; latencyMs: number; cert: string; key: string } | { type: 'stats' };
type FromChild = { type: 'listening'; port: number } | { type: 'stats'; stats: StubStats } | { type: 'error'; message: string };

/** Starts the stub in a child process; it answers after `latencyMs`. */
export async function spawnUpstreamStub(latencyMs: number): Promise<UpstreamStub> {
  const tls = await generateSelfSigned('127.0.0.1');
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (type: FromChild['type']) =>
    new Promise<FromChild>((resolve, reject) => {
      const onMessage = (m: FromChild) => {
        if (m.type === type || m.type === 'error') {
          child.off('message', onMessage);
          child.off('exit', onExit);
          if (m.type === 'error') reject(new Error(`upstream stub: ${m.message}`));
          else resolve(m);
        }
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`upstream stub exited (${code})`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const listening = next('listening');
  child.send({ type: 'start', latencyMs, cert: tls.cert, key: tls.key } satisfies FromParent);
  const { port } = (await listening) as Extract<FromChild, { type: 'listening' }>;
  return {
    url: `https://127.0.0.1:${port}/v1.0`,
    ca: tls.cert,
    async stats() {
      const answer = next('stats');
      child.send({ type: 'stats' } satisfies FromParent);
      return ((await answer) as Extract<FromChild, { type: 'stats' }>).stats;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The child's side: the HTTPS server itself. */
function serve(latencyMs: number, cert: string, key: string): Promise<number> {
  let inFlight = 0;
  const stats: StubStats = {
    purchases: 0,
    approved: 0,
    duplicates: 0,
    lookups: 0,
    other: 0,
    unauthenticated: 0,
    connections: 0,
    peakInFlight: 0,
    meanInFlight: 0,
  };
  // The integral of requests in flight over time, for the mean.
  let firstAt = 0;
  let lastAt = 0;
  let area = 0;
  const step = (delta: number) => {
    const now = performance.now();
    if (firstAt === 0) firstAt = now;
    else area += inFlight * (now - lastAt);
    lastAt = now;
    inFlight += delta;
  };
  const records = new Map<string, Record<string, unknown>>();
  let seq = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const later = (res: ServerResponse, status: number, body: () => unknown) => {
    step(1);
    stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
    setTimeout(() => {
      step(-1);
      send(res, status, body());
    }, latencyMs);
  };
  const notFound = { successful: false, response: null, errors: ['Could not find Purchase'], test: false };

  const purchase = (res: ServerResponse, text: string) => {
    stats.purchases++;
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      send(res, 400, { successful: false, response: null, errors: ['Body is not JSON'], test: false });
      return;
    }
    const reference = String(body.reference ?? '');
    const number = String(body.card_number ?? '');
    const masked = number.length >= 10 ? `${number.slice(0, 6)}${'X'.repeat(number.length - 10)}${number.slice(-4)}` : null;
    const amount = Number(body.amount);
    const capture = body.capture !== false;
    if (records.has(reference)) {
      stats.duplicates++;
      const rejected = {
        id: null,
        authorization: null,
        card_token: null,
        card_number: masked,
        amount,
        currency: body.currency ?? null,
        successful: false,
        message: null,
        reference,
        response_code: '99',
        transaction_date: null,
      };
      later(res, 200, () => ({ successful: false, response: rejected, errors: ['Reference is already taken'], test: false }));
      return;
    }
    stats.approved++;
    const id = `STUB-P-${String(++seq).padStart(8, '0')}`;
    const record = {
      id,
      transaction_id: id,
      authorization: String(100000 + (seq % 900000)),
      card_token: null,
      card_number: masked,
      amount,
      currency: body.currency ?? null,
      successful: true,
      message: 'Approved',
      reference,
      response_code: '00',
      transaction_date: new Date().toISOString(),
      rrn: String(seq).padStart(12, '0'),
      captured: capture,
      captured_amount: capture ? amount : 0,
    };
    // Recorded at once, answered after the delay: a lookup during the wait finds it, as upstream.
    records.set(reference, record);
    records.set(id, record);
    later(res, 200, () => ({ successful: true, response: record, errors: [], test: false }));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    if (!/^Basic \S+/.test(req.headers.authorization ?? '')) {
      stats.unauthenticated++;
      send(res, 401, { successful: false, response: null, errors: ['Invalid credentials'], test: false });
      return;
    }
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'POST' && path === '/v1.0/purchases') return purchase(res, text);
    const lookup = /^\/v1\.0\/purchases\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && lookup) {
      stats.lookups++;
      const record = records.get(decodeURIComponent(lookup[1]!));
      later(res, record ? 200 : 404, () => (record ? { successful: true, response: record, errors: [], test: false } : notFound));
      return;
    }
    stats.other++;
    send(res, 404, { successful: false, response: null, errors: ['Record not found'], test: false });
  };

  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  // Keep-alive longer than the client's (30 s), so that the client, not the stub, closes idle connections.
  server.keepAliveTimeout = 65_000;
  server.on('secureConnection', () => stats.connections++);
  process.on('message', (m: FromParent) => {
    if (m.type !== 'stats') return;
    const meanInFlight = lastAt > firstAt ? area / (lastAt - firstAt) : 0;
    process.send!({ type: 'stats', stats: { ...stats, meanInFlight } } satisfies FromChild);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--serve')) {
  // The parent going away (a crash, a kill of the bench) takes the stub with it.
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.once('message', (m: FromParent) => {
    if (m.type !== 'start') return;
    serve(m.latencyMs, m.cert, m.key).then(
      (port) => process.send!({ type: 'listening', port } satisfies FromChild),
      (err: Error) => {
        process.send!({ type: 'error', message: err.message } satisfies FromChild);
        process.exit(1);
      },
    );
  });
}
