import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { connect } from '../../helpers/database.ts';
import { DECLINE, eventsOf, expectError, invoicesOf, listAll, settle } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';
import { draftsScaffold, expectedNumbers, merchantOf, numbersOf, sequencesOf, setInvoicing } from '../../helpers/drafts.ts';
import { createOrm } from '../../../src/platform/database.ts';
import { allEntities } from '../../../src/entities.ts';
import { finalizeInvoices } from '../../../src/billing/invoices/finalize/finalize-invoices.ts';
import type { Sql } from '../../../src/platform/sql.ts';
import { schedulerDeps } from '../../../src/composition/roles.ts';
import { runSchedulerTick } from '../../../src/scheduler/scheduler.service.ts';

// Invoice numbers (issue 25): every invoice gets its number when it is finalized, from a gap-free
// sequence per merchant and environment (or per customer), in the transaction that finalizes it.
// 8 finalizers racing, a failed finalization, per-customer numbering, a voided invoice, and the
// migration that numbered the invoices issued before numbers existed. The SIGKILL between the
// numbers and the commit is numbering-kill.test.ts.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;
let db: pg.Client;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  db = await connect(app.config.DATABASE_URL);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const T0 = '2027-03-01T10:00:00.000Z';

describe('numbers as invoices are written (no drafts, the default)', () => {
  it('each period invoice is final as it is written: numbered INV-000001, … in order, with its snapshots and invoice.finalized', async () => {
    const s = await scaffold(app, { merchant: 'Numbers at once', clock: T0 });
    const subs = [await s.start(), await s.start(), await s.start()];
    await settle(s.api, s.clock.id);
    const invoices = (await Promise.all(subs.map(async (sub) => (await invoicesOf(s.api, sub.id))[0] as any))).filter(Boolean);
    expect(invoices).toHaveLength(3);
    const m = await merchantOf(db, invoices[0].id);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(3));
    expect(await sequencesOf(db, m)).toEqual({ '': 3 });
    for (const inv of invoices) {
      expect(inv).toMatchObject({ status: 'paid', finalized_at: T0, finalizes_at: null, bill_to: null });
      expect(inv.seller).toEqual({ legal_name: null, address: null, tax_id: null, email: null, phone: null });
    }
    // invoice.finalized: its payload, pinned.
    const finalized = (await eventsOf(s.api, 'invoice.finalized')).find((e) => e.data.invoice_id === invoices[0].id)!;
    expect(finalized.created_at).toBe(T0);
    expect(finalized.data).toEqual({
      invoice_id: invoices[0].id,
      number: invoices[0].number,
      subscription_id: subs[0].id,
      customer_id: null,
      kind: 'period',
      status: 'open',
      period_start: invoices[0].period_start,
      period_end: invoices[0].period_end,
      subtotal: 1500,
      discount: 0,
      tax: 0,
      total: 1500,
      credit_applied: 0,
      amount: 1500,
      currency: 'AUD',
      finalized_at: T0,
    });
  });

  it('(g) written finalized is finalized as a draft is: the customer’s number, bill_to, seller and the same events', async () => {
    const s = await scaffold(app, { merchant: 'Final as written', clock: T0 });
    await setInvoicing(s.api, { numbering: 'customer', invoice_prefix: 'G-' });
    expect((await s.api.put('/settings/business', { legal_name: 'Final Pty Ltd', email: 'billing@final.example' })).status).toBe(200);
    const customer = await s.api.post('/customers', { name: 'Acme', email: 'acme@example.com', invoice_prefix: 'ACME' });
    expect(customer.status, customer.text).toBe(201);
    const customerId = customer.body.response.id;
    // Written finalized by the scheduler's batch (no drafts)…
    const written = await s.start({ customer_id: customerId });
    await settle(s.api, s.clock.id);
    // …and a draft of the same customer (drafts on), finalized by POST /invoices/{id}/finalize.
    await setInvoicing(s.api, { draft_hours: 24 });
    const drafted = await s.start({ customer_id: customerId });
    await settle(s.api, s.clock.id);
    const draft = (await invoicesOf(s.api, drafted.id))[0] as any;
    expect(draft).toMatchObject({ status: 'draft', number: null, bill_to: null, seller: null });
    expect((await s.api.post(`/invoices/${draft.id}/finalize`)).status).toBe(200);
    await settle(s.api, s.clock.id);
    const [a, b] = await Promise.all([written, drafted].map(async (sub) => (await invoicesOf(s.api, sub.id))[0] as any));
    expect([a.number, b.number]).toEqual(['G-ACME-0001', 'G-ACME-0002']);
    expect(a.bill_to).toMatchObject({ customer_id: customerId, name: 'Acme', email: 'acme@example.com' });
    expect(a.seller).toMatchObject({ legal_name: 'Final Pty Ltd', email: 'billing@final.example', tax_id: null });
    expect(b.bill_to).toEqual(a.bill_to);
    expect(b.seller).toEqual(a.seller);
    expect(a).toMatchObject({ status: 'paid', finalized_at: T0, finalizes_at: null });
    // The same events, each once, and the same fields in invoice.finalized.
    const typesOf = async (id: string) =>
      (await db.query(`select type from billing.events where data->>'invoice_id' = $1 order by type`, [id])).rows.map((r) => r.type);
    expect(await typesOf(a.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    expect(await typesOf(b.id)).toEqual(await typesOf(a.id));
    const finalized = await eventsOf(s.api, 'invoice.finalized');
    const [ea, eb] = [a, b].map((inv) => finalized.find((e) => e.data.invoice_id === inv.id)!.data);
    expect(Object.keys(ea!).sort()).toEqual(Object.keys(eb!).sort());
    expect(ea).toMatchObject({ number: 'G-ACME-0001', customer_id: customerId, status: 'open', finalized_at: T0 });
  });

  it('a period invoiced already is not written again and takes no number; its subscription still advances', async () => {
    const s = await scaffold(app, { merchant: 'Invoiced already', clock: T0, subscribe: true });
    const [first] = (await invoicesOf(s.api, s.sub.id)) as any[];
    const m = await merchantOf(db, first.id);
    expect(await sequencesOf(db, m)).toEqual({ '': 1 });
    const state = async () =>
      (await db.query('select next_period_index, next_charge_at from billing.subscriptions where id = $1', [s.sub.id])).rows[0];
    const advanced = await state();
    // Due again for the period it was invoiced for (as if its advance had been lost).
    await db.query('update billing.subscriptions set next_period_index = next_period_index - 1, next_charge_at = $2 where id = $1', [
      s.sub.id,
      first.period_start,
    ]);
    await runSchedulerTick(schedulerDeps(app.runtime));
    expect((await invoicesOf(s.api, s.sub.id)).map((i: any) => i.id)).toEqual([first.id]);
    expect(await sequencesOf(db, m)).toEqual({ '': 1 });
    expect(await state()).toEqual(advanced);
  });

  it('an invoice of its own (invoice_now) is numbered from the same sequence, after the period invoice', async () => {
    const s = await scaffold(app, { merchant: 'Numbers now', clock: T0, subscribe: true });
    const res = await s.api.post(`/subscriptions/${s.sub.id}/items`, { description: 'Setup', amount: 700, invoice_now: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body.response.invoice).toMatchObject({ kind: 'one_off', number: 'INV-000002', status: 'paid', finalized_at: T0 });
    expect((await invoicesOf(s.api, s.sub.id)).map((i: any) => i.number)).toEqual(['INV-000001', 'INV-000002']);
  });
});

describe('gap-free under concurrency and failure', () => {
  it('(a) 8 finalizers racing over 12 drafts, each draft twice: INV-000001..12, no gap, no repeat; each charged once', async () => {
    const s = await draftsScaffold(app, { merchant: 'Racing finalizers', clock: T0, count: 12 });
    for (const d of s.drafts) expect(d).toMatchObject({ status: 'draft', number: null, finalized_at: null });
    // Every draft twice, interleaved: the second request for a draft finds it finalized (409).
    const queue = [...s.drafts, ...s.drafts].map((d) => d.id).sort(() => Math.random() - 0.5);
    const answers: { id: string; status: number; number?: string }[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          const res = await s.api.post(`/invoices/${id}/finalize`);
          answers.push({ id, status: res.status, number: res.body?.response?.number });
        }
      }),
    );
    for (const d of s.drafts) {
      expect(
        answers
          .filter((a) => a.id === d.id)
          .map((a) => a.status)
          .sort(),
        d.id,
      ).toEqual([200, 409]);
    }
    const numbers = answers.filter((a) => a.status === 200).map((a) => a.number!);
    expect([...numbers].sort()).toEqual(expectedNumbers(12));
    const m = await merchantOf(db, s.drafts[0].id);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(12));
    expect(await sequencesOf(db, m)).toEqual({ '': 12 });
    const invoices = await listAll(s.api, '/invoices');
    expect(invoices).toHaveLength(12);
    for (const inv of invoices) {
      expect(inv).toMatchObject({ status: 'paid', finalized_at: T0 });
      expect(inv.attempts).toHaveLength(1);
    }
    expect((await eventsOf(s.api, 'invoice.finalized')).map((e) => e.data.number).sort()).toEqual(expectedNumbers(12));
  });

  it('(c) a finalization that fails after taking its numbers leaves none used: the next one takes them', async () => {
    const s = await draftsScaffold(app, { merchant: 'Failed finalization', clock: T0, count: 2 });
    const m = await merchantOf(db, s.drafts[0].id);
    const sql = app.runtime.sql;
    let numberedIds: string[] = [];
    await expect(
      sql.transaction((tx) =>
        finalizeInvoices(tx, [{ id: s.drafts[0].id, at: T0 }], {
          now: new Date(),
          hooks: {
            async at(step, ids) {
              numberedIds = ids;
              // The number is taken in this transaction: the sequence reads 1 here, and nowhere else yet.
              const inside = await tx.query<{ last_value: string }>(
                `select last_value from billing.number_sequences where merchant_id = $1 and environment = $2 and kind = 'invoice' and scope = ''`,
                [m.merchant_id, m.environment],
              );
              expect([step, inside[0]?.last_value]).toEqual(['numbered', '1']);
              throw new Error('the process failed after numbering');
            },
          },
        }),
      ),
    ).rejects.toThrow('the process failed after numbering');
    expect(numberedIds).toEqual([s.drafts[0].id]);
    expect(await sequencesOf(db, m)).toEqual({});
    expect((await s.api.get(`/invoices/${s.drafts[0].id}`)).body.response).toMatchObject({ status: 'draft', number: null });
    expect((await eventsOf(s.api, 'invoice.finalized')).length).toBe(0);
    // The next finalizations take 1 and 2.
    expect((await s.api.post(`/invoices/${s.drafts[1].id}/finalize`)).body.response.number).toBe('INV-000001');
    expect((await s.api.post(`/invoices/${s.drafts[0].id}/finalize`)).body.response.number).toBe('INV-000002');
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(2));
  });

  it('(e) a voided invoice keeps its number; a voided draft never takes one', async () => {
    const s = await draftsScaffold(app, { merchant: 'Voided numbers', card: DECLINE, clock: T0, count: 3 });
    const [kept, dropped, last] = s.drafts;
    const declined = (await s.api.post(`/invoices/${kept.id}/finalize`)).body.response;
    expect(declined).toMatchObject({ number: 'INV-000001', status: 'past_due' });
    const voided = await s.api.post(`/invoices/${kept.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.response).toMatchObject({ number: 'INV-000001', status: 'void', next_attempt_at: null });
    expect((await s.api.post(`/invoices/${dropped.id}/void`)).body.response).toMatchObject({ number: null, status: 'void' });
    expectError(await s.api.post(`/invoices/${dropped.id}/finalize`), 409, /void/);
    expect((await s.api.post(`/invoices/${last.id}/finalize`)).body.response.number).toBe('INV-000002');
    const m = await merchantOf(db, kept.id);
    expect(await numbersOf(db, m)).toEqual(expectedNumbers(2));
    expect(await sequencesOf(db, m)).toEqual({ '': 2 });
  });
});

/** A customer row as the customers table holds it (the customers API writes the same). */
async function insertCustomer(m: { merchant_id: string; environment: string }, name: string, prefix: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into billing.customers (id, merchant_id, environment, name, email, phone, address, tax_ids, invoice_prefix, created_at, updated_at)
     values ($1, $2, $3, $4, $5, '+61 2 9999 0000', $6, $7, $8, now(), now())`,
    [
      id,
      m.merchant_id,
      m.environment,
      name,
      `${prefix.toLowerCase()}@example.com`,
      JSON.stringify({ line1: '1 George St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' }),
      JSON.stringify([{ type: 'au_abn', value: '51824753556' }]),
      prefix,
    ],
  );
  return id;
}

describe('per-customer numbering', () => {
  it('(d) numbers per customer (prefix + the customer’s prefix + 4 digits); an invoice without a customer uses the merchant’s', async () => {
    const s = await draftsScaffold(app, { merchant: 'Per customer', clock: T0, count: 5 });
    expect(await setInvoicing(s.api, { numbering: 'customer', invoice_prefix: 'F-' })).toEqual({
      draft_hours: 24,
      invoice_prefix: 'F-',
      credit_note_prefix: 'CN-',
      numbering: 'customer',
      late_usage: 'correct',
    });
    const m = await merchantOf(db, s.drafts[0].id);
    const acme = await insertCustomer(m, 'Acme Pty Ltd', 'ACME');
    const beta = await insertCustomer(m, 'Beta GmbH', 'BETA');
    const owner = [acme, beta, acme, null, beta];
    for (const [i, d] of s.drafts.entries()) {
      if (owner[i]) await db.query('update billing.invoices set customer_id = $2 where id = $1', [d.id, owner[i]]);
    }
    const numbers = [];
    for (const d of s.drafts) numbers.push((await s.api.post(`/invoices/${d.id}/finalize`)).body.response.number);
    expect(numbers).toEqual(['F-ACME-0001', 'F-BETA-0001', 'F-ACME-0002', 'F-000001', 'F-BETA-0002']);
    expect(await sequencesOf(db, m)).toEqual({ '': 1, [acme]: 2, [beta]: 2 });
    const first = (await s.api.get(`/invoices/${s.drafts[0].id}`)).body.response;
    expect(first).toMatchObject({ customer_id: acme });
    expect(first.bill_to).toEqual({
      customer_id: acme,
      name: 'Acme Pty Ltd',
      email: 'acme@example.com',
      phone: '+61 2 9999 0000',
      address: { line1: '1 George St', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
      tax_ids: [{ type: 'au_abn', value: '51824753556' }],
    });
    const event = (await eventsOf(s.api, 'invoice.finalized')).find((e) => e.data.invoice_id === s.drafts[0].id)!;
    expect(event.data).toMatchObject({ number: 'F-ACME-0001', customer_id: acme });
  });
});

/** A `Sql` over one pg client (its own transactions are the caller's `begin` / `commit`). */
const sqlOf = (client: pg.Client): Sql => ({
  query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows as T[],
});

describe('the migration numbered the invoices issued before numbers', () => {
  it('(f) in creation order per merchant and environment, and new numbers continue after them', async () => {
    const name = `recur_t${inject('runId')}_numbering_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    await admin.end();
    onTestFinished(async () => {
      const drop = new pg.Client({ connectionString: inject('adminUrl') });
      await drop.connect();
      await drop.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await drop.end();
    });
    const url = new URL(inject('adminUrl'));
    url.pathname = `/${name}`;
    const orm = await createOrm({ url: url.toString(), poolMax: 2, entities: allEntities });
    const old = new pg.Client({ connectionString: url.toString() });
    try {
      // The schema as it was before numbers: every migration up to the one before them.
      await orm.migrator.up({ to: 'Migration20261125141500' });
      await old.connect();
      const [a, b] = [randomUUID(), randomUUID()];
      // Written out of creation order (ids and insert order say nothing): A sandbox 3, A production 1, B sandbox 2.
      const rows: [string, string, string, string][] = [
        [a, 'sandbox', '2027-01-03T00:00:00Z', 'a-s-3'],
        [b, 'sandbox', '2027-01-02T00:00:00Z', 'b-s-2'],
        [a, 'sandbox', '2027-01-01T00:00:00Z', 'a-s-1'],
        [a, 'production', '2027-01-05T00:00:00Z', 'a-p-1'],
        [b, 'sandbox', '2027-01-01T00:00:00Z', 'b-s-1'],
        [a, 'sandbox', '2027-01-02T00:00:00Z', 'a-s-2'],
      ];
      const ids = new Map<string, string>();
      for (const [merchant, environment, createdAt, label] of rows) {
        const id = randomUUID();
        ids.set(label, id);
        await old.query(
          `insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end, amount,
              currency, status, dunning, created_at, updated_at, subtotal, discount)
           values ($1, $2, $3, $4, $5, 0, $6, $6, 900, 'AUD', 'paid', '{}', $6, $6, 1000, 100)`,
          [id, merchant, environment, randomUUID(), randomUUID(), createdAt],
        );
      }
      await orm.migrator.up();
      const numbered = new Map(
        (await old.query('select id, number, total, finalized_at from billing.invoices')).rows.map((r) => [r.id, r]),
      );
      const numberOf = (label: string) => numbered.get(ids.get(label)!)!.number;
      expect(['a-s-1', 'a-s-2', 'a-s-3', 'a-p-1', 'b-s-1', 'b-s-2'].map(numberOf)).toEqual([
        'INV-000001',
        'INV-000002',
        'INV-000003',
        'INV-000001',
        'INV-000001',
        'INV-000002',
      ]);
      // Issued before drafts existed: final as written, for what they were before credit.
      expect(numbered.get(ids.get('a-s-1')!)).toMatchObject({ total: '900' });
      expect(new Date(numbered.get(ids.get('a-s-1')!)!.finalized_at).toISOString()).toBe('2027-01-01T00:00:00.000Z');
      const sequences = (await old.query(`select merchant_id, environment, last_value from billing.number_sequences order by last_value`))
        .rows;
      expect(sequences.map((r) => [r.merchant_id, r.environment, r.last_value])).toEqual(
        expect.arrayContaining([
          [a, 'production', '1'],
          [b, 'sandbox', '2'],
          [a, 'sandbox', '3'],
        ]),
      );
      expect(sequences).toHaveLength(3);
      // A draft of merchant A's sandbox, finalized now: it continues the sequence.
      const draft = randomUUID();
      await old.query(
        `insert into billing.invoices (id, merchant_id, environment, subscription_id, plan_id, period_index, period_start, period_end, amount,
            currency, status, dunning, created_at, updated_at)
         values ($1, $2, 'sandbox', $3, $4, 1, now(), now(), 900, 'AUD', 'draft', '{}', now(), now())`,
        [draft, a, randomUUID(), randomUUID()],
      );
      await old.query('begin');
      const [finalized] = await finalizeInvoices(sqlOf(old), [{ id: draft, at: new Date() }], { now: new Date() });
      await old.query('commit');
      expect(finalized).toMatchObject({ number: 'INV-000004', status: 'open' });
    } finally {
      await old.end().catch(() => undefined);
      await orm.close();
    }
  });
});
