import { connect, type TLSSocket } from 'node:tls';
import { Agent, request } from 'undici';
import { parseAnswer } from './raw-tls.ts';
import { seededRandom } from '../../src/cli/demo-scenario.ts';

/**
 * A fuzzer for Recur's listeners (loopback only): malformed requests of every kind, on every
 * documented route and on routes that do not exist, over the sandbox, production and ops
 * listeners. Every answer must be below 500, carry `X-Request-Id`, and be the envelope
 * (`{successful, response, errors, test}`) unless it is one of the documented unenveloped
 * successes (probes, ping, the OpenAPI document and its page, metrics, the queue dashboard).
 * Deterministic for a seed.
 */

export interface FuzzTarget {
  name: 'sandbox' | 'production' | 'ops';
  port: number;
  /** `Authorization` headers that pass, used for most requests (the rest go with wrong ones or none). */
  authorizations: string[];
  /** Documented routes: method and path with `{param}` placeholders. */
  routes: { method: string; path: string; fields: string[] }[];
}

export interface FuzzFinding {
  target: string;
  method: string;
  path: string;
  status: number | null;
  why: string;
  body: string;
  /** The bytes sent, for a raw request. */
  raw?: string;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<string, number>;
  /** Answers of 500 or more. */
  serverErrors: number;
  /** Answers that are not the envelope (and not a documented unenveloped success) or lack X-Request-Id. */
  outsideEnvelope: number;
  /** Requests that got no HTTP answer at all (the connection closed without one). */
  unanswered: number;
  findings: FuzzFinding[];
  durationMs: number;
}

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d\ude00',
  '',
  ' ',
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u202e\u200b',
  'ｆｕｌｌ',
  '0'.repeat(300),
  'x'.repeat(5_000),
  '4111111111111111',
  '4111 1111 1111 1111',
  '1e309',
  'NaN',
  '-1',
  'null',
  '{}',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-13-01',
  '99/9999',
  '00/0000',
  '12/2039',
  'AUD',
  'aud',
  'XXX',
  'month',
  'https://localhost./h',
  'https://a.localhost./h',
  'http://169.254.169.254/',
];

const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 63),
  1e308,
  99_999_999_999_999,
  [],
  [null],
  {},
  { nested: { deeper: '\u0000' } },
  { '\u0000': 1 },
  { '\ud800': 'x' },
  { __proto__: { polluted: true } },
  ['a', 1, {}],
];

const PATH_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%zz',
  '%25',
  '..',
  '%2e%2e',
  '%2F',
  'x'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-000000000001',
  'not-a-uuid',
  '-1',
  '0',
  '%F0%9F%98%80',
  '%C0%AE',
  'abc;def',
  'a%20b',
  '4111111111111111',
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'SEARCH', 'LOCK', 'MKCOL', 'QUERY'];
const RAW_METHODS = ['FOO', 'get', 'G\u00e9T', 'CONNECT', 'PRI', 'BREW', ''];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/json; charset=latin1',
  'garbage',
];
const UNKNOWN_PATHS = [
  '/',
  '/v1.0',
  '/v1.0/',
  '/v1.0/nothing',
  '/v2/purchases',
  '/favicon.ico',
  '/.env',
  '/admin',
  '/ops',
  '/ops/',
  '/ops/queues/static/../../../package.json',
  '/ops/queues/static/%2e%2e/%2e%2e/package.json',
  '/ops/admin/queues/api/nothing',
  '/ops/%61dmin/queues/api/queues/charge/pause',
  '//v1.0/purchases',
  '/v1.0//purchases',
  '/v1.0/purchases/',
  '/V1.0/PURCHASES',
  '/v1.0/./purchases',
  '/v1.0/purchases/../credit_cards',
  '/v1.0/openapi.json/x',
  '/v1.0/docs/static/../../../etc/passwd',
  '/livez/x',
  '/metrics/x',
  '/%00',
  '/v1.0/%ED%A0%80',
  '/v1.0/purchases?page=%00',
  '/v1.0/purchases?page=-1&limit=1e9',
  '/v1.0/purchases?page[]=1&page[]=2',
  '/v1.0/purchases?' + 'a=1&'.repeat(500),
  '/v1.0/health?echo=%ED%A0%80',
  '/v1.0/events?type=%00',
];

/** Documented successes whose body is not the envelope. */
function unenvelopedSuccess(target: string, path: string, status: number, method: string): boolean {
  if (method === 'HEAD' || status === 204 || status === 304) return true;
  if (status >= 400) return false;
  const bare = path.split('?')[0]!;
  if (/^\/(livez|readyz)$/.test(bare)) return true;
  if (target !== 'ops' && /^\/(v1\.0\/)?ping(\.json)?$/.test(bare)) return true;
  if (target !== 'ops' && (bare === '/v1.0/openapi.json' || bare.startsWith('/v1.0/docs'))) return true;
  if (target === 'ops' && (bare === '/metrics' || bare.startsWith('/ops/'))) return true;
  // A document answers the PDF itself (its errors are enveloped).
  if (target !== 'ops' && status === 200 && /^\/v1\.0\/(invoices|credit_notes)\/[^/]+\/pdf$/.test(bare)) return true;
  return false;
}

/** `readyz` answers 503 with its own body while a dependency is down: documented too. */
function isProbe(path: string): boolean {
  return /^\/(livez|readyz)$/.test(path.split('?')[0]!);
}

function isEnvelope(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return typeof b.successful === 'boolean' && 'response' in b && Array.isArray(b.errors) && typeof b.test === 'boolean';
}

interface Planned {
  target: FuzzTarget;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent as raw bytes (for what no HTTP client would send). */
  raw?: Buffer;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function nastyValue(r: () => number): unknown {
  const roll = r();
  if (roll < 0.55) return pick(r, NASTY_STRINGS);
  if (roll < 0.9) return pick(r, NASTY_VALUES);
  return pick(r, NASTY_STRINGS) + pick(r, NASTY_STRINGS);
}

/** A plausible value for a field, by its name, so that a request gets past the first check. */
function plausible(field: string, r: () => number): unknown {
  if (/amount|quantity|interval_count|percent|max_|duration_in|limit|page|trial/.test(field)) return 100 + Math.floor(r() * 900);
  if (/currency/.test(field)) return 'AUD';
  if (/time|date|_at$|redeem_by|anchor/.test(field)) return '2026-12-01T00:00:00Z';
  if (field === 'card_number') return '4111111111111111';
  if (field === 'card_expiry') return '12/2039';
  if (field === 'cvv') return '123';
  if (field === 'interval') return 'month';
  if (field === 'url') return 'https://example.com/hooks';
  if (field === 'metadata') return { note: 'fuzz' };
  if (field === 'events' || field === 'outcomes') return [];
  if (/^(test|is_billing|capture|unmatched)/.test(field)) return false;
  return `fuzz-${Math.floor(r() * 1e6)}`;
}

function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function body(route: FuzzTarget['routes'][number] | null, r: () => number): string | Buffer | undefined {
  const roll = r();
  if (roll < 0.05) return undefined;
  if (roll < 0.1) return '{"amount": 100, "reference": "trunc';
  if (roll < 0.13) return deepJson(200 + Math.floor(r() * 20_000));
  if (roll < 0.16) return JSON.stringify({ reference: 'x'.repeat(70_000 + Math.floor(r() * 200_000)) });
  if (roll < 0.19) return pick(r, ['[]', 'null', '1', '"x"', 'true', '[{}]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']);
  if (roll < 0.21) return Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x22, 0xed, 0xa0, 0x80]);
  if (roll < 0.23) return '{"a":"\\ud800"}';
  if (roll < 0.25) return 'a=1&b=2';
  const fields = route?.fields.length ? route.fields : ['amount', 'currency', 'reference', 'card_token', 'metadata', 'name'];
  const obj: Record<string, unknown> = {};
  for (const field of fields) if (r() < 0.8) obj[field] = plausible(field, r);
  const mutations = 1 + Math.floor(r() * 3);
  for (let i = 0; i < mutations; i++) {
    const field = r() < 0.85 ? pick(r, fields) : pick(r, ['unknown_field', '\u0000', '\ud800', 'metadata', 'x'.repeat(200)]);
    if (field === 'metadata' && r() < 0.6) {
      obj.metadata = { [String(pick(r, NASTY_STRINGS))]: nastyValue(r) };
    } else {
      obj[field] = nastyValue(r);
    }
  }
  return JSON.stringify(obj);
}

function fillPath(path: string, r: () => number, known: string[]): string {
  return path.replace(/\{[^}]+\}/g, () => (r() < 0.3 && known.length ? encodeURIComponent(pick(r, known)) : pick(r, PATH_PARAMS)));
}

function plan(target: FuzzTarget, r: () => number, known: string[]): Planned {
  const headers: Record<string, string> = {};
  const authRoll = r();
  if (authRoll < 0.85) headers.authorization = pick(r, target.authorizations);
  else if (authRoll < 0.93)
    headers.authorization = pick(r, ['Basic !!!', 'Bearer x', 'Basic ' + Buffer.from('a:b').toString('base64'), 'Basic']);
  const route = r() < 0.85 && target.routes.length ? pick(r, target.routes) : null;
  let method = route ? route.method : pick(r, METHODS);
  if (r() < 0.12) method = pick(r, METHODS);
  const path = route ? fillPath(route.path, r, known) : pick(r, UNKNOWN_PATHS);
  const withQuery =
    r() < 0.15
      ? `${path}${path.includes('?') ? '&' : '?'}${pick(r, ['page=0', 'limit=-5', 'echo=%00', 'x=%ED%A0%80', 'page=1e999', 'a[b]=c', '%zz=1'])}`
      : path;
  if (r() < 0.3) headers['content-type'] = pick(r, CONTENT_TYPES);
  else if (method !== 'GET' && method !== 'HEAD') headers['content-type'] = 'application/json';
  if (r() < 0.15) headers['idempotency-key'] = pick(r, ['k', 'x'.repeat(300), '%00', 'key with spaces', '4111111111111111', 'ünï']);
  if (r() < 0.05) headers['x-request-id'] = pick(r, ['', 'x'.repeat(200), '../../', '4111111111111111', 'ok-id']);
  if (r() < 0.04) headers.expect = pick(r, ['foo', '100-continue', '200-ok']);
  if (r() < 0.04) headers['accept-encoding'] = pick(r, ['gzip', 'br', 'x']);
  if (r() < 0.03) headers.range = 'bytes=0-10';
  const payload = method === 'GET' && r() < 0.8 ? undefined : body(route, r);

  // About one request in six goes as raw bytes: what no HTTP client would send.
  if (r() < 0.16) {
    const rawMethod = r() < 0.3 ? pick(r, RAW_METHODS) : method;
    const target_ = pick(r, [
      withQuery,
      `https://127.0.0.1:${target.port}${withQuery}`,
      `*`,
      withQuery.replace(/\//g, '\\'),
      `${withQuery} extra`,
    ]);
    const bodyBytes = payload === undefined ? Buffer.alloc(0) : Buffer.from(payload);
    const lines = [`${rawMethod} ${target_} ${pick(r, ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9'])}`];
    if (r() < 0.9) lines.push('Host: 127.0.0.1');
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    const framing = r();
    if (framing < 0.6) lines.push(`Content-Length: ${bodyBytes.length}`);
    else if (framing < 0.7) lines.push(`Content-Length: ${bodyBytes.length + 5}`);
    else if (framing < 0.8) lines.push('Transfer-Encoding: chunked', `Content-Length: ${bodyBytes.length}`);
    else if (framing < 0.85) lines.push(`Content-Length: -1`);
    else if (framing < 0.9) lines.push(`X-Bad\u0001Header: 1`);
    else if (framing < 0.95) lines.push(`X-Big: ${'x'.repeat(20_000)}`);
    lines.push('Connection: close');
    const raw = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bodyBytes]);
    return { target, method: rawMethod, path: withQuery, headers, raw };
  }
  return { target, method, path: withQuery, headers, body: payload };
}

function rawSend(port: number, ca: string, bytes: Buffer, limitMs: number): Promise<{ text: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8') });
    };
    const socket: TLSSocket = connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['http/1.1'] }, () => {
      socket.write(bytes);
    });
    const timer = setTimeout(finish, limitMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is enough: stop once its body is complete.
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, head));
      if (head >= 0 && length && text.length - head - 4 >= Number(length[1])) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

/** Sends `count` requests spread over the targets, `concurrency` at a time; returns what came back. */
export async function fuzz(options: {
  targets: FuzzTarget[];
  ca: string;
  count: number;
  seed?: number;
  concurrency?: number;
  /** Ids and tokens that exist, so that some requests reach real records. */
  known?: string[];
  maxFindings?: number;
  /** Called every `progressEvery` requests with the report so far. */
  onProgress?: (report: FuzzReport) => void;
  progressEvery?: number;
}): Promise<FuzzReport> {
  const r = seededRandom(options.seed ?? 1);
  const newAgent = () => new Agent({ connect: { ca: options.ca }, keepAliveTimeout: 5_000, allowH2: false, connections: 8 });
  const agents: Agent[] = [];
  /** Closes an agent, but waits no longer than 5 s for it (a request refused mid-body may hold it). */
  const retire = async (agent: Agent) => {
    agents.splice(agents.indexOf(agent) >>> 0, 1);
    try {
      await Promise.race([agent.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      if (!agent.destroyed) await agent.destroy().catch(() => {});
    } catch {
      // Already closed or destroyed: nothing left to free.
    }
  };
  const report: FuzzReport = { sent: 0, byStatus: {}, serverErrors: 0, outsideEnvelope: 0, unanswered: 0, findings: [], durationMs: 0 };
  const started = Date.now();
  const note = (p: Planned, status: number | null, why: string, text: string) => {
    if (report.findings.length < (options.maxFindings ?? 50)) {
      report.findings.push({
        target: p.target.name,
        method: p.method,
        path: p.path.slice(0, 200),
        status,
        why,
        body: text.slice(0, 300),
        ...(p.raw ? { raw: p.raw.toString('latin1').slice(0, 400) } : {}),
      });
    }
  };
  const check = (p: Planned, status: number | null, headers: Record<string, unknown>, text: string, bodyValue: unknown) => {
    report.sent += 1;
    if (options.onProgress && report.sent % (options.progressEvery ?? 2_000) === 0) {
      options.onProgress({ ...report, durationMs: Date.now() - started });
    }
    report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
    if (status === null) {
      report.unanswered += 1;
      note(p, status, 'no answer', text);
      return;
    }
    if (status >= 500 && !(status === 503 && isProbe(p.path))) {
      report.serverErrors += 1;
      note(p, status, '5xx', text);
    }
    const requestId = headers['x-request-id'];
    const enveloped = isEnvelope(bodyValue) || unenvelopedSuccess(p.target.name, p.path, status, p.method) || isProbe(p.path);
    if (!enveloped || !requestId) {
      report.outsideEnvelope += 1;
      note(p, status, !requestId ? 'no X-Request-Id' : 'not the envelope', text);
    }
  };
  let next = 0;
  const known = options.known ?? [];
  const worker = async () => {
    // Each worker has its own client pool, renewed every 250 requests: in a long run, undici's
    // pool was seen to queue requests for ever after many refused mid-body (no socket open).
    let agent = newAgent();
    agents.push(agent);
    let used = 0;
    while (next < options.count) {
      if (++used % 250 === 0) {
        void retire(agent);
        agent = newAgent();
        agents.push(agent);
      }
      next += 1;
      const target = options.targets[next % options.targets.length]!;
      const p = plan(target, r, known);
      if (p.raw) {
        const { text: received } = await rawSend(target.port, options.ca, p.raw, 15_000);
        // An interim `100 Continue` (the request said `Expect: 100-continue`) precedes the answer.
        const text = received.replace(/^(?:HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
        const parsed = parseAnswer(text);
        // Raw requests that a client could not even frame as HTTP may be closed without an
        // answer only when Node's parser gave up on them (it answers those it can).
        check(p, parsed.status, parsed.headers, text, parsed.body);
        continue;
      }
      try {
        const res = await request(`https://127.0.0.1:${target.port}${p.path}`, {
          method: p.method as 'GET',
          dispatcher: agent,
          headers: p.headers,
          body: p.body,
          headersTimeout: 15_000,
          bodyTimeout: 15_000,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.body.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        check(p, res.statusCode, res.headers, text, parsed);
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        // The client refused to send it (an invalid header or path): nothing reached Recur.
        if (code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED' || err instanceof TypeError) continue;
        // The server answered early and closed while the body was still going (a 413): undici
        // reports the socket; the answer was given. Counted apart, as it has no status to check.
        report.sent += 1;
        report.byStatus[code || 'error'] = (report.byStatus[code || 'error'] ?? 0) + 1;
        if (!['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH'].includes(code)) {
          report.unanswered += 1;
          note(p, null, `client error ${code}: ${String(err).slice(0, 100)}`, '');
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 16 }, worker));
  await Promise.all([...agents].map(retire));
  report.durationMs = Date.now() - started;
  return report;
}

/** The documented routes of an OpenAPI document, with the top-level fields of their JSON bodies. */
export function routesOf(document: any): FuzzTarget['routes'] {
  const out: FuzzTarget['routes'] = [];
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      const fields = Object.keys(schema?.properties ?? {});
      out.push({ method: method.toUpperCase(), path: path.startsWith('/v1.0') ? path : `/v1.0${path}`, fields });
    }
  }
  return out;
}
