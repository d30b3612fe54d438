/**
 * A change made now moves money in the request: its proration invoice is charged once the change
 * commits (BillingCore's chargeInRequest), not by a worker. A Recur process making such a change
 * (test/helpers/request-child.ts) is SIGKILLed at each step of that charge (written and not sent;
 * answered by the gateway and not recorded; the record not committed; committed). The change is
 * a quantity on a seats plan with graduated tiers (docs/pricing.md, "Seats"), whose proration is
 * the difference of the tiered amounts. After each kill the sweep hands the charge to a worker,
 * which looks the attempt up by its reference before any re-send: one proration invoice, paid,
 * charged exactly once (one approved attempt, one approved purchase), one ledger entry for it, and
 * the ledger's total is what the invoices say (I1–I4, C1–C8).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { advance, createPlan, invoicesOf, settle, SEATS_TIERS } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { billingCounts, checkCrossPath, checkInvariants, checkStateHistory } from '../../helpers/invariants.ts';
import { startRequestChild, type RequestChild } from '../../helpers/request-child.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { CHARGE_STEPS } from '../../../src/billing/charges/charge-hooks.ts';
import { schedulerDeps } from '../../../src/composition/roles.ts';
import { reconcile } from '../../../src/scheduler/reconciler.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let app: TestApp | null = null;
let child: RequestChild | null = null;

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && child) console.error(child.output());
  await child?.kill();
  child = null;
  await app?.close();
  app = null;
});

const START = '2027-01-10T00:00:00.000Z';
const CHANGE = '2027-01-25T00:00:00.000Z';
// 25 seats: 10 × 2,000 + 15 × 1,500 = 42,500 a month. On Jan 25, 16 of the period's 31 days are
// left: credit round(42,500 × 16/31) = 21,935; 51 seats (81,000) charged round(81,000 × 16/31) = 41,806.
const FIRST = 42_500;
const PRORATION = 19_871;

/** What the proration's charge shows right after the kill: proof that the process died where we meant. */
const AT_KILL: Record<(typeof CHARGE_STEPS)[number], { attempt: string; purchased: boolean; invoice: string }> = {
  'before-call': { attempt: 'sending', purchased: false, invoice: 'open' },
  'after-gateway': { attempt: 'sending', purchased: true, invoice: 'open' },
  'before-commit': { attempt: 'sending', purchased: true, invoice: 'open' },
  'after-commit': { attempt: 'approved', purchased: true, invoice: 'paid' },
};

describe('a change made now on a seats plan, its process SIGKILLed mid-charge of the proration', () => {
  for (const step of CHARGE_STEPS) {
    it(`killed at ${step}: the change stands, the sweep finishes the charge, one proration invoice charged exactly once`, async () => {
      app = await startTestApp({ billing: true, env: { LOG_LEVEL: 'warn' } });
      const db = app.config.DATABASE_URL;
      const s = await scaffold(app, { merchant: `Seats kill ${step}`, clock: START });
      const team = await createPlan(s.api, {
        name: 'Team',
        amount: 0,
        prices: [{ metric_code: 'seats', model: 'graduated', tiers: SEATS_TIERS }],
      });
      const sub = await s.start({ plan_id: team.id, quantity: 25 });
      await settle(s.api, s.clock!.id);
      expect((await invoicesOf(s.api, sub.id)).map((i) => [i.amount, i.status])).toEqual([[FIRST, 'paid']]);
      await advance(s.api, s.clock!.id, CHANGE);

      const [row] = await app.runtime.sql.query<{ merchant_id: string }>('select merchant_id from billing.subscriptions where id = $1', [
        sub.id,
      ]);
      const merchantId = row!.merchant_id;
      const merchant = { merchantId, environment: 'sandbox' };
      child = startRequestChild(
        app.config,
        { kind: 'change_now', merchant, subscriptionId: sub.id, input: { quantity: 51, effective: 'now' } },
        step,
      );
      const at = await child.next(
        `the proration's charge to reach ${step}`,
        (m) => m.type === 'at' || m.type === 'failed' || m.type === 'done',
      );
      expect(at, JSON.stringify(at)).toMatchObject({ type: 'at', step });
      await child.kill(); // SIGKILL

      // Right after the kill: the change committed with its proration invoice; its charge is where the process died.
      const invoiceId = (at as { reference: string }).reference;
      const prorations = (await invoicesOf(s.api, sub.id)).filter((i: any) => i.kind === 'proration') as any[];
      expect(prorations.map((i) => i.id)).toEqual([invoiceId]);
      expect(prorations[0].lines.map((l: any) => l.amount)).toEqual([-21_935, 41_806]);
      expect(prorations[0]).toMatchObject({ amount: PRORATION, status: AT_KILL[step].invoice });
      expect((await s.api.get(`/subscriptions/${sub.id}`)).body.response).toMatchObject({ quantity: 51 });
      const atKill = await billingCounts(db);
      expect(atKill.attemptsByStatus).toEqual(step === 'after-commit' ? { approved: 2 } : { approved: 1, [AT_KILL[step].attempt]: 1 });
      expect(atKill.approvedPurchases).toBe(AT_KILL[step].purchased ? 2 : 1);

      // The sweep (no grace) hands the owed charge to the app's worker, which finishes it.
      const deps = schedulerDeps(app.runtime);
      await waitFor(
        async () => {
          await reconcile(deps, 0);
          return (await s.api.get(`/invoices/${invoiceId}`)).body.response;
        },
        { message: 'the proration invoice paid', timeout: 60_000, interval: 300, until: (inv) => inv.status === 'paid' },
      );
      await settle(s.api, s.clock!.id);

      const invoices = await invoicesOf(s.api, sub.id);
      expect(invoices.map((i: any) => [i.kind, i.amount, i.status])).toEqual([
        ['period', FIRST, 'paid'],
        ['proration', PRORATION, 'paid'],
      ]);
      const proration = (await s.api.get(`/invoices/${invoiceId}`)).body.response;
      expect(proration.attempts.map((a: any) => a.status)).toEqual(['approved']);
      expect(await checkInvariants(db)).toEqual([]);
      expect(await checkStateHistory(db)).toEqual([]);
      expect(await checkCrossPath(db, { merchantId })).toEqual([]);
      expect(await billingCounts(db)).toMatchObject({
        invoices: 2,
        invoicesByStatus: { paid: 2 },
        attempts: 2,
        attemptsByStatus: { approved: 2 },
        approvedPurchases: 2,
        invoicesChargedOnce: 2,
        maxChargesPerInvoice: 1,
        ledgerEntries: 2,
        ledgerTotals: { AUD: FIRST + PRORATION },
      });
    });
  }
});
