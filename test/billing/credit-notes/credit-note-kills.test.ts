/**
 * A credit note with a refund moves money: a Recur process issuing one (test/helpers/request-child.ts)
 * is SIGKILLed at each step of its refund (written and not sent; answered by the gateway and not
 * recorded; recorded with its note and not committed; committed). After each kill: the credit
 * note exists if and only if the refund's approval was recorded, and its number was taken only
 * then. The next credit note of the invoice (through the API) first settles the refund left
 * behind, under its own reference: adopted where the gateway made it, made where it did not,
 * never twice, with the note it was to make. Then no money is lost or refunded twice (C14), the
 * notes never pass the total (C10), the numbers have no gap (C12), and the ledger holds (I1–I4).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { invoicesOf } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { checkCreditNotes, checkCrossPath, checkInvariants } from '../../helpers/invariants.ts';
import { startRequestChild, type RequestChild } from '../../helpers/request-child.ts';
import { REFUND_STEPS } from '../../../src/billing/refunds/refund-invoice.service.ts';
import { settleLeftRefunds } from '../../../src/billing/credit-notes/create-credit-note.service.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

// Real time, moved on by the test: a refund left `sending` by a dead process is another request's
// for a minute (IN_FLIGHT_MS), then anyone's to settle.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let app: TestApp;
let child: RequestChild | null = null;

beforeAll(async () => {
  app = await startTestApp({ billing: true, clock, env: { LOG_LEVEL: 'warn' } });
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && child) console.error(child.output());
  await child?.kill();
  child = null;
});
afterAll(async () => {
  await child?.kill();
  await app?.close();
});

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => app.runtime.sql.query<T>(text, params);

/** The state that matters after a kill, read from the tables. */
async function stateOf(invoiceId: string) {
  const refunds = await sql<{ reference: string; status: string; amount: string; kept: boolean; notes: number }>(
    `select r.reference, r.status, r.amount, r.credit_note is not null as kept,
            (select count(*)::int from billing.credit_notes n where n.invoice_refund_id = r.id) as notes
       from billing.invoice_refunds r where r.invoice_id = $1 order by r.number`,
    [invoiceId],
  );
  const gateway = await sql<{ reference: string; amount: string }>(
    `select reference, amount from gateway.refunds where reference like $1 || '-r%' and successful order by reference`,
    [invoiceId],
  );
  const [seq] = await sql<{ last: string | null }>(
    `select (select s.last_value from billing.number_sequences s where s.merchant_id = i.merchant_id and s.environment = i.environment
              and s.kind = 'credit_note' and s.scope = '') as last
       from billing.invoices i where i.id = $1`,
    [invoiceId],
  );
  return { refunds, gateway, sequence: Number(seq!.last ?? 0) };
}

describe('a credit note with a refund, its process SIGKILLed mid-refund', () => {
  for (const step of REFUND_STEPS) {
    it(`killed at ${step}: the note exists iff the refund was recorded; the next note settles it, no money lost or moved twice`, async () => {
      const { api, sub } = await scaffold(app, {
        merchant: `CN kill ${step}`,
        plan: { amount: 2999 },
        clock: '2027-01-01T00:00:00Z',
        subscribe: true,
      });
      const [invoice] = (await invoicesOf(api, sub.id)) as any[];
      expect(invoice).toMatchObject({ status: 'paid', amount: 2999 });
      const [row] = await sql<{ merchant_id: string }>('select merchant_id from billing.invoices where id = $1', [invoice.id]);
      const merchant = { merchantId: row!.merchant_id, environment: 'sandbox' };

      child = startRequestChild(
        app.config,
        {
          kind: 'credit_note',
          merchant,
          invoiceId: invoice.id,
          input: { amount: 1000, reason: 'duplicate', refund: true, memo: 'Charged twice' },
        },
        step,
        offsetMs,
      );
      const at = await child.next(`the refund to reach ${step}`, (m) => m.type === 'at' || m.type === 'failed' || m.type === 'done');
      expect(at, JSON.stringify(at)).toMatchObject({ type: 'at', step, reference: `${invoice.id}-r1` });
      await child.kill(); // SIGKILL

      // Right after the kill: the refund is written with the note it is to make; the note exists iff its approval committed.
      const killed = await stateOf(invoice.id);
      const recorded = step === 'after-commit';
      expect(killed.refunds).toEqual([
        { reference: `${invoice.id}-r1`, status: recorded ? 'approved' : 'sending', amount: '1000', kept: true, notes: recorded ? 1 : 0 },
      ]);
      // The gateway made the refund once it was asked (every step but the first), never twice.
      expect(killed.gateway).toEqual(step === 'before-call' ? [] : [{ reference: `${invoice.id}-r1`, amount: '1000' }]);
      // A number is used only by a note that committed: the killed transaction gave its number back.
      expect(killed.sequence).toBe(recorded ? 1 : 0);
      expect(await checkCreditNotes(app.config.DATABASE_URL, { merchantId: merchant.merchantId })).toEqual([]);
      // Until it is settled, the refund in flight holds its 1000: a credit of the rest fits, more waits (409).
      const held = await api.post(`/invoices/${invoice.id}/credit_notes`, { amount: 2500, reason: 'other' });
      expect(held.status, held.text).toBe(recorded ? 422 : 409);

      // A minute on, the refund left behind is anyone's to settle: the next credit note of the invoice does it first.
      offsetMs += 61_000;
      const next = await api.post(`/invoices/${invoice.id}/credit_notes`, { amount: 500, reason: 'order_change', refund: true });
      expect(next.status, next.text).toBe(201);
      expect(next.body.response).toMatchObject({ number: 'CN-000002', amount: 500, credit_to: 'refund' });
      const notes = (await api.get(`/credit_notes?invoice_id=${invoice.id}`)).body.response;
      expect(notes.map((n: any) => [n.number, n.amount, n.reason, n.memo, n.refund.reference, n.refund.status])).toEqual([
        ['CN-000002', 500, 'order_change', null, `${invoice.id}-r2`, 'approved'],
        ['CN-000001', 1000, 'duplicate', 'Charged twice', `${invoice.id}-r1`, 'approved'],
      ]);
      const settled = await stateOf(invoice.id);
      expect(settled.gateway).toEqual([
        { reference: `${invoice.id}-r1`, amount: '1000' },
        { reference: `${invoice.id}-r2`, amount: '500' },
      ]);
      expect(settled.refunds.map((r) => [r.status, r.notes])).toEqual([
        ['approved', 1],
        ['approved', 1],
      ]);
      expect(settled.sequence).toBe(2);
      expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({
        status: 'paid',
        amount: 2999,
        refunded_amount: 1500,
        credited_amount: 1500,
      });
      expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: merchant.merchantId })).toEqual([]);
      expect(await checkInvariants(app.config.DATABASE_URL)).toEqual([]);
    });
  }
});

describe('a refund left without an outcome by a killed process, settled by the reconciler', () => {
  for (const step of ['before-call', 'after-gateway'] as const) {
    it(`killed at ${step}: the unsettled_refunds sweep settles it (made or adopted once, with its note) with no further request`, async () => {
      const { api, sub } = await scaffold(app, {
        merchant: `CN sweep ${step}`,
        plan: { amount: 2999 },
        clock: '2027-01-01T00:00:00Z',
        subscribe: true,
      });
      const [invoice] = (await invoicesOf(api, sub.id)) as any[];
      const [row] = await sql<{ merchant_id: string }>('select merchant_id from billing.invoices where id = $1', [invoice.id]);
      const merchant = { merchantId: row!.merchant_id, environment: 'sandbox' };
      child = startRequestChild(
        app.config,
        { kind: 'credit_note', merchant, invoiceId: invoice.id, input: { amount: 1000, reason: 'duplicate', refund: true } },
        step,
        offsetMs,
      );
      const at = await child.next(`the refund to reach ${step}`, (m) => m.type === 'at' || m.type === 'failed' || m.type === 'done');
      expect(at, JSON.stringify(at)).toMatchObject({ type: 'at', step });
      await child.kill(); // SIGKILL
      expect((await stateOf(invoice.id)).refunds.map((r) => r.status)).toEqual(['sending']);

      // Within a minute the refund may still be another request's at the gateway: the sweep leaves it.
      await app.runtime.billing.settleLeftRefunds();
      expect((await stateOf(invoice.id)).refunds.map((r) => r.status)).toEqual(['sending']);
      offsetMs += 61_000;
      // A pass whose recording fails (the database refusing its transaction) throws, naming the
      // failures, after asking the gateway: the refund stays to settle, and is never made twice.
      const failing = Object.create(app.runtime.sql, { transaction: { value: () => Promise.reject(new Error('database refused')) } });
      await expect(settleLeftRefunds({ sql: failing, gateway: app.runtime.billingGateway, now: clock.now }, 10)).rejects.toThrow(
        /unsettled_refunds: 1 invoices failed to settle/,
      );
      expect((await stateOf(invoice.id)).refunds.map((r) => r.status)).toEqual(['sending']);
      await app.runtime.billing.settleLeftRefunds();
      const settled = await stateOf(invoice.id);
      expect(settled.refunds).toEqual([{ reference: `${invoice.id}-r1`, status: 'approved', amount: '1000', kept: true, notes: 1 }]);
      expect(settled.gateway).toEqual([{ reference: `${invoice.id}-r1`, amount: '1000' }]);
      expect(settled.sequence).toBe(1);
      expect((await api.get(`/invoices/${invoice.id}`)).body.response).toMatchObject({ refunded_amount: 1000, credited_amount: 1000 });
      // A second pass finds nothing left: no refund made twice.
      expect(await app.runtime.billing.settleLeftRefunds()).toBe(0);
      expect((await stateOf(invoice.id)).gateway).toHaveLength(1);
      expect(await checkCrossPath(app.config.DATABASE_URL, { merchantId: merchant.merchantId })).toEqual([]);
      expect(await checkInvariants(app.config.DATABASE_URL)).toEqual([]);
    });
  }
});
