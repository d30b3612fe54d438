import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import { APPROVE, DECLINE, createCard, createPlan, listAll, subscribe } from '../../helpers/billing.ts';
import { billingCounts, checkInvariants } from '../../helpers/invariants.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import type { NewMerchant } from '../../../src/gateway/merchants/credentials.service.ts';

/**
 * Production billing through a real upstream: the DOWNSTREAM Recur bills production
 * subscriptions, its gateway sends each charge to an UPSTREAM Recur's sandbox through the
 * fault-injecting TLS proxy. Whatever the link does, each invoice is paid exactly once for each
 * purchase the upstream approved, with one ledger entry, and no attempt stays unresolved.
 */
const WINDOW_MS = 3_000;

let upstream: TestApp;
let downstream: TestApp;
let proxy: FaultProxy;
let upMerchant: NewMerchant;
let api: ApiClient;

async function upstreamApproved(): Promise<{ reference: string }[]> {
  return upstream.runtime.orm.em
    .fork()
    .execute(`select reference from gateway.purchases where merchant_id = ? and successful`, [upMerchant.merchant_id]);
}

/** The invariants after a fault: the checker's I1–I4, and the ledger equal to what the upstream approved. */
async function booksAgree(expectedInvoices: number): Promise<void> {
  const url = downstream.config.DATABASE_URL;
  expect(await checkInvariants(url)).toEqual([]);
  const counts = await billingCounts(url);
  expect(counts.invoices).toBe(expectedInvoices);
  const approvedUpstream = await upstreamApproved();
  expect(new Set(approvedUpstream.map((p) => p.reference)).size).toBe(approvedUpstream.length);
  expect(counts.ledgerEntries).toBe(approvedUpstream.length);
  expect(counts.approvedPurchases).toBe(approvedUpstream.length);
  expect(counts.maxChargesPerInvoice).toBeLessThanOrEqual(1);
  const pending = await downstream.runtime.orm.em.fork().execute(`select id from gateway.purchases where state = 'pending'`);
  expect(pending).toEqual([]);
}

/** Waits until no attempt is `sending` or `unknown` and every invoice has an outcome. */
async function allResolved(count: number, timeoutMs = 60_000): Promise<void> {
  await waitFor(() => billingCounts(downstream.config.DATABASE_URL), {
    message: `${count} invoices resolved`,
    until: (c) =>
      c.invoices === count &&
      (c.attemptsByStatus.sending ?? 0) === 0 &&
      (c.attemptsByStatus.unknown ?? 0) === 0 &&
      (c.invoicesByStatus.open ?? 0) === 0,
    timeout: timeoutMs,
  });
}

beforeAll(async () => {
  upstream = await startTestApp();
  upMerchant = await upstream.newMerchant('Upstream Acquirer');
  const caFile = join(upstream.config.DATA_DIR, 'upstream-ca.pem');
  await writeFile(caFile, upstream.tls.cert);
  proxy = await startFaultProxy({
    target: { host: '127.0.0.1', port: Number(new URL(upstream.listeners.urls.sandbox!).port) },
    tls: upstream.tls,
    upstreamCa: upstream.tls.cert,
  });
  downstream = await startTestApp({
    billing: true,
    env: {
      UPSTREAM_GATEWAY_URL: proxy.url('/v1.0'),
      UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      UPSTREAM_TIMEOUT_MS: '1000',
      UPSTREAM_PENDING_WINDOW_MS: String(WINDOW_MS),
      UPSTREAM_RESOLVE_INTERVAL_MS: '200',
      SWEEP_INTERVAL_MS: '500',
      SWEEP_GRACE_MS: '1000',
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    },
  });
  api = downstream.client('production', (await downstream.newMerchant('Production Biller')).production);
});
afterAll(async () => {
  await downstream?.close();
  await proxy?.close();
  await upstream?.close();
});

describe('production billing through a faulty link to the upstream', () => {
  it('an upstream that refuses connections fails the job for a retry: no decline, no dunning; paid once it is back', async () => {
    const plan = await createPlan(api, { interval: 'day' });
    const card = await createCard(api, APPROVE);
    await proxy.refuse();
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await subscribe(api, { plan_id: plan.id, card_token: card.token, customer_reference: `r${i}` }));
    // Every first try fails as a fault: the attempts wait `sending`, the invoices stay open, nothing is declined.
    await waitFor(async () => downstream.logs.filter((l) => l.includes('upstream gateway fault (not_connected)')).length, {
      message: 'charge jobs failed as faults',
      until: (n) => n >= 3,
      timeout: 30_000,
    });
    const during = await billingCounts(downstream.config.DATABASE_URL);
    expect(during.invoicesByStatus.past_due ?? 0).toBe(0);
    expect(during.attemptsByStatus.declined ?? 0).toBe(0);
    expect(during.attemptsByStatus.error ?? 0).toBe(0);
    expect(await listAll(api, '/events?type=invoice.payment_failed')).toEqual([]);

    await proxy.accept();
    await allResolved(3);
    const counts = await billingCounts(downstream.config.DATABASE_URL);
    expect(counts.invoicesByStatus.paid).toBe(3);
    expect(counts.attemptsByStatus).toEqual({ approved: 3 });
    await booksAgree(3);
  });

  it('answers dropped after the upstream processed them, then lost requests: every attempt resolves, exactly once', async () => {
    const plan = await createPlan(api, { interval: 'day', amount: 2100 });
    const good = await createCard(api, APPROVE, { card_expiry: '11/2039' });
    const bad = await createCard(api, DECLINE);
    // Drop the answers to four charges and to their first lookups; lose two charges outright (with their re-sends).
    proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'drop', times: 4 });
    proxy.add({ method: 'GET', path: '/v1.0/purchases/', kind: 'drop', times: 4 });
    for (let i = 0; i < 4; i++) await subscribe(api, { plan_id: plan.id, card_token: good.token, customer_reference: `d${i}` });
    await waitFor(async () => proxy.seen.filter((s) => s.fault === 'drop').length, {
      message: 'four drops',
      until: (n) => n >= 8,
      timeout: 30_000,
    });
    proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'lose', times: 4 });
    await subscribe(api, { plan_id: plan.id, card_token: good.token, customer_reference: 'l0' });
    await subscribe(api, { plan_id: plan.id, card_token: bad.token, customer_reference: 'l1' });
    await allResolved(3 + 6, 90_000);
    const counts = await billingCounts(downstream.config.DATABASE_URL);
    expect(counts.invoicesByStatus.paid).toBe(3 + 5);
    expect(counts.invoicesByStatus.past_due).toBe(1);
    expect(proxy.seen.filter((r) => r.fault === 'lose')).toHaveLength(4);
    // The two lost charges settled as failed (the upstream never had them), and billing sent them again.
    const failed = await downstream.runtime.orm.em
      .fork()
      .execute<{ reference: string }[]>(`select reference from gateway.purchases where state = 'failed'`);
    expect(failed).toHaveLength(2);
    for (const { reference } of failed) {
      const again = await downstream.runtime.orm.em
        .fork()
        .execute(`select id from gateway.purchases where reference = ? and state = 'completed'`, [reference]);
      expect(again).toHaveLength(1);
    }
    await booksAgree(3 + 6);
  });
});
