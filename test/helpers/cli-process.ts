/**
 * The real `recur` command (node bin/recur.js …) as a child process, for tests of what an operator
 * sees: exit codes, stderr, log lines, signals. Unlike `recur-child.ts` there is no IPC and no
 * hook: the child is exactly what `npx recur` runs, configured through its environment only.
 *
 * Waits are on events (a line of output, the exit) or on conditions polled at a short interval
 * (`waitFor`, test/helpers/wait-for.ts), never on fixed sleeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, request } from 'undici';
import type { Config } from '../../config/config.ts';
import { configEnv } from './recur-child.ts';

export const RECUR_BIN = resolve(import.meta.dirname, '../../bin/recur.js');

/** A test configuration as the environment of a `recur` process, plus overrides (an empty string unsets a setting). */
export function recurEnv(config: Config | null, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // Node's on-disk compile cache: a child starts in about half the time (a cache only, no behaviour).
    NODE_COMPILE_CACHE: join(tmpdir(), 'recur-test-node-compile-cache'),
    ...(config ? configEnv(config) : {}),
    ...extra,
  };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from `spawnRecur` to the exit. */
  ms: number;
}

export interface CliProcess {
  readonly pid: number;
  readonly process: ChildProcess;
  readonly exited: Promise<Exit>;
  hasExited(): boolean;
  stdout(): string;
  stderr(): string;
  /** Waits for a match in stdout or stderr; rejects with the output when the process exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL (if still running) and wait for the exit. */
  kill(): Promise<void>;
  /** stdout and stderr, for failure messages. */
  describe(): string;
}

const live = new Set<CliProcess>();

/** Starts `recur <args>` with exactly this environment (nothing inherited). */
export function spawnRecur(args: string[], env: Record<string, string>): CliProcess {
  const started = Date.now();
  const child = spawn(process.execPath, [RECUR_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start recur ${args.join(' ')}`);
  let out = '';
  let err = '';
  let exitedFlag = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', (d) => {
    out += d;
    notify();
  });
  child.stderr!.on('data', (d) => {
    err += d;
    notify();
  });
  child.on('error', () => undefined);
  // 'close' (not 'exit'): every byte of stdout and stderr has been read by then.
  const exited = new Promise<Exit>((resolveExit) => {
    child.on('close', (code, signal) => {
      exitedFlag = true;
      live.delete(handle);
      resolveExit({ code, signal, ms: Date.now() - started });
      notify();
    });
  });
  const describe = () => `--- recur ${args.join(' ')} (pid ${child.pid}) ---\nstdout:\n${out.slice(-6000)}\nstderr:\n${err.slice(-6000)}`;
  const handle: CliProcess = {
    pid: child.pid,
    process: child,
    exited,
    hasExited: () => exitedFlag,
    stdout: () => out,
    stderr: () => err,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolveWait, rejectWait) => {
        const check = () => {
          if (pattern.test(out) || pattern.test(err)) return done(null);
          if (exitedFlag) done(new Error(`recur exited before printing ${pattern}\n${describe()}`));
        };
        const timer = setTimeout(() => done(new Error(`recur printed no ${pattern} within ${timeoutMs} ms\n${describe()}`)), timeoutMs);
        const done = (e: Error | null) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (e) rejectWait(e);
          else resolveWait();
        };
        listeners.add(check);
        check();
      }),
    signal(signal) {
      if (!exitedFlag) process.kill(child.pid!, signal);
    },
    async kill() {
      if (!exitedFlag) process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
    describe,
  };
  live.add(handle);
  return handle;
}

/** Runs `recur <args>` to its end (SIGKILL after `timeoutMs`). */
export async function runRecur(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const child = spawnRecur(args, env);
  const timer = setTimeout(() => void child.kill(), timeoutMs);
  const exit = await child.exited;
  clearTimeout(timer);
  return { code: exit.code, stdout: child.stdout(), stderr: child.stderr(), ms: exit.ms };
}

/** SIGKILLs every `recur` child still running: for afterEach / afterAll, even after a failure. */
export async function killAllRecur(): Promise<void> {
  await Promise.all([...live].map((c) => c.kill()));
}

/** Exit within `timeoutMs`, or a rejection that carries the output (the process is left to the caller). */
export async function exitWithin(child: CliProcess, timeoutMs: number): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`recur did not exit within ${timeoutMs} ms\n${child.describe()}`)), timeoutMs);
  });
  try {
    return await Promise.race([child.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A TCP port that was free a moment ago (bound to 0, then released). */
export async function freePort(): Promise<number> {
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

/**
 * Waits until a running `recur` (OPS_ENABLED) answers `/livez` on the ops listener it printed.
 * An answer proves that start-up has finished, signal handlers included (they are installed in
 * the same task that prints the ops line): a signal sent afterwards takes the graceful path.
 */
export async function waitForLivez(child: CliProcess, timeoutMs = 30_000): Promise<string> {
  await child.waitForOutput(/Recur ops:\s+https:\/\/\S+\/ops\/queues/, timeoutMs);
  const base = /Recur ops:\s+(https:\/\/\S+)\/ops\/queues/.exec(child.stderr())![1]!;
  // The child's certificate is self-signed into its DATA_DIR; only liveness is asked here.
  const agent = new Agent({ connect: { rejectUnauthorized: false } });
  try {
    const res = await request(`${base}/livez`, { dispatcher: agent });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${base}/livez answered ${res.statusCode} ${body}`);
    return base;
  } finally {
    await agent.close();
  }
}
