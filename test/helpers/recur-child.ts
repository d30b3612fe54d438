/**
 * A Recur process for fault tests: the same composition root as `recur start` (buildRuntime,
 * startRoles) in a real child process, which a test can SIGKILL, SIGSTOP and SIGCONT by pid.
 *
 * Child side (run by `startRecurChild`, never imported for its effects): the configuration comes
 * from the environment exactly as in production (`loadConfig(process.env)`), plus
 *   RECUR_ROLES=worker|scheduler|both   which roles to run (never the API)
 *   RECUR_KILL_AT=<charge step>         at that step: report `{type:'at'}` and never resolve (the parent SIGKILLs)
 *   RECUR_KILL_AT=finalize:<step>       the same at a step of a finalization the scheduler makes (FINALIZE_STEPS);
 *                                       `invoiceId` reports the finalization's invoices, comma-separated
 *   RECUR_HOLD_AT=<charge step>         at that step: report `{type:'at'}` and wait for `{type:'release'}`
 *   RECUR_TRACE=1                       report every charge step reached (`{type:'step'}`)
 * It reports `{type:'ready'}` once its roles run, and job outcomes as `completed` / `failed`.
 * IPC carries ids, step names and outcome kinds only: never card data.
 *
 * Children look for stalled jobs every `stalledIntervalMs` (WORKER_STALLED_INTERVAL_MS, default
 * 500 ms here against 30 s in production) so that a killed worker's jobs come back in seconds.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/config.ts';

export type ChildRoles = 'worker' | 'scheduler' | 'both';

export type ChildMessage =
  | { type: 'ready'; pid: number }
  | { type: 'at'; step: string; invoiceId: string }
  | { type: 'step'; step: string; invoiceId: string }
  | { type: 'completed'; jobId: string; invoiceId: string; result: string }
  | { type: 'failed'; jobId: string; invoiceId: string; reason: string }
  | { type: 'error'; message: string };

export type ParentMessage = { type: 'release' } | { type: 'stop' };

const CHILD_FILE = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Parent side
// ---------------------------------------------------------------------------------------------

/** The configuration as the environment that produced it (what `loadConfig` parses back). */
export function configEnv(config: Config): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) if (value !== undefined && value !== null) env[key] = String(value);
  return env;
}

export interface ChildOptions {
  roles: ChildRoles;
  killAt?: string;
  holdAt?: string;
  trace?: boolean;
  /** Defaults to 500 ms (see the file comment); pass 0 to keep BullMQ's default. */
  stalledIntervalMs?: number;
  /** Extra configuration, e.g. WORKER_CONCURRENCY. */
  env?: Record<string, string>;
  name?: string;
}

export interface RecurChild extends ForkedChild<ChildMessage> {
  /** Resolves on `{type:'ready'}`; rejects if the child exits first or after the timeout. */
  ready(timeoutMs?: number): Promise<void>;
  send(message: ParentMessage): void;
  signal(signal: NodeJS.Signals): void;
  /** Graceful stop (closes the roles), SIGKILL if it takes longer than `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Every child still alive, of either kind: `killAllChildren` ends them. */
const live = new Set<{ kill(): Promise<void> }>();

/**
 * A forked child process of this test run: its IPC messages kept in order, the tail of its
 * output kept for diagnostics, and waiting on its messages. The plumbing both kinds of children
 * share (this file's Recur roles, request-child.ts's one request).
 */
export interface ForkedChild<M> {
  readonly name: string;
  readonly pid: number;
  readonly process: ChildProcess;
  /** Every message received so far, in order. */
  readonly messages: M[];
  /** Waits until `predicate` holds over the messages received so far (re-evaluated on each one); rejects if the child exits first. */
  waitFor(what: string, predicate: (messages: M[]) => boolean, timeoutMs: number): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** The tail of the child's stdout and stderr, for diagnostics. */
  output(): string;
}

/**
 * Forks `file` as a child (Node 22 of this test process, with IPC) with `env` over PATH and
 * HOME, and Node's on-disk compile cache: a child starts in about half the time (a cache only,
 * no behaviour).
 */
export function forkChild<M>(file: string, name: string, env: Record<string, string>): ForkedChild<M> {
  const child = fork(file, [], {
    execPath: process.execPath,
    execArgv: [],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_COMPILE_CACHE: join(tmpdir(), 'recur-test-node-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`could not start the ${name} child`);
  const messages: M[] = [];
  const listeners = new Set<() => void>();
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    if (lines.length > 300) lines.splice(0, lines.length - 300);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitedFlag = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exitedFlag = true;
      live.delete(forked);
      resolve({ code, signal });
      for (const l of listeners) l();
    });
  });
  child.on('message', (m) => {
    messages.push(m as M);
    for (const l of listeners) l();
  });
  child.on('error', () => undefined);
  const output = () => `--- ${name} (pid ${child.pid}) output tail ---\n${lines.slice(-60).join('\n')}`;
  const forked: ForkedChild<M> = {
    name,
    pid: child.pid,
    process: child,
    messages,
    waitFor: (what, predicate, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (predicate(messages)) return done(null);
          if (exitedFlag) return done(new Error(`${name} (pid ${child.pid}) exited while waiting for ${what}\n${output()}`));
        };
        const timer = setTimeout(
          () => done(new Error(`${name} (pid ${child.pid}): no ${what} within ${timeoutMs} ms\n${output()}`)),
          timeoutMs,
        );
        const done = (err: Error | null) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve();
        };
        listeners.add(check);
        check();
      }),
    async kill() {
      if (!exitedFlag) process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
    exited,
    hasExited: () => exitedFlag,
    output,
  };
  live.add(forked);
  return forked;
}

/** Starts a Recur child process on the given configuration (Node 22 of this test process, with IPC). */
export function startRecurChild(config: Config, options: ChildOptions): RecurChild {
  const name =
    options.name ?? `${options.roles}${options.killAt ? `-kill@${options.killAt}` : ''}${options.holdAt ? `-hold@${options.holdAt}` : ''}`;
  const env: Record<string, string> = {
    ...configEnv(config),
    ...options.env,
    RECUR_CHILD: '1',
    RECUR_ROLES: options.roles,
    WORKER_STALLED_INTERVAL_MS: String(options.stalledIntervalMs ?? 500),
  };
  if (options.killAt) env.RECUR_KILL_AT = options.killAt;
  if (options.holdAt) env.RECUR_HOLD_AT = options.holdAt;
  if (options.trace) env.RECUR_TRACE = '1';
  const child = forkChild<ChildMessage>(CHILD_FILE, name, env);
  const pid = child.pid;

  const handle: RecurChild = {
    ...child,
    ready: (timeoutMs = 60_000) => child.waitFor('ready', (ms) => ms.some((m) => m.type === 'ready'), timeoutMs),
    send(message) {
      if (child.process.connected) child.process.send(message);
    },
    signal(signal) {
      if (!child.hasExited()) process.kill(pid, signal);
    },
    async stop(timeoutMs = 10_000) {
      if (child.hasExited()) return;
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
      handle.send({ type: 'stop' });
      const timer = setTimeout(() => {
        if (!child.hasExited()) process.kill(pid, 'SIGKILL');
      }, timeoutMs);
      await child.exited;
      clearTimeout(timer);
    },
  };
  return handle;
}

/**
 * Waits until `predicate` holds over several children's messages. A child's own `waitFor`
 * re-evaluates only on that child's messages, so a predicate over two children's messages could
 * miss the other's last one; this checks whenever any of them reports.
 */
export function waitForAll(children: RecurChild[], what: string, predicate: () => boolean, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!predicate()) return;
      finish();
      resolve();
    };
    const timer = setTimeout(() => {
      finish();
      const output = children.map((c) => c.output()).join('\n');
      reject(new Error(`${children.map((c) => c.name).join(', ')}: no ${what} within ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      for (const c of children) c.process.off('message', check);
    };
    // Registered after the handle's own listener, so `messages` already holds the new one.
    for (const c of children) c.process.on('message', check);
    check();
  });
}

/** SIGKILLs every child still alive (stopped ones included): for afterEach / afterAll, even on failure. */
export async function killAllChildren(): Promise<void> {
  await Promise.all([...live].map((c) => c.kill()));
}

// ---------------------------------------------------------------------------------------------
// Child side
// ---------------------------------------------------------------------------------------------

async function childMain(): Promise<void> {
  const send = (message: ChildMessage) => {
    if (process.connected) process.send!(message);
  };
  // The parent going away (a crashed test run) takes its children with it.
  process.on('disconnect', () => process.exit(1));

  const [{ loadConfig }, { buildRuntime }, { startRoles }, { createLogger }, { CHARGE_STEPS }, { FINALIZE_STEPS }] = await Promise.all([
    import('../../config/config.ts'),
    import('../../src/composition/runtime.ts'),
    import('../../src/composition/roles.ts'),
    import('../../src/platform/logger.ts'),
    import('../../src/billing/charges/charge-hooks.ts'),
    import('../../src/billing/invoices/finalize/finalize-hooks.ts'),
  ]);
  type Step = (typeof CHARGE_STEPS)[number];
  const isStep = (s: string | undefined): s is Step => s !== undefined && (CHARGE_STEPS as readonly string[]).includes(s);

  const roles = process.env.RECUR_ROLES ?? 'worker';
  if (roles !== 'worker' && roles !== 'scheduler' && roles !== 'both')
    throw new Error(`RECUR_ROLES must be worker, scheduler or both, not ${roles}`);
  const finalizeKillAt = process.env.RECUR_KILL_AT?.startsWith('finalize:')
    ? process.env.RECUR_KILL_AT.slice('finalize:'.length)
    : undefined;
  if (finalizeKillAt !== undefined && !(FINALIZE_STEPS as readonly string[]).includes(finalizeKillAt))
    throw new Error(`unknown finalize step ${finalizeKillAt} (${FINALIZE_STEPS.join(', ')})`);
  const killAt = (finalizeKillAt === undefined && process.env.RECUR_KILL_AT) || undefined;
  const holdAt = process.env.RECUR_HOLD_AT || undefined;
  for (const s of [killAt, holdAt])
    if (s !== undefined && !isStep(s)) throw new Error(`unknown charge step ${s} (${CHARGE_STEPS.join(', ')})`);
  const trace = process.env.RECUR_TRACE === '1';

  let recur: Awaited<ReturnType<typeof startRoles>> | null = null;
  let released = false;
  const holding = new Set<() => void>();
  process.on('message', (raw) => {
    const message = raw as ParentMessage;
    if (message.type === 'release') {
      released = true;
      for (const resume of holding) resume();
      holding.clear();
    } else if (message.type === 'stop') void shutdown(0);
  });

  const hooks =
    killAt || holdAt || trace
      ? {
          async at(step: Step, invoiceId: string): Promise<void> {
            if (trace) send({ type: 'step', step, invoiceId });
            if (step === killAt) {
              send({ type: 'at', step, invoiceId });
              return new Promise<void>(() => undefined); // never: the parent SIGKILLs this process here
            }
            if (step === holdAt && !released) {
              send({ type: 'at', step, invoiceId });
              await new Promise<void>((resume) => holding.add(resume));
            }
          },
        }
      : undefined;

  const finalizeHooks = finalizeKillAt
    ? {
        async at(step: string, invoiceIds: string[]): Promise<void> {
          if (step !== finalizeKillAt) return;
          send({ type: 'at', step: `finalize:${step}`, invoiceId: invoiceIds.join(',') });
          return new Promise<void>(() => undefined); // never: the parent SIGKILLs this process here
        },
      }
    : undefined;

  const config = loadConfig(process.env);
  const logger = createLogger({ level: config.LOG_LEVEL });
  const runtime = await buildRuntime(config, { logger });
  recur = await startRoles(
    runtime,
    { api: false, scheduler: roles !== 'worker', workers: roles !== 'scheduler' },
    { hooks, finalizeHooks },
  );
  for (const worker of recur.workers) {
    worker.on('completed', (job, result) =>
      send({ type: 'completed', jobId: String(job.id), invoiceId: String(job.data?.invoiceId), result: JSON.stringify(result) }),
    );
    worker.on('failed', (job, err) =>
      send({ type: 'failed', jobId: String(job?.id), invoiceId: String(job?.data?.invoiceId), reason: err.message }),
    );
    worker.on('error', (err) => send({ type: 'error', message: err.message }));
  }

  let stopping = false;
  async function shutdown(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    released = true;
    for (const resume of holding) resume();
    await recur?.close().catch(() => undefined);
    process.exit(code);
  }
  process.on('SIGTERM', () => void shutdown(0));
  send({ type: 'ready', pid: process.pid });
}

if (process.env.RECUR_CHILD === '1' && typeof process.send === 'function' && process.argv[1] === CHILD_FILE) {
  childMain().catch((err: unknown) => {
    process.stderr.write(`recur child failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(70);
  });
}
