import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import { APPROVE, DECLINE, createCard, createPlan, subscribe } from '../../helpers/billing.ts';
import { billingCounts, checkInvariants } from '../../helpers/invariants.ts';
import { waitFor } from '../../helpers/wait-for.ts';
import { freePort, killAllRecur, recurEnv, spawnRecur, type CliProcess } from '../../helpers/cli-process.ts';
import { killAllChildren, startRecurChild } from '../../helpers/recur-child.ts';
import type { Config } from '../../../config/config.ts';
import type { NewMerchant } from '../../../src/gateway/merchants/credentials.service.ts';

/**
 * Two Recur processes across a real network boundary, killed mid-charge: the DOWNSTREAM's billing
 * (a child process running worker and scheduler) is SIGKILLed after the upstream processed a
 * charge and before the outcome was recorded, and the UPSTREAM (`recur start`, its sandbox the
 * production path's acquirer) is SIGKILLed with charges in flight, each several times. Then every
 * invoice is paid exactly once per purchase the upstream approved, with one ledger entry.
 */
let upConfig: Config;
let upMerchant: NewMerchant;
let upstream: CliProcess | null = null;
let upEnv: Record<string, string>;
let upPort: number;
let proxy: FaultProxy;
let downstream: TestApp;
let api: ApiClient;

async function startUpstream(): Promise<void> {
  upstream = spawnRecur(['start'], upEnv);
  await upstream.waitForOutput(/Recur is running/, 60_000);
}

async function upstreamDb<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { connect } = await import('../../helpers/database.ts');
  const db = await connect(upConfig.DATABASE_URL);
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/**
 * Between faults: no invoice charged twice (I1). A charge approved upstream may still lack its
 * attempt's outcome and ledger entry here (within the resolution window); at the end it may not.
 */
async function noDoubleCharge(): Promise<void> {
  const violations = await checkInvariants(downstream.config.DATABASE_URL, { graceMs: 600_000, unresolvedWindowMs: 600_000 });
  expect(violations.filter((v) => v.invariant === 'I1')).toEqual([]);
  // No second upstream purchase for one reference Recur sent.
  const twice = await upstreamDb(`select reference from gateway.purchases where merchant_id = $1 group by reference having count(*) > 1`, [
    upMerchant.merchant_id,
  ]);
  expect(twice).toEqual([]);
  expect((await billingCounts(downstream.config.DATABASE_URL)).maxChargesPerInvoice).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  // The upstream's merchant is made in-process; then the same database and secrets run as `recur start`.
  const setup = await startTestApp();
  upConfig = setup.config;
  upMerchant = await setup.newMerchant('Upstream Acquirer');
  const tls = setup.tls;
  await setup.close();
  const certFile = join(upConfig.DATA_DIR, 'tls-cert.pem');
  const keyFile = join(upConfig.DATA_DIR, 'tls-key.pem');
  await writeFile(certFile, tls.cert);
  await writeFile(keyFile, tls.key, { mode: 0o600 });
  upPort = await freePort();
  upEnv = recurEnv(upConfig, {
    SANDBOX_PORT: String(upPort),
    PRODUCTION_PORT: String(await freePort()),
    OPS_ENABLED: 'false',
    TLS_CERT_FILE: certFile,
    TLS_KEY_FILE: keyFile,
  });
  await startUpstream();
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: upPort }, tls, upstreamCa: tls.cert });
  const caFile = join(upConfig.DATA_DIR, 'upstream-ca.pem');
  await writeFile(caFile, tls.cert);
  downstream = await startTestApp({
    env: {
      UPSTREAM_GATEWAY_URL: proxy.url('/v1.0'),
      UPSTREAM_GATEWAY_USERNAME: upMerchant.sandbox.username,
      UPSTREAM_GATEWAY_TOKEN: upMerchant.sandbox.api_token,
      UPSTREAM_GATEWAY_CA_FILE: caFile,
      UPSTREAM_TIMEOUT_MS: '1500',
      UPSTREAM_PENDING_WINDOW_MS: '4000',
      UPSTREAM_RESOLVE_INTERVAL_MS: '300',
      SWEEP_INTERVAL_MS: '500',
      SWEEP_GRACE_MS: '1000',
      ALLOW_TEST_CARDS_IN_PRODUCTION: 'true',
    },
  });
  api = downstream.client('production', (await downstream.newMerchant('Production Biller')).production);
}, 120_000);
afterAll(async () => {
  await killAllChildren();
  await downstream?.close();
  await proxy?.close();
  await killAllRecur();
});

describe('killed mid-charge, both sides, repeatedly', () => {
  it('every approved upstream purchase has exactly one approved attempt and one ledger entry', async () => {
    const plan = await createPlan(api, { interval: 'day' });
    const good = await createCard(api, APPROVE);
    const bad = await createCard(api, DECLINE);
    const total = 10;
    for (let i = 0; i < total; i++) {
      await subscribe(api, { plan_id: plan.id, card_token: i % 5 === 4 ? bad.token : good.token, customer_reference: `k${i}` });
    }

    // Recur killed after the upstream processed a charge, before the outcome was recorded: three times.
    for (let round = 0; round < 3; round++) {
      const child = startRecurChild(downstream.config, { roles: 'both', killAt: 'after-gateway', env: { WORKER_CONCURRENCY: '2' } });
      await child.waitFor('a charge at after-gateway', (ms) => ms.some((m) => m.type === 'at'), 60_000);
      await child.kill();
      await noDoubleCharge();
    }

    // The upstream killed with a charge in flight: three times, the downstream's billing running throughout.
    const worker = startRecurChild(downstream.config, { roles: 'both', env: { WORKER_CONCURRENCY: '2' } });
    await worker.ready(60_000);
    for (let round = 0; round < 3; round++) {
      await subscribe(api, { plan_id: plan.id, card_token: good.token, customer_reference: `u${round}` });
      const before = proxy.seen.filter((s) => s.method === 'POST').length;
      proxy.add({ method: 'POST', path: '/v1.0/purchases', kind: 'delay', ms: 400 });
      await waitFor(async () => proxy.seen.filter((s) => s.method === 'POST').length, {
        message: 'a charge sent upstream',
        until: (n) => n > before,
        timeout: 60_000,
      });
      await upstream!.kill();
      await startUpstream();
      await noDoubleCharge();
    }

    const invoices = total + 3;
    await waitFor(() => billingCounts(downstream.config.DATABASE_URL), {
      message: 'every invoice resolved',
      until: (c) =>
        c.invoices === invoices &&
        (c.attemptsByStatus.sending ?? 0) === 0 &&
        (c.attemptsByStatus.unknown ?? 0) === 0 &&
        (c.invoicesByStatus.open ?? 0) === 0,
      timeout: 120_000,
    });
    await worker.stop();

    expect(await checkInvariants(downstream.config.DATABASE_URL)).toEqual([]);
    const counts = await billingCounts(downstream.config.DATABASE_URL);
    expect(counts.invoicesByStatus.paid).toBe(invoices - 2);
    expect(counts.invoicesByStatus.past_due).toBe(2);
    const approvedUp = await upstreamDb<{ reference: string }>(
      `select reference from gateway.purchases where merchant_id = $1 and successful`,
      [upMerchant.merchant_id],
    );
    expect(new Set(approvedUp.map((p) => p.reference)).size).toBe(approvedUp.length);
    expect(approvedUp).toHaveLength(invoices - 2);
    expect(counts.ledgerEntries).toBe(approvedUp.length);
    expect(counts.maxChargesPerInvoice).toBe(1);
    const pending = await downstream.runtime.orm.em.fork().execute(`select id from gateway.purchases where state = 'pending'`);
    expect(pending).toEqual([]);
  }, 240_000);
});
