/**
 * A Recur process that makes one request that moves money, and can be SIGKILLed in the middle of
 * it, for the kill tests of those requests: the same composition root as `recur start`
 * (buildRuntime), with the configuration from the environment as in production, plus
 *   RECUR_REQUEST=<json RequestChildRequest>   what to do: a credit note with a refund (killed at a
 *                                             refund step), or a subscription change made now whose
 *                                             proration is charged in the request (killed at a charge step)
 *   RECUR_KILL_AT=<step>                       at that step: report `{type:'at'}` and never go on (the parent SIGKILLs)
 *   RECUR_CLOCK_OFFSET_MS=<ms>                 the parent's clock, when it runs ahead of real time
 * It reports `{type:'ready'}`, then `{type:'at', step, reference}` (the refund's reference, or the
 * charged invoice's id), or `{type:'done'}` / `{type:'failed'}`.
 */
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/config.ts';
import type { MerchantRef } from '../../src/billing/ports/gateway-port.ts';
import { configEnv, forkChild, type ForkedChild } from './recur-child.ts';

export type RequestChildMessage =
  { type: 'ready' } | { type: 'at'; step: string; reference: string } | { type: 'done' } | { type: 'failed'; message: string };

type Merchant = { merchantId: string; environment: string };
export type RequestChildRequest =
  | { kind: 'credit_note'; merchant: Merchant; invoiceId: string; input: Record<string, unknown> }
  | { kind: 'change_now'; merchant: Merchant; subscriptionId: string; input: Record<string, unknown> };

const CHILD_FILE = fileURLToPath(import.meta.url);

export interface RequestChild extends ForkedChild<RequestChildMessage> {
  /** Resolves with the first message that `predicate` accepts; rejects if the child exits first or after `timeoutMs`. */
  next(what: string, predicate: (m: RequestChildMessage) => boolean, timeoutMs?: number): Promise<RequestChildMessage>;
}

/** Starts the child on the test's configuration; it makes the request at once. */
export function startRequestChild(config: Config, request: RequestChildRequest, killAt: string, clockOffsetMs = 0): RequestChild {
  const child = forkChild<RequestChildMessage>(CHILD_FILE, `request child (${request.kind} @${killAt})`, {
    ...configEnv(config),
    LOG_LEVEL: 'warn',
    RECUR_CHILD: '1',
    RECUR_REQUEST: JSON.stringify(request),
    RECUR_KILL_AT: killAt,
    RECUR_CLOCK_OFFSET_MS: String(clockOffsetMs),
  });
  return {
    ...child,
    async next(what, predicate, timeoutMs = 60_000) {
      await child.waitFor(what, (ms) => ms.some(predicate), timeoutMs);
      return child.messages.find(predicate)!;
    },
  };
}

async function childMain(): Promise<void> {
  const send = (message: RequestChildMessage) => {
    if (process.connected) process.send!(message);
  };
  process.on('disconnect', () => process.exit(1));
  const [{ loadConfig }, { buildRuntime }, { createLogger }, { createCreditNote }, { REFUND_STEPS }, { CHARGE_STEPS }] = await Promise.all([
    import('../../config/config.ts'),
    import('../../src/composition/runtime.ts'),
    import('../../src/platform/logger.ts'),
    import('../../src/billing/credit-notes/create-credit-note.service.ts'),
    import('../../src/billing/refunds/refund-invoice.service.ts'),
    import('../../src/billing/charges/charge-hooks.ts'),
  ]);
  const request = JSON.parse(process.env.RECUR_REQUEST!) as RequestChildRequest;
  const merchant = request.merchant as MerchantRef;
  const killAt = process.env.RECUR_KILL_AT;
  const steps: readonly string[] = request.kind === 'credit_note' ? REFUND_STEPS : CHARGE_STEPS;
  if (killAt === undefined || !steps.includes(killAt))
    throw new Error(`unknown step ${killAt} for a ${request.kind} (${steps.join(', ')})`);
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
    if (request.kind === 'credit_note') {
      await createCreditNote(
        { sql: runtime.sql, gateway: runtime.billingGateway, now: () => runtime.clock.now(), hooks },
        merchant,
        request.invoiceId,
        request.input as Parameters<typeof createCreditNote>[3],
      );
    } else {
      const [{ chargeDeps }, { chargeInRequest }, { updateSubscription }, { SubscriptionUpdate }] = await Promise.all([
        import('../../src/composition/roles.ts'),
        import('../../src/billing/billing-core.ts'),
        import('../../src/billing/subscriptions/update-subscription.service.ts'),
        import('../../src/billing/subscriptions/subscription-input.ts'),
      ]);
      // As the API makes it (BillingCore.updateSubscription), its charge reaching the hooks.
      const deps = {
        sql: runtime.sql,
        gateway: runtime.billingGateway,
        now: () => runtime.clock.now(),
        chargeNow: chargeInRequest(chargeDeps(runtime, hooks), runtime.afterCharge),
      };
      await updateSubscription(deps, merchant, request.subscriptionId, SubscriptionUpdate.parse(request.input));
    }
    send({ type: 'done' });
  } catch (err) {
    send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}

if (process.env.RECUR_CHILD === '1' && typeof process.send === 'function' && process.argv[1] === CHILD_FILE) {
  childMain().catch((err: unknown) => {
    process.stderr.write(`request child failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(70);
  });
}
