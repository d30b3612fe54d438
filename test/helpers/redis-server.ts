/**
 * Finding Redis for a test run, and starting a redis-server of the run's (or a test's) own.
 * Shared by vitest.config.ts, test/global-setup.ts and the tests that need a server with settings
 * of their own; it imports nothing from vitest, so the configuration can load it too.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { tmpdir } from 'node:os';
import { waitFor } from './wait-for.ts';

/** Where the run looks for a Redis that is already running. */
export function sharedRedisUrl(): string {
  return process.env.RECUR_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
}

/** `host:port` of a Redis URL, for messages (never a password). */
export function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 6379}`;
}

/** Whether something accepts TCP connections at the URL's address (within a second). */
export function redisAnswers(url: string): Promise<boolean> {
  return answers(url, 6379);
}

/** Whether something accepts connections at the URL's host and port (or `defaultPort`) within a second. */
export function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort), timeout: 1_000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** The first executable `redis-server` on PATH, or null. */
export function findRedisServer(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Why a run has no Redis: nothing answers at the shared address and no redis-server can be started. */
export function noRedisReason(url = sharedRedisUrl()): string {
  return `no Redis at ${redisAddress(url)} and no redis-server on PATH`;
}

/** Answers once the server at `port` replies +PONG to PING, or rejects after `timeoutMs`. */
async function waitForPong(port: number, timeoutMs: number, exited: () => boolean): Promise<void> {
  const pong = () =>
    new Promise<boolean>((done) => {
      const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
      let reply = '';
      const finish = (ok: boolean) => {
        socket.destroy();
        done(ok);
      };
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk) => {
        reply += chunk;
        if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
      });
      socket.once('error', () => finish(false));
      socket.once('timeout', () => finish(false));
    });
  // An exited server ends the wait too, so that it fails at once rather than at the timeout.
  await waitFor(async () => exited() || (await pong()), { message: `PONG from port ${port}`, timeout: timeoutMs, interval: 50 });
  if (exited()) throw new Error('redis-server exited');
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  pid: number;
  /** SIGTERM (SIGKILL after 5 s), wait for the exit, remove its directory. */
  stop(): Promise<void>;
}

/**
 * A redis-server of our own on a free port of 127.0.0.1, without persistence, in a temporary
 * directory of its own; `args` adds settings (e.g. `--maxmemory-policy allkeys-lru`). Resolves
 * once it answers PING. Should this process exit before `stop()` (an interrupted run), the server
 * is killed and its directory removed with it.
 */
export async function startPrivateRedis(args: string[] = [], binary = findRedisServer()): Promise<PrivateRedis> {
  if (!binary) throw new Error('no redis-server on PATH');
  let lastError: Error | undefined;
  // A port found free can be taken before the server binds it: try another.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const dir = await mkdtemp(join(tmpdir(), 'recur-test-redis-'));
    const logfile = join(dir, 'redis.log');
    const child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', logfile, ...args],
      { stdio: 'ignore' },
    );
    let exited = false;
    const exit = new Promise<void>((resolve) => {
      child.once('exit', () => {
        exited = true;
        resolve();
      });
      child.once('error', () => {
        exited = true;
        resolve();
      });
    });
    const killOnExit = () => {
      if (!exited) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', killOnExit);
    const stop = async () => {
      process.removeListener('exit', killOnExit);
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => !exited && child.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    };
    try {
      await waitForPong(port, 15_000, () => exited);
      return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, stop };
    } catch (err) {
      let log = '';
      try {
        log = readFileSync(logfile, 'utf8').slice(-2_000);
      } catch {
        /* no log written */
      }
      lastError = new Error(`${binary} did not start on 127.0.0.1:${port} (${(err as Error).message})\n${log}`);
      await stop();
    }
  }
  throw lastError!;
}
