/**
 * A Recur process that issues one credit note with a refund and can be SIGKILLed in the middle of
 * it, for the credit note kill tests: the same composition root as `recur start` (buildRuntime),
 * with the configuration from the environment as in production, plus
 *   RECUR_CREDIT_NOTE=<json {merchant, invoiceId, input}>   the credit note to issue
 *   RECUR_KILL_AT=<refund step>                              at that step: report `{type:'at'}` and never go on (the parent SIGKILLs)
 *   RECUR_CLOCK_OFFSET_MS=<ms>                               the parent's clock, when it runs ahead of real time
 * It reports `{type:'ready'}`, then `{type:'at', step, reference}`, or `{type:'done'}` / `{type:'failed'}`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/config.ts';
import { configEnv } from './recur-child.ts';

export type CreditNoteChildMessage =
  | { type: 'ready' }
  | { type: 'at'; step: string; reference: string }
  | { type: 'done'; number: string }
  | { type: 'failed'; message: string };

const CHILD_FILE = fileURLToPath(import.meta.url);

export interface CreditNoteChild {
  process: ChildProcess;
  messages: CreditNoteChildMessage[];
  /** Resolves with the first message that `predicate` accepts; rejects if the child exits first or after `timeoutMs`. */
  next(what: string, predicate: (m: CreditNoteChildMessage) => boolean, timeoutMs?: number): Promise<CreditNoteChildMessage>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  output(): string;
}

/** Starts the child on the test's configuration; it issues the credit note at once. */
export function startCreditNoteChild(
  config: Config,
  request: { merchant: { merchantId: string; environment: string }; invoiceId: string; input: Record<string, unknown> },
  killAt: string,
  clockOffsetMs = 0,
): CreditNoteChild {
  const child = fork(CHILD_FILE, [], {
    execPath: process.execPath,
    execArgv: [],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...configEnv(config),
      LOG_LEVEL: 'warn',
      RECUR_CHILD: '1',
      RECUR_CREDIT_NOTE: JSON.stringify(request),
      RECUR_KILL_AT: killAt,
      RECUR_CLOCK_OFFSET_MS: String(clockOffsetMs),
      NODE_COMPILE_CACHE: join(tmpdir(), 'recur-test-node-compile-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const messages: CreditNoteChildMessage[] = [];
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const listeners = new Set<() => void>();
  child.on('message', (m) => {
    messages.push(m as CreditNoteChildMessage);
    for (const l of listeners) l();
  });
  child.on('exit', () => {
    for (const l of listeners) l();
  });
  const output = () => `--- credit note child (pid ${child.pid}) output tail ---\n${lines.slice(-60).join('\n')}`;
  return {
    process: child,
    messages,
    next: (what, predicate, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) return done(null, found);
          if (exited) done(new Error(`the child exited while waiting for ${what}\n${output()}`));
        };
        const timer = setTimeout(() => done(new Error(`no ${what} within ${timeoutMs} ms\n${output()}`)), timeoutMs);
        const done = (err: Error | null, found?: CreditNoteChildMessage) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve(found!);
        };
        listeners.add(check);
        check();
      }),
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    output,
  };
}

async function childMain(): Promise<void> {
  const send = (message: CreditNoteChildMessage) => {
    if (process.connected) process.send!(message);
  };
  process.on('disconnect', () => process.exit(1));
  const [{ loadConfig }, { buildRuntime }, { createLogger }, { createCreditNote }, { REFUND_STEPS }] = await Promise.all([
    import('../../config/config.ts'),
    import('../../src/composition/runtime.ts'),
    import('../../src/platform/logger.ts'),
    import('../../src/billing/credit-notes/create-credit-note.service.ts'),
    import('../../src/billing/refunds/refund-invoice.service.ts'),
  ]);
  const killAt = process.env.RECUR_KILL_AT;
  if (!(REFUND_STEPS as readonly (string | undefined)[]).includes(killAt)) throw new Error(`unknown refund step ${killAt}`);
  const request = JSON.parse(process.env.RECUR_CREDIT_NOTE!);
  const config = loadConfig(process.env);
  const offsetMs = Number(process.env.RECUR_CLOCK_OFFSET_MS ?? 0);
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const runtime = await buildRuntime(config, { logger: createLogger({ level: config.LOG_LEVEL }), clock });
  const hooks = {
    async at(step: string, reference: string): Promise<void> {
      if (step !== killAt) return;
      send({ type: 'at', step, reference });
      return new Promise<void>(() => undefined); // never: the parent SIGKILLs this process here
    },
  };
  send({ type: 'ready' });
  try {
    const note = await createCreditNote(
      { sql: runtime.sql, gateway: runtime.billingGateway, now: () => runtime.clock.now(), hooks },
      request.merchant,
      request.invoiceId,
      request.input,
    );
    send({ type: 'done', number: note.number });
  } catch (err) {
    send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}

if (process.env.RECUR_CHILD === '1' && typeof process.send === 'function' && process.argv[1] === CHILD_FILE) {
  childMain().catch((err: unknown) => {
    process.stderr.write(`credit note child failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(70);
  });
}
