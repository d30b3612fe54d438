import { createRequire } from 'node:module';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request, type Agent } from 'undici';
import type { HttpResult } from './test-app.ts';

/**
 * A TCP proxy between Recur and PostgreSQL or Redis, so that a test can take a dependency away
 * from one process without touching the shared services. `cut()` resets every open connection
 * (a TCP RST, as when a server dies) and resets new ones as soon as they open; `hang()` stops
 * relaying and leaves every connection, open or new, unanswered (a partition or a frozen server);
 * `restore()` resets whatever hung and lets connections through again.
 */
export interface TcpProxy {
  port: number;
  /** Connections currently relayed. */
  open(): number;
  cut(): void;
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'relay' | 'cut' | 'hang' = 'relay';
  const pairs = new Set<[Socket, Socket]>();
  /** Sockets left unanswered while hanging. */
  const held = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'hang') {
      held.add(client);
      client.on('error', () => held.delete(client)).on('close', () => held.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const resetAll = () => {
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    for (const client of held) client.resetAndDestroy();
    held.clear();
  };
  return {
    port,
    open: () => pairs.size,
    cut() {
      mode = 'cut';
      resetAll();
    },
    hang() {
      mode = 'hang';
      // Open connections stay open, but nothing crosses any more, either way.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        held.add(client);
        held.add(upstream);
      }
      pairs.clear();
    },
    restore() {
      // Connections that hung are dead to both ends by now: reset them, as the network would.
      resetAll();
      mode = 'relay';
    },
    close() {
      mode = 'cut';
      resetAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

export interface Credentials {
  username: string;
  password: string;
}

export function basicAuth({ username, password }: Credentials): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** One HTTPS request to a listener's origin (probes and the ops paths live at the root, not under `/v1.0`). */
export async function fetchPath(
  agent: Agent,
  origin: string,
  path: string,
  options: { method?: string; credentials?: Credentials | null; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.credentials) headers.authorization = basicAuth(options.credentials);
  const res = await request(`${new URL(origin).origin}${path}`, {
    method: (options.method ?? 'GET') as 'GET',
    dispatcher: agent,
    headers,
    body: options.body,
  });
  const text = await res.body.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body, text };
}

/** A family as parse-prometheus-text-format returns it (prom2json's shape): values are strings. */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }[];
}

// The package is CommonJS without types: required once, typed here.
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => MetricFamily[];

/** A scrape: the families as the parser read them, and the text (for labelled histograms, see `histogramTotals`). */
export interface Metrics {
  families: Map<string, MetricFamily>;
  text: string;
}

export function parseMetrics(text: string): Metrics {
  return { families: new Map(parsePrometheus(text).map((family) => [family.name, family])), text };
}

function matches(labels: Record<string, string> | undefined, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([k, v]) => labels?.[k] === v);
}

/** The value of one counter or gauge sample (0 when the series does not exist yet: a counter that never moved). */
export function sampleValue(metrics: Metrics, name: string, labels: Record<string, string> = {}): number {
  const family = metrics.families.get(name);
  if (!family) throw new Error(`no metric family ${name}`);
  if (family.type === 'HISTOGRAM' || family.type === 'SUMMARY') throw new Error(`${name} is a ${family.type}: use histogramTotals`);
  const series = family.metrics.filter((m) => matches(m.labels, labels));
  if (series.length > 1) throw new Error(`${name}${JSON.stringify(labels)} matches ${series.length} series`);
  return series[0] ? Number(series[0].value) : 0;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * A histogram's count and sum, added over every series whose labels include `labels`.
 * parse-prometheus-text-format folds a histogram into one unlabelled series (it drops the
 * `_count` and `_sum` of labelled series), so these are read from the sample lines themselves.
 */
export function histogramTotals(metrics: Metrics, name: string, labels: Record<string, string> = {}): { count: number; sum: number } {
  const family = metrics.families.get(name);
  if (!family) throw new Error(`no metric family ${name}`);
  if (family.type !== 'HISTOGRAM') throw new Error(`${name} is a ${family.type}, not a histogram`);
  const totals = { count: 0, sum: 0 };
  for (const line of metrics.text.split('\n')) {
    const match = SAMPLE_LINE.exec(line.trim());
    if (!match || (match[1] !== `${name}_count` && match[1] !== `${name}_sum`)) continue;
    const seen = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    if (!matches(seen, labels)) continue;
    if (match[1] === `${name}_count`) totals.count += Number(match[3]);
    else totals.sum += Number(match[3]);
  }
  return totals;
}
