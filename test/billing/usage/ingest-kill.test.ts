/**
 * Exactly-once usage ingestion across crashes (issue 28): batches of usage events are sent to a
 * `recur api` process that is SIGKILLed while batches are in flight, four times. The sender does
 * what docs/usage.md tells a client to do: a batch whose answer it did not get is sent again,
 * unchanged, once the API is back. Whatever the kill interrupted (the request before its
 * transaction, the COPY inside it, the commit, or the answer after it), every event is stored
 * exactly once, its key once, and the subscription's usage counts each once.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, request } from 'undici';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { createCard, createPlan, subscribe } from '../../helpers/billing.ts';
import { freePort, killAllRecur, recurEnv, spawnRecur, type CliProcess } from '../../helpers/cli-process.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let app: TestApp;
let db: pg.Client;
beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'warn' } });
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await killAllRecur();
  await db?.end();
  await app?.close();
});

const BATCHES = 16;
const PER_BATCH = 500;
/** The batches during which the API process is killed (a random few milliseconds after the batch is sent). */
const KILLED_DURING = new Set([2, 6, 10, 13]);

describe('usage ingestion killed mid-batch', () => {
  it('stores every event exactly once when the client sends again what it got no answer for', async () => {
    const merchant = await app.newMerchant('Ingest kills');
    const api = app.client('sandbox', merchant.sandbox);
    const card = await createCard(api);
    const plan = await createPlan(api);
    const sub = await subscribe(api, { plan_id: plan.id, card_token: card.token });
    const metric = await api.post('/billable_metrics', { code: 'calls', name: 'Calls', aggregation: 'count' });
    expect(metric.status, metric.text).toBe(201);
    const from = new Date().toISOString();

    const port = await freePort();
    const env = recurEnv(app.config, { SANDBOX_PORT: String(port), PRODUCTION_PORT: '0', OPS_ENABLED: 'false', LOG_LEVEL: 'warn' });
    let child: CliProcess;
    const startApi = async () => {
      child = spawnRecur(['api'], env);
      await child.waitForOutput(/Recur sandbox API:/, 60_000);
    };
    await startApi();
    const auth = `Basic ${Buffer.from(`${merchant.sandbox.username}:${merchant.sandbox.api_token}`).toString('base64')}`;

    let kills = 0;
    let interrupted = 0;
    let accepted = 0;
    let duplicates = 0;
    for (let b = 0; b < BATCHES; b++) {
      const at = new Date().toISOString();
      const body = JSON.stringify({
        events: Array.from({ length: PER_BATCH }, (_, i) => ({
          transaction_id: `b${b}-e${i}`,
          subscription_id: sub.id,
          code: 'calls',
          timestamp: at,
          properties: { n: i },
        })),
      });
      for (let attempt = 0; ; attempt++) {
        expect(attempt, `batch ${b} sent too many times`).toBeLessThan(5);
        // A fresh connection each time: a killed process's sockets are gone.
        const agent = new Agent({ connect: { rejectUnauthorized: false } });
        const sent = request(`https://127.0.0.1:${port}/v1.0/usage_events`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: auth, 'content-type': 'application/json' },
          body,
        }).then(
          async (res) => ({ status: res.statusCode, text: await res.body.text() }),
          (err: Error) => ({ status: 0, text: err.message }),
        );
        if (attempt === 0 && KILLED_DURING.has(b)) {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 40)));
          await child!.kill();
          kills++;
        }
        const answer = await sent;
        await agent.close().catch(() => undefined);
        if (answer.status === 200) {
          const r = JSON.parse(answer.text).response;
          expect(r.refused, answer.text.slice(0, 500)).toBe(0);
          accepted += r.accepted;
          duplicates += r.duplicates;
          break;
        }
        // No answer (the process died under it): start it again if it is gone, and send the same batch.
        interrupted++;
        expect(answer.status, answer.text).toBe(0);
        if (child!.hasExited()) await startApi();
      }
    }
    await child!.kill();

    expect(kills).toBe(KILLED_DURING.size);
    // What a kill interrupted was either lost before its commit (sent again: accepted) or committed
    // before the answer (sent again: all duplicates, its events accepted by the answer the kill
    // cut off); each batch's last answer is one or the other, whole, and the rows below show
    // each event stored exactly once.
    expect(accepted + duplicates).toBe(BATCHES * PER_BATCH);
    expect(duplicates % PER_BATCH).toBe(0);
    expect(duplicates / PER_BATCH).toBeLessThanOrEqual(KILLED_DURING.size);
    const stored = await db.query<{ events: number; distinct: number; keys: number }>(
      `select (select count(*)::int from billing.usage_events where subscription_id = $1) as events,
              (select count(distinct transaction_id)::int from billing.usage_events where subscription_id = $1) as distinct,
              (select count(*)::int from billing.usage_event_keys k where k.transaction_id like 'b%-e%'
                  and k.merchant_id = (select merchant_id from billing.subscriptions where id = $1)) as keys`,
      [sub.id],
    );
    expect(stored.rows[0]).toEqual({ events: BATCHES * PER_BATCH, distinct: BATCHES * PER_BATCH, keys: BATCHES * PER_BATCH });
    const usage = await api.get(
      `/subscriptions/${sub.id}/usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(usage.status, usage.text).toBe(200);
    expect(JSON.stringify(usage.body.response)).toContain(`"quantity":${BATCHES * PER_BATCH}`);
    // Each kill cut at least its own request off (the sender saw no answer), which it then sent again.
    expect(interrupted).toBeGreaterThanOrEqual(KILLED_DURING.size);
  });
});
