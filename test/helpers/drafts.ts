import { expect } from 'vitest';
import type pg from 'pg';
import type { ApiClient, TestApp } from './test-app.ts';
import { listAll, settle } from './billing.ts';
import { scaffold, type Scaffold, type ScaffoldOptions } from './scaffold.ts';
import { waitFor } from './wait-for.ts';

/** `PUT /settings/invoicing` with the fields given; answers the settings. */
export async function setInvoicing(api: ApiClient, fields: Record<string, unknown>): Promise<any> {
  const res = await api.put('/settings/invoicing', fields);
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

export interface DraftsScaffold extends Scaffold {
  /** The subscriptions started, in order. */
  subs: any[];
  /** Their first period invoices: drafts, in the order of the subscriptions. */
  drafts: any[];
}

/**
 * A merchant that keeps drafts `draftHours` (24 by default), a card, a plan, a test clock at
 * `clock`, and `count` subscriptions on them: each first period invoice is a draft, not yet due.
 */
export async function draftsScaffold(
  app: TestApp,
  options: ScaffoldOptions & { count: number; draftHours?: number; clock: string },
): Promise<DraftsScaffold> {
  const s = await scaffold(app, options);
  await setInvoicing(s.api, { draft_hours: options.draftHours ?? 24 });
  const subs: any[] = [];
  for (let i = 0; i < options.count; i++) subs.push(await s.start());
  // Each first period's draft, once written (a clock may read settled a moment before a subscription
  // created beside a tick is invoiced: wait for the drafts themselves).
  const drafts = await waitFor(
    async () => {
      const invoices = await listAll(s.api, '/invoices?status=draft');
      return subs.map((sub) => invoices.find((inv: any) => inv.subscription_id === sub.id));
    },
    { message: `the first period drafts of ${options.count} subscriptions`, until: (found) => found.every((d) => d !== undefined) },
  );
  await settle(s.api, s.clock.id);
  return { ...s, subs, drafts };
}

/** The merchant and environment of an invoice, read from the table. */
export async function merchantOf(db: pg.Client, invoiceId: string): Promise<{ merchant_id: string; environment: string }> {
  return (await db.query('select merchant_id, environment from billing.invoices where id = $1', [invoiceId])).rows[0];
}

/** The invoice sequences of a merchant's environment: `scope` ('' for the merchant's own, else a customer id) → last value. */
export async function sequencesOf(db: pg.Client, m: { merchant_id: string; environment: string }): Promise<Record<string, number>> {
  const rows = (
    await db.query(
      `select scope, last_value from billing.number_sequences where merchant_id = $1 and environment = $2 and kind = 'invoice'`,
      [m.merchant_id, m.environment],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.scope, Number(r.last_value)]));
}

/** Every number a merchant's environment issued, sorted. */
export async function numbersOf(db: pg.Client, m: { merchant_id: string; environment: string }): Promise<string[]> {
  const rows = (
    await db.query(
      `select number from billing.invoices where merchant_id = $1 and environment = $2 and number is not null order by number`,
      [m.merchant_id, m.environment],
    )
  ).rows;
  return rows.map((r) => r.number);
}

/** `INV-000001` … the first `n` numbers of a sequence with that prefix and width. */
export function expectedNumbers(n: number, prefix = 'INV-', width = 6): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(width, '0')}`);
}
