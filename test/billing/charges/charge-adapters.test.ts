import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { attemptCharge, type ChargeDeps } from '../../../src/billing/charges/attempt-charge.service.ts';
import { schedulerDeps } from '../../../src/composition/roles.ts';
import { queueSettings, type Runtime } from '../../../src/composition/runtime.ts';
import { RemoteBillingGateway } from '../../../src/composition/remote-billing-gateway.ts';
import { GatewayClient } from '../../../src/gateway-client/gateway-client.ts';
import { createQueueConnection } from '../../../src/queues/queue-backend.ts';
import { chargeWorkId, liveJobOf } from '../../../src/queues/queues.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';
import { sweepOwedCharges } from '../../../src/scheduler/reconciler.ts';
import { startChargeWorker } from '../../../workers/charge.worker.ts';

/**
 * One charge suite, run against both billing gateway adapters.
 *
 * embedded: one app; billing charges through the in-process gateway core.
 * remote:   two apps on the SAME database. App G serves the gateway's sandbox HTTPS API; app B is
 *           configured with BILLING_GATEWAY=remote pointing at G's sandbox URL with the merchant's
 *           sandbox credentials and G's certificate as CA file. Sharing the database (and the secrets
 *           that hash credentials) lets B's billing API authenticate the same merchant, so billing
 *           tables and gateway tables name one merchant id, while every purchase, lookup and card
 *           check of B goes over HTTPS through the undici client. No role ticks on its own: the
 *           tests call the scheduler and `attemptCharge` directly.
 */
const APPROVE = '5123456789012346';
const DECLINE = '5313581000123430';
const TIMEOUT_MS = 1_500;

interface Rig {
  gatewayApp: TestApp;
  billingApp: TestApp;
  /** Billing API (the app whose billing gateway is under test). */
  api: ApiClient;
  /** Gateway API (cards, scripts, purchases). */
  gw: ApiClient;
  username: string;
  merchantId: string;
}

async function startRig(kind: 'embedded' | 'remote'): Promise<Rig> {
  const gatewayApp = await startTestApp();
  const merchant = await gatewayApp.newMerchant('Adapter Suite');
  const gw = gatewayApp.client('sandbox', merchant.sandbox);
  if (kind === 'embedded')
    return { gatewayApp, billingApp: gatewayApp, api: gw, gw, username: merchant.sandbox.username, merchantId: merchant.merchant_id };
  const caFile = join(await mkdtemp(join(tmpdir(), 'recur-ca-')), 'gateway-ca.pem');
  await writeFile(caFile, gatewayApp.tls.cert);
  const c = gatewayApp.config;
  const billingApp = await startTestApp({
    env: {
      DATABASE_URL: c.DATABASE_URL,
      VAULT_KEYS: c.VAULT_KEYS!,
      VAULT_FINGERPRINT_KEY: c.VAULT_FINGERPRINT_KEY!,
      CREDENTIAL_HASH_KEY: c.CREDENTIAL_HASH_KEY!,
      BILLING_GATEWAY: 'remote',
      BILLING_GATEWAY_URL: gatewayApp.listeners.urls.sandbox!,
      BILLING_GATEWAY_USERNAME: merchant.sandbox.username,
      BILLING_GATEWAY_TOKEN: merchant.sandbox.api_token,
      BILLING_GATEWAY_CA_FILE: caFile,
      BILLING_GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  return {
    gatewayApp,
    billingApp,
    api: billingApp.client('sandbox', merchant.sandbox),
    gw,
    username: merchant.sandbox.username,
    merchantId: merchant.merchant_id,
  };
}

describe.each(['embedded', 'remote'] as const)('charges through the %s billing gateway', (kind) => {
  let rig: Rig;
  let rt: Runtime;
  let deps: ChargeDeps;

  beforeAll(async () => {
    rig = await startRig(kind);
    rt = rig.billingApp.runtime;
    deps = { sql: rt.sql, clock: rt.clock, logger: rt.logger, gateway: rt.billingGateway };
  }, 120_000);
  afterAll(async () => {
    if (rig?.billingApp !== rig?.gatewayApp) await rig?.billingApp.close();
    await rig?.gatewayApp.close();
  }, 120_000);

  it('wires the adapter the configuration names', () => {
    expect(rt.config.BILLING_GATEWAY).toBe(kind);
    expect(rt.billingGateway.adapter.constructor.name).toBe(kind === 'embedded' ? 'EmbeddedBillingGateway' : 'RemoteBillingGateway');
  });

  it('tokenizes a card a customer typed (the hosted pages): stored and masked, or refused with the gateway’s messages', async () => {
    const merchant = { merchantId: rig.merchantId, environment: 'sandbox' as const };
    const stored = await rt.billingGateway.tokenize(merchant, {
      holder: 'Ada Lovelace',
      number: '4005550000000001',
      expiry: '12/2031',
      cvv: '123',
    });
    expect(stored).toMatchObject({ kind: 'stored', card: { masked: '400555XXXXXX0001', expiry: '2031-12-31' } });
    const token = stored.kind === 'stored' ? stored.card.token : '';
    expect((await rig.gw.get(`/credit_cards/${token}`)).body.response).toMatchObject({ card_holder: 'Ada Lovelace' });
    expect(await rt.billingGateway.findCard(merchant, token)).toMatchObject({ token, expiry: '2031-12-31' });
    const refused = await rt.billingGateway.tokenize(merchant, { holder: 'Ada', number: '4111111111111112', expiry: '13/2031', cvv: '' });
    expect(refused.kind).toBe('invalid');
    const messages = refused.kind === 'invalid' ? refused.messages : [];
    expect(messages).toEqual(expect.arrayContaining(['Card number is invalid', 'Expiry date is missing or invalid.', 'CVV is required']));
  });

  /** A card, a plan and a subscription through the APIs, invoiced by one scheduler tick; the tick's job is taken out of Redis. */
  async function invoiced(cardNumber: string, amount = 1500, alias?: string) {
    const card = (
      await rig.gw.post('/credit_cards', { card_holder: 'A', card_number: cardNumber, card_expiry: '05/2030', cvv: '123', alias })
    ).body.response;
    expect(card.token).toBeTruthy();
    const plan = await rig.api.post('/plans', { name: 'Monthly', amount, currency: 'AUD', interval: 'month', interval_count: 1 });
    expect(plan.status).toBe(201);
    const sub = await rig.api.post('/subscriptions', {
      plan_id: plan.body.response.id,
      card_token: alias ?? card.token,
      customer_reference: `c-${randomBytes(4).toString('hex')}`,
    });
    expect(sub.status, sub.text).toBe(201);
    await runSchedulerTick(schedulerDeps(rt));
    const rows = await rt.sql.query<{ id: string }>('select id from billing.invoices where subscription_id = $1', [sub.body.response.id]);
    expect(rows).toHaveLength(1);
    const invoiceId = rows[0]!.id;
    const job = await liveJobOf(rt.queues.charge, chargeWorkId({ invoiceId, attempt: 1 }));
    expect(job?.data).toEqual({ invoiceId, attempt: 1 });
    await job!.remove(); // as if a worker had taken it: the tests run the charge themselves
    return { token: card.token as string, subscriptionId: sub.body.response.id as string, invoiceId };
  }

  async function state(invoiceId: string) {
    const invoice = (await rig.api.get(`/invoices/${invoiceId}`)).body.response;
    const ledger = await rt.sql.query<{ purchase_id: string; amount: string }>(
      'select purchase_id, amount from billing.ledger_entries where invoice_id = $1',
      [invoiceId],
    );
    const purchases = await rig.gatewayApp.runtime.sql.query<{ id: string; successful: boolean; response_code: string; amount: string }>(
      'select id, successful, response_code, amount from gateway.purchases where reference = $1',
      [`${invoiceId}-1`],
    );
    return { invoice, ledger, purchases };
  }

  async function script(token: string, outcomes: Record<string, unknown>[]): Promise<void> {
    const res = await rig.gw.put(`/sandbox/credit_cards/${token}/script`, { outcomes });
    expect(res.status, res.text).toBe(200);
  }

  it('approved: invoice paid, attempt approved with the purchase id, one ledger entry, one purchase', async () => {
    const { invoiceId } = await invoiced(APPROVE, 1500);
    expect(await attemptCharge(deps, { invoiceId, attempt: 1 })).toEqual({
      kind: 'recorded',
      status: 'approved',
      invoiceStatus: 'paid',
      amount: 1500,
      currency: 'AUD',
      declineClass: null,
    });
    const { invoice, ledger, purchases } = await state(invoiceId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ successful: true, response_code: '00', amount: '1500' });
    expect(invoice.status).toBe('paid');
    expect(invoice.attempts).toHaveLength(1);
    expect(invoice.attempts[0]).toMatchObject({
      number: 1,
      reference: `${invoiceId}-1`,
      status: 'approved',
      response_code: '00',
      purchase_id: purchases[0]!.id,
    });
    expect(ledger).toEqual([{ purchase_id: purchases[0]!.id, amount: '1500' }]);
    const paid = (await rig.api.get('/events?type=invoice.paid')).body.response;
    expect(paid.filter((e: { data: { invoice_id: string } }) => e.data.invoice_id === invoiceId)).toHaveLength(1);
  });

  it('follows the stored-credential chain: later charges of a card send the tracking id of the first approval', async () => {
    const chained = async (amount: number) => {
      const { invoiceId } = await invoiced('4242424242424242', amount);
      expect(await attemptCharge(deps, { invoiceId, attempt: 1 })).toMatchObject({ status: 'approved' });
      const rows = await rig.gatewayApp.runtime.sql.query<{ extra: Record<string, unknown>; trackingId: string }>(
        'select extra, authorization_tracking_id as "trackingId" from gateway.purchases where reference = $1',
        [`${invoiceId}-1`],
      );
      return rows[0]!;
    };
    const first = await chained(2100);
    expect(first.extra).toEqual({ ecm: '32', stored_credential_indicator: 'S' });
    expect(first.trackingId).not.toBe('');
    for (const amount of [2200, 2300]) {
      const later = await chained(amount);
      expect(later.extra).toEqual({ ecm: '32', stored_credential_indicator: 'S', authorization_tracking_id: first.trackingId });
      expect(later.trackingId).toBe(first.trackingId);
    }
  });

  it('refunds part of a paid invoice through the adapter, and a re-sent refund reference is adopted, not refunded twice', async () => {
    const { invoiceId } = await invoiced(APPROVE, 2100);
    await attemptCharge(deps, { invoiceId, attempt: 1 });
    const res = await rig.api.post(`/invoices/${invoiceId}/refund`, { amount: 700, reason: 'partial' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'paid', refunded_amount: 700 });
    const [refund] = res.body.response.refunds;
    expect(refund).toMatchObject({ amount: 700, status: 'approved', reference: `${invoiceId}-r1` });
    const gatewayRefunds = await rig.gatewayApp.runtime.sql.query<{ id: string; amount: string }>(
      'select id, amount from gateway.refunds where reference = $1',
      [`${invoiceId}-r1`],
    );
    expect(gatewayRefunds).toEqual([{ id: refund.refund_id, amount: '700' }]);
    // The same reference again (a re-send after a lost answer): the gateway's refund is adopted.
    const { ledger } = await state(invoiceId);
    const again = await rt.billingGateway.refund(
      {
        merchantId: (await rt.sql.query<{ merchant_id: string }>('select merchant_id from billing.invoices where id = $1', [invoiceId]))[0]!
          .merchant_id,
        environment: 'sandbox',
      },
      { purchaseId: ledger[0]!.purchase_id, amount: 700, reference: `${invoiceId}-r1` },
    );
    expect(again).toEqual({ kind: 'approved', refundId: refund.refund_id });
    expect(await rig.gatewayApp.runtime.sql.query('select id from gateway.refunds where reference = $1', [`${invoiceId}-r1`])).toHaveLength(
      1,
    );
  });
  it('declined (05): invoice past_due, payment_failed event, no ledger entry', async () => {
    const { invoiceId, subscriptionId } = await invoiced(DECLINE, 1700);
    // A soft decline (05) is retried by the dunning schedule: the first retry a day after the failure.
    const result = await attemptCharge(deps, { invoiceId, attempt: 1 });
    expect(result).toMatchObject({ kind: 'recorded', status: 'declined', invoiceStatus: 'past_due' });
    expect(result.kind === 'recorded' && result.followUps?.retry).toMatchObject({ invoiceId, attempt: 2, realClock: true });
    const { invoice, ledger, purchases } = await state(invoiceId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ successful: false, response_code: '05' });
    expect(invoice.status).toBe('past_due');
    expect(invoice.attempts[0]).toMatchObject({ status: 'declined', response_code: '05', purchase_id: purchases[0]!.id });
    expect(ledger).toEqual([]);
    const failed = (await rig.api.get('/events?type=invoice.payment_failed')).body.response;
    const mine = failed.filter((e: { data: { invoice_id: string } }) => e.data.invoice_id === invoiceId);
    expect(mine).toHaveLength(1);
    expect(mine[0].data).toMatchObject({ response_code: '05', attempt: 1 });
    expect((await rig.api.get(`/subscriptions/${subscriptionId}`)).body.response.status).toBe('past_due');
  });

  it('a card alias removed after subscribing: attempt error, nothing charged', async () => {
    const alias = `alias-${randomBytes(4).toString('hex')}`;
    const { invoiceId, token } = await invoiced(APPROVE, 1900, alias);
    const cleared = await rig.gw.put(`/credit_cards/${token}`, { alias: null });
    expect(cleared.status, cleared.text).toBe(200);
    const result = await attemptCharge(deps, { invoiceId, attempt: 1 });
    expect(result).toMatchObject({ kind: 'recorded', status: 'error' });
    const { invoice, ledger, purchases } = await state(invoiceId);
    expect(purchases).toEqual([]);
    expect(ledger).toEqual([]);
    expect(invoice.attempts).toHaveLength(1);
    expect(invoice.attempts[0]).toMatchObject({ status: 'error', purchase_id: null, response_code: null });
    expect(invoice.status).toBe('past_due');
  });

  // Remote: the gateway records the purchase, then answers after the client's timeout (or drops
  // the connection). Embedded: the same sandbox fault hooks surface as `unknown` at once.
  for (const fault of ['delay', 'drop'] as const) {
    it(`a ${fault} fault leaves the attempt unknown; the sweep and the worker adopt the purchase by reference`, async () => {
      const { invoiceId, token } = await invoiced(APPROVE, 2100);
      await script(token, [fault === 'delay' ? { fault, delay_ms: TIMEOUT_MS * 3 } : { fault }]);
      const started = Date.now();
      const result = await attemptCharge(deps, { invoiceId, attempt: 1 });
      expect(result.kind).toBe('unknown');
      if (kind === 'remote' && fault === 'delay') expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);

      const before = await state(invoiceId);
      expect(before.invoice.status).toBe('open');
      expect(before.invoice.attempts).toHaveLength(1);
      expect(before.invoice.attempts[0]).toMatchObject({ status: 'unknown', purchase_id: null });
      expect(before.ledger).toEqual([]);
      expect(before.purchases).toHaveLength(1); // the gateway did record it
      expect(before.purchases[0]!.successful).toBe(true);

      await sleep(2); // the sweep takes writes strictly before now minus its grace (none here)
      expect(await sweepOwedCharges(schedulerDeps(rt), 0)).toBeGreaterThanOrEqual(1);
      expect((await liveJobOf(rt.queues.charge, chargeWorkId({ invoiceId, attempt: 1 })))?.data).toEqual({ invoiceId, attempt: 1 });

      const connection = createQueueConnection(queueSettings(rt.config, 'worker'));
      const worker = startChargeWorker({ ...deps, logger: rt.logger }, { connection, concurrency: 2 });
      try {
        await waitFor(async () => (await state(invoiceId)).invoice.status === 'paid', {
          message: 'the worker to adopt the purchase',
          timeout: 30_000,
          interval: 50,
        });
      } finally {
        await worker.close();
        await connection.close();
      }
      const after = await state(invoiceId);
      expect(after.purchases).toHaveLength(1);
      expect(after.purchases[0]!.id).toBe(before.purchases[0]!.id);
      expect(after.invoice.attempts).toHaveLength(1);
      expect(after.invoice.attempts[0]).toMatchObject({ status: 'approved', response_code: '00', purchase_id: after.purchases[0]!.id });
      expect(after.ledger).toEqual([{ purchase_id: after.purchases[0]!.id, amount: '2100' }]);
    }, 60_000);
  }

  it('the same attempt run twice records once; the second is skipped', async () => {
    const { invoiceId } = await invoiced(APPROVE, 2300);
    expect(await attemptCharge(deps, { invoiceId, attempt: 1 })).toMatchObject({ kind: 'recorded', status: 'approved' });
    expect(await attemptCharge(deps, { invoiceId, attempt: 1 })).toEqual({ kind: 'skipped', reason: 'invoice is paid' });
    const { invoice, ledger, purchases } = await state(invoiceId);
    expect(purchases).toHaveLength(1);
    expect(ledger).toHaveLength(1);
    expect(invoice.attempts).toHaveLength(1);
  });

  it('the same attempt run twice at once records once and charges once', async () => {
    const { invoiceId } = await invoiced(APPROVE, 2500);
    const results = await Promise.all([attemptCharge(deps, { invoiceId, attempt: 1 }), attemptCharge(deps, { invoiceId, attempt: 1 })]);
    expect(results.map((r) => r.kind).sort()).toEqual(['recorded', 'skipped']);
    const { invoice, ledger, purchases } = await state(invoiceId);
    expect(purchases).toHaveLength(1);
    expect(ledger).toEqual([{ purchase_id: purchases[0]!.id, amount: '2500' }]);
    expect(invoice.status).toBe('paid');
    expect(invoice.attempts).toHaveLength(1);
    expect(invoice.attempts[0]).toMatchObject({ status: 'approved', purchase_id: purchases[0]!.id });
  });

  // A gateway that refuses our credentials (a rotated token) is an infrastructure fault, not the
  // customer's failed payment: DESIGN.md says only infrastructure faults fail a job and are retried.
  it.runIf(kind === 'remote')('refused credentials leave the invoice owed, not past_due with a payment_failed event', async () => {
    const { invoiceId, subscriptionId } = await invoiced(APPROVE, 2700);
    const client = new GatewayClient({
      baseUrl: rt.config.BILLING_GATEWAY_URL!,
      username: rig.username,
      token: 'not-the-token',
      ca: rig.gatewayApp.tls.cert,
    });
    try {
      await attemptCharge({ ...deps, gateway: new RemoteBillingGateway(client) }, { invoiceId, attempt: 1 }).catch(() => undefined);
    } finally {
      await client.close();
    }
    const { invoice, purchases } = await state(invoiceId);
    expect(purchases).toEqual([]);
    expect(invoice.attempts[0]?.status).not.toBe('error');
    expect(invoice.status).toBe('open');
    expect((await rig.api.get(`/subscriptions/${subscriptionId}`)).body.response.status).toBe('active');
  });
});
