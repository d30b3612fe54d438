/**
 * The invariant checker of RELIABILITY.md, run against a test's database after every fault test.
 * It reads the tables directly (billing.* and gateway.purchases), so it judges what is stored, not
 * what the API says. Each invariant returns its violations as readable lines; a test asserts the
 * list is empty AND asserts the positive counts (`billingCounts`), so that an empty database
 * never passes for a good one.
 *
 * Billing's gateway purchases are recognised by their reference, `<invoiceId>-<attempt>`.
 */
import type pg from 'pg';
import { connect } from './database.ts';

export type InvariantId = 'I1' | 'I2' | 'I3' | 'I4' | 'I5';

export interface Violation {
  invariant: InvariantId;
  detail: string;
}

export interface InvariantOptions {
  /** "Now" for I2 and I4 (subscriptions on a test clock use the clock's time for I2). Default: the database's now(). */
  now?: Date;
  /** I2: periods that started within this long before now may still lack an outcome. Default 0. */
  graceMs?: number;
  /** I4: how long an attempt may stay `sending` or `unknown` (the reconciler's window). Default 0: none may. */
  unresolvedWindowMs?: number;
}

/** Purchases recorded under a billing reference, with the invoice the reference names. */
const BILLING_PURCHASES = `
  select p.id, p.merchant_id, p.environment, p.reference, p.amount, p.currency, p.state,
         (p.state = 'completed' and p.successful) as approved, i.id as invoice_id, i.amount as invoice_amount,
         i.currency as invoice_currency, i.merchant_id as invoice_merchant_id, i.environment as invoice_environment
    from (select p.*, case when p.reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9]+$'
                           then left(p.reference, 36)::uuid end as invoice_ref
            from gateway.purchases p) p
    join billing.invoices i on i.id = p.invoice_ref`;

async function rows<T>(db: pg.Client, text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

async function i1(db: pg.Client): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const r of await rows<{ invoice_id: string; n: string }>(
    db,
    `select invoice_id, count(*) as n from billing.charge_attempts where status = 'approved' group by invoice_id having count(*) > 1`,
  ))
    out.push({ invariant: 'I1', detail: `invoice ${r.invoice_id} has ${r.n} approved attempts` });
  for (const r of await rows<{ reference: string; n: string }>(
    db,
    `select reference, count(*) as n from gateway.purchases where state = 'completed' and successful
      group by merchant_id, environment, reference having count(*) > 1`,
  ))
    out.push({ invariant: 'I1', detail: `reference ${r.reference} has ${r.n} approved purchases` });
  for (const r of await rows<{ invoice_id: string; n: string; refs: string[] }>(
    db,
    `with bp as (${BILLING_PURCHASES})
     select invoice_id, count(*) as n, array_agg(reference order by reference) as refs from bp where approved
      group by invoice_id having count(*) > 1`,
  ))
    out.push({ invariant: 'I1', detail: `invoice ${r.invoice_id} was charged ${r.n} times (${r.refs.join(', ')})` });
  return out;
}

async function i2(db: pg.Client, now: Date, graceMs: number): Promise<Violation[]> {
  const out: Violation[] = [];
  const cutoff = `coalesce(c.frozen_time, $1::timestamptz) - ($2::double precision * interval '1 millisecond')`;
  for (const r of await rows<{ id: string; status: string; next_charge_at: Date }>(
    db,
    `select s.id, s.status, s.next_charge_at from billing.subscriptions s left join billing.test_clocks c on c.id = s.test_clock_id
      where s.status in ('trialing', 'active', 'past_due') and s.next_charge_at <= ${cutoff}`,
    [now, graceMs],
  ))
    out.push({
      invariant: 'I2',
      detail: `subscription ${r.id} (${r.status}) has a period due at ${r.next_charge_at.toISOString()} that was never invoiced`,
    });
  for (const r of await rows<{ id: string; status: string; period_start: Date; attempts: string | null }>(
    db,
    `select i.id, i.status, i.period_start,
            (select string_agg(a.number || ':' || a.status, ',' order by a.number) from billing.charge_attempts a where a.invoice_id = i.id) as attempts
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id left join billing.test_clocks c on c.id = s.test_clock_id
      where i.period_start <= ${cutoff}
        and not (i.status = 'paid'
              or i.status in ('void', 'uncollectible')
              or (i.status = 'past_due' and exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('declined', 'error')))
              -- Deferred by the card's network caps before an attempt: waiting, with a time to try.
              or (i.status = 'past_due' and i.next_attempt_at > ${cutoff})
              or exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown'))
              or s.status in ('cancelled', 'paused'))`,
    [now, graceMs],
  ))
    out.push({
      invariant: 'I2',
      detail: `invoice ${r.id} (period ${r.period_start.toISOString()}) is ${r.status} with no outcome (attempts: ${r.attempts ?? 'none'})`,
    });
  return out;
}

async function i3(db: pg.Client): Promise<Violation[]> {
  const out: Violation[] = [];
  const add = (detail: string) => out.push({ invariant: 'I3', detail });
  for (const r of await rows<{ id: string; invoice_id: string; n: string }>(
    db,
    `select a.id, a.invoice_id, count(l.id) as n from billing.charge_attempts a left join billing.ledger_entries l on l.attempt_id = a.id
      where a.status = 'approved' group by a.id, a.invoice_id having count(l.id) <> 1`,
  ))
    add(`approved attempt ${r.id} of invoice ${r.invoice_id} has ${r.n} ledger entries`);
  for (const r of await rows<{ id: string; invoice_id: string; attempt_status: string | null; problem: string }>(
    db,
    `select l.id, l.invoice_id, a.status as attempt_status,
            case when a.id is null then 'no such attempt'
                 when a.status <> 'approved' then 'attempt is ' || a.status
                 when a.invoice_id <> l.invoice_id then 'attempt belongs to invoice ' || a.invoice_id
                 else 'attempt purchase ' || coalesce(a.purchase_id, 'null') || ' <> ledger purchase ' || l.purchase_id end as problem
       from billing.ledger_entries l left join billing.charge_attempts a on a.id = l.attempt_id
      where a.id is null or a.status <> 'approved' or a.invoice_id <> l.invoice_id or a.purchase_id is distinct from l.purchase_id`,
  ))
    add(`ledger entry ${r.id} (invoice ${r.invoice_id}): ${r.problem}`);
  for (const r of await rows<{ id: string; reference: string; n: string }>(
    db,
    `with bp as (${BILLING_PURCHASES})
     select bp.id, bp.reference, count(l.id) as n from bp left join billing.ledger_entries l on l.purchase_id = bp.id
      where bp.approved group by bp.id, bp.reference having count(l.id) <> 1`,
  ))
    add(`approved purchase ${r.id} (reference ${r.reference}) has ${r.n} ledger entries`);
  for (const r of await rows<{ id: string; problem: string }>(
    db,
    `select l.id,
            case when p.id is null then 'purchase ' || l.purchase_id || ' does not exist'
                 when not (p.state = 'completed' and p.successful) then 'purchase ' || p.id || ' is not approved'
                 when p.amount <> l.amount or p.currency <> l.currency then 'purchase ' || p.id || ' is ' || p.amount || ' ' || p.currency || ', ledger ' || l.amount || ' ' || l.currency
                 when p.merchant_id <> l.merchant_id or p.environment <> l.environment then 'purchase ' || p.id || ' belongs to another merchant or environment'
                 when p.reference is distinct from (select a.reference from billing.charge_attempts a where a.id = l.attempt_id) then 'purchase reference ' || p.reference || ' is not the attempt''s'
                 end as problem
       from billing.ledger_entries l left join gateway.purchases p on p.id = l.purchase_id
      where p.id is null or not (p.state = 'completed' and p.successful) or p.amount <> l.amount or p.currency <> l.currency
         or p.merchant_id <> l.merchant_id or p.environment <> l.environment
         or p.reference is distinct from (select a.reference from billing.charge_attempts a where a.id = l.attempt_id)`,
  ))
    add(`ledger entry ${r.id}: ${r.problem}`);
  for (const r of await rows<{ id: string; status: string; n: string }>(
    db,
    `select i.id, i.status, count(l.id) as n from billing.invoices i left join billing.ledger_entries l on l.invoice_id = i.id
      -- An invoice of 0 (a full discount, credit) is paid with no purchase, so with no ledger entry.
      group by i.id, i.status, i.amount having (i.status = 'paid' and i.amount > 0) <> (count(l.id) = 1) or count(l.id) > 1`,
  ))
    add(`invoice ${r.id} is ${r.status} with ${r.n} ledger entries`);
  for (const r of await rows<{ id: string; problem: string }>(
    db,
    `select l.id, 'ledger ' || l.amount || ' ' || l.currency || ', invoice ' || i.amount || ' ' || i.currency as problem
       from billing.ledger_entries l join billing.invoices i on i.id = l.invoice_id
      where l.amount <> i.amount or l.currency <> i.currency or l.amount <= 0`,
  ))
    add(`ledger entry ${r.id} does not match its invoice: ${r.problem}`);
  for (const r of await rows<{ id: string; reference: string; problem: string }>(
    db,
    `with bp as (${BILLING_PURCHASES})
     select id, reference, 'purchase ' || amount || ' ' || currency || ', invoice ' || invoice_amount || ' ' || invoice_currency as problem
       from bp where approved and (amount <> invoice_amount or currency <> invoice_currency
                                   or merchant_id <> invoice_merchant_id or environment <> invoice_environment)`,
  ))
    add(`approved purchase ${r.id} (reference ${r.reference}) does not match its invoice: ${r.problem}`);

  // Sums per currency: ledger = approved billing purchases = paid invoices; every amount an integer.
  const sums = await rows<{ source: string; currency: string; total: string }>(
    db,
    `select 'ledger' as source, currency, sum(amount)::text as total from billing.ledger_entries group by currency
     union all
     select 'purchases', currency, sum(amount)::text from (${BILLING_PURCHASES}) bp where approved group by currency
     union all
     select 'paid invoices', currency, sum(amount)::text from billing.invoices where status = 'paid' group by currency`,
  );
  const bySource = new Map<string, Map<string, string>>();
  for (const s of sums) {
    if (!/^\d+$/.test(s.total)) add(`${s.source} total in ${s.currency} is not a non-negative integer: ${s.total}`);
    if (!bySource.has(s.source)) bySource.set(s.source, new Map());
    bySource.get(s.source)!.set(s.currency, s.total);
  }
  const currencies = new Set(sums.map((s) => s.currency));
  for (const currency of currencies) {
    const ledger = bySource.get('ledger')?.get(currency) ?? '0';
    for (const other of ['purchases', 'paid invoices']) {
      const total = bySource.get(other)?.get(currency) ?? '0';
      if (total !== ledger) add(`${currency}: ledger total ${ledger} <> ${other} total ${total}`);
    }
  }
  return out;
}

async function i4(db: pg.Client, now: Date, windowMs: number): Promise<Violation[]> {
  return (
    await rows<{ id: string; invoice_id: string; number: number; status: string; updated_at: Date }>(
      db,
      `select id, invoice_id, number, status, updated_at from billing.charge_attempts
        where status in ('sending', 'unknown') and updated_at <= $1::timestamptz - ($2::double precision * interval '1 millisecond')`,
      [now, windowMs],
    )
  ).map((r) => ({
    invariant: 'I4' as const,
    detail: `attempt ${r.number} of invoice ${r.invoice_id} is still ${r.status} (last change ${r.updated_at.toISOString()})`,
  }));
}

/** I1 to I4 over the whole database; an empty list means they hold. */
export async function checkInvariants(dbUrl: string, options: InvariantOptions = {}): Promise<Violation[]> {
  const db = await connect(dbUrl);
  try {
    const now = options.now ?? (await rows<{ now: Date }>(db, 'select now() as now'))[0]!.now;
    return [
      ...(await i1(db)),
      ...(await i2(db, now, options.graceMs ?? 0)),
      ...(await i3(db)),
      ...(await i4(db, now, options.unresolvedWindowMs ?? 0)),
    ];
  } finally {
    await db.end();
  }
}

/**
 * I5 from what is stored: the event log never shows an invoice paid twice or failed after it
 * was paid, and the invoices agree with their events (a paid invoice has its `invoice.paid`,
 * and no invoice with one is anything but paid).
 */
export async function checkStateHistory(dbUrl: string): Promise<Violation[]> {
  const db = await connect(dbUrl);
  try {
    const out: Violation[] = [];
    for (const r of await rows<{ id: string; status: string; paid_events: string; failed_after_paid: string }>(
      db,
      `with e as (
         select (data->>'invoice_id')::uuid as invoice_id, type, created_at from billing.events
          where type in ('invoice.paid', 'invoice.payment_failed'))
       select i.id, i.status,
              (select count(*) from e where e.invoice_id = i.id and e.type = 'invoice.paid') as paid_events,
              (select count(*) from e f where f.invoice_id = i.id and f.type = 'invoice.payment_failed'
                  and f.created_at > (select min(p.created_at) from e p where p.invoice_id = i.id and p.type = 'invoice.paid')) as failed_after_paid
         from billing.invoices i`,
    )) {
      const paidEvents = Number(r.paid_events);
      if (paidEvents > 1) out.push({ invariant: 'I5', detail: `invoice ${r.id} has ${paidEvents} invoice.paid events` });
      if (Number(r.failed_after_paid) > 0) out.push({ invariant: 'I5', detail: `invoice ${r.id} failed after it was paid` });
      if ((r.status === 'paid') !== (paidEvents === 1) && paidEvents <= 1)
        out.push({ invariant: 'I5', detail: `invoice ${r.id} is ${r.status} with ${paidEvents} invoice.paid events` });
    }
    return out;
  } finally {
    await db.end();
  }
}

const INVOICE_MOVES: Record<string, string[]> = {
  open: ['paid', 'past_due', 'void', 'uncollectible'],
  past_due: ['paid', 'void', 'uncollectible'],
  uncollectible: ['paid'],
  paid: [],
  // An attempt at the gateway when its subscription was cancelled still records its approval.
  void: ['paid'],
};
const ATTEMPT_MOVES: Record<string, string[]> = {
  sending: ['unknown', 'approved', 'declined', 'error'],
  unknown: ['approved', 'declined', 'error'],
  approved: [],
  declined: [],
  error: [],
};

export interface TransitionWatch {
  /** Stops polling and returns every backwards (disallowed) move seen, and how many samples were taken. */
  stop(): Promise<{ violations: Violation[]; samples: number; transitions: number }>;
}

/**
 * I5 as it happens: samples invoice and attempt states every `intervalMs` while a fault runs and
 * records any move the state machines do not allow (paid back to open, approved to declined…).
 */
export async function watchTransitions(dbUrl: string, intervalMs = 25): Promise<TransitionWatch> {
  const db = await connect(dbUrl);
  const seen = new Map<string, string>();
  const violations: Violation[] = [];
  let samples = 0;
  let transitions = 0;
  let stopped = false;
  const sample = async () => {
    const states = await rows<{ key: string; kind: string; status: string }>(
      db,
      `select 'invoice ' || id as key, 'invoice' as kind, status from billing.invoices
       union all select 'attempt ' || number || ' of invoice ' || invoice_id, 'attempt', status from billing.charge_attempts`,
    );
    samples++;
    for (const s of states) {
      const before = seen.get(s.key);
      if (before !== undefined && before !== s.status) {
        transitions++;
        const allowed = (s.kind === 'invoice' ? INVOICE_MOVES : ATTEMPT_MOVES)[before] ?? [];
        if (!allowed.includes(s.status)) violations.push({ invariant: 'I5', detail: `${s.key} moved from ${before} to ${s.status}` });
      }
      seen.set(s.key, s.status);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    await sample();
  })();
  return {
    async stop() {
      stopped = true;
      try {
        await loop;
      } finally {
        await db.end();
      }
      return { violations, samples, transitions };
    },
  };
}

export interface BillingCounts {
  subscriptions: number;
  invoices: number;
  invoicesByStatus: Record<string, number>;
  attempts: number;
  attemptsByStatus: Record<string, number>;
  /** Purchases under a billing reference, whatever their outcome. */
  purchases: number;
  approvedPurchases: number;
  /** Invoices with exactly one approved purchase (charged exactly once). */
  invoicesChargedOnce: number;
  /** The largest number of approved purchases of any one invoice. */
  maxChargesPerInvoice: number;
  ledgerEntries: number;
  ledgerTotals: Record<string, number>;
}

/** The positive side of the checks: how much there is, so that a test can assert exact numbers. */
export async function billingCounts(dbUrl: string): Promise<BillingCounts> {
  const db = await connect(dbUrl);
  try {
    const one = async (text: string) => Number((await rows<{ n: string }>(db, text))[0]!.n);
    const grouped = async (text: string) =>
      Object.fromEntries((await rows<{ k: string; n: string }>(db, text)).map((r) => [r.k, Number(r.n)])) as Record<string, number>;
    const perInvoice = await rows<{ n: string }>(
      db,
      `select count(*) filter (where approved) as n from (${BILLING_PURCHASES}) bp group by invoice_id`,
    );
    return {
      subscriptions: await one('select count(*) as n from billing.subscriptions'),
      invoices: await one('select count(*) as n from billing.invoices'),
      invoicesByStatus: await grouped('select status as k, count(*) as n from billing.invoices group by status'),
      attempts: await one('select count(*) as n from billing.charge_attempts'),
      attemptsByStatus: await grouped('select status as k, count(*) as n from billing.charge_attempts group by status'),
      purchases: await one(`select count(*) as n from (${BILLING_PURCHASES}) bp`),
      approvedPurchases: await one(`select count(*) as n from (${BILLING_PURCHASES}) bp where approved`),
      invoicesChargedOnce: perInvoice.filter((r) => Number(r.n) === 1).length,
      maxChargesPerInvoice: Math.max(0, ...perInvoice.map((r) => Number(r.n))),
      ledgerEntries: await one('select count(*) as n from billing.ledger_entries'),
      ledgerTotals: await grouped('select currency as k, sum(amount) as n from billing.ledger_entries group by currency'),
    };
  } finally {
    await db.end();
  }
}

export interface CrossPathOptions {
  /** Limit the checks to one merchant's rows (concurrent sequences run on separate merchants). */
  merchantId?: string;
  caps?: { per24Hours: number; per30Days: number };
  /** C16's memory of finalized invoices (default: this module's own for the database, kept across calls). */
  documents?: FinalizedDocuments;
}

/**
 * The rules that hold across paths (issue "Rules that hold across paths"), from what is stored:
 * - C1: no purchase attempt for a subscription after it was cancelled, paused or ended (billing time),
 *   but for its `final` invoice (the usage of its last period, collected after the end: docs/usage.md);
 * - C2: at most the network caps of declined attempts per card (every token of it: its fingerprint) in every
 *   sliding 24-hour and 30-day window;
 * - C3: one period invoice per subscription and period (one-off invoices are not periods);
 * - C4: no period invoiced that starts while the subscription is paused;
 * - C5: the ledger equals the approved purchases, and, less refunds, what the gateway kept of them;
 * - C6: every invoice is paid, void, uncollectible, in flight, held for a card, or past due with a
 *   retry time (a `leave_past_due` invoice whose schedule ran out has none), or a draft waiting for
 *   its time on a subscription that still collects;
 * - C7: every `invoice.retry_capped` deferral lies after the moment it was decided;
 * - C8: an invoice's refunds never exceed what was paid for it;
 * - C9: a subscription's owed invoices end the same way whatever ended it (a cancel, dunning's final
 *   action, a fixed term completing, a charge finding it ended): every voided invoice has its one
 *   `invoice.voided` event and waits for no card, and a completed subscription owes nothing and keeps no draft.
 * - C18: a subscription is `past_due` only while one of its invoices is (the last one paid, by a
 *   charge or a credit note, or voided brings it back to `active`: `backToActiveSql`);
 * - C19: a subscription's MRR movements chain (each begins where the last ended) and end at its
 *   MRR now (`billing.subscription_mrr`): no path changes what MRR reads without its movement.
 * - C21: a subscription on a plan with a seats price (now or from its next period) has that plan's
 *   recurring amount at its quantity recorded (`billing.plan_quantity_amounts`, written by
 *   `recordRecurringAmounts`), so MRR and the upcoming charges read the tiered amount, never
 *   `amount × quantity`.
 * - C10 to C14: credit notes (`checkCreditNotes`).
 * - C20: usage billed exactly once, late events included (`checkUsageBilling`).
 * - C15 to C17: invoice documents: numbers, finalized invoices unchanged, totals (`checkInvoiceDocuments`).
 * C1 and C4 read the subscription's pause/cancel history from its events.
 */
export async function checkCrossPath(dbUrl: string, options: CrossPathOptions = {}): Promise<string[]> {
  const db = await connect(dbUrl);
  const m = options.merchantId ?? null;
  const out: string[] = [];
  try {
    // C1: attempts made (billing time) after a stop event of their subscription and before a later resume.
    for (const r of await rows<{ invoice_id: string; number: number; type: string }>(
      db,
      `with stops as (
         select (e.data->'subscription'->>'id')::uuid as sid, e.type, e.created_at
           from billing.events e where e.type in ('subscription.cancelled', 'subscription.paused', 'subscription.resumed')
            and ($1::uuid is null or e.merchant_id = $1))
       select a.invoice_id, a.number, st.type from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id and i.kind <> 'final'
         join stops st on st.sid = i.subscription_id and st.type <> 'subscription.resumed' and a.attempted_at > st.created_at
        where not exists (select 1 from stops r where r.sid = st.sid and r.type = 'subscription.resumed'
                           and r.created_at >= st.created_at and r.created_at <= a.attempted_at)
          and ($1::uuid is null or i.merchant_id = $1)`,
      [m],
    ))
      out.push(`C1: attempt ${r.number} of invoice ${r.invoice_id} was made after ${r.type}`);
    // C2: the network caps in every sliding window ending at a decline.
    const caps = options.caps ?? { per24Hours: 10, per30Days: 15 };
    for (const [window, cap, name] of [
      ['24 hours', caps.per24Hours, '24h'],
      ['30 days', caps.per30Days, '30d'],
    ] as const) {
      // A card is what the gateway says it is: the fingerprint its vault gives every token of it
      // (read there, not from billing's own key), its token where this database's gateway has none.
      for (const r of await rows<{ card: string; attempted_at: Date; n: string }>(
        db,
        `with d as (
           select a.attempted_at, coalesce((select c.fingerprint from gateway.cards c where c.merchant_id = i.merchant_id
                    and c.environment = i.environment and c.token = a.card_token), a.card_token) as card
             from billing.charge_attempts a join billing.invoices i on i.id = a.invoice_id
            where a.status = 'declined' and ($1::uuid is null or i.merchant_id = $1))
         select d.card, d.attempted_at, (select count(*) from d b where b.card = d.card
                and b.attempted_at > d.attempted_at - interval '${window}' and b.attempted_at <= d.attempted_at) as n
           from d`,
        [m],
      ))
        if (Number(r.n) > cap) out.push(`C2: card ${r.card} had ${r.n} declines in the ${name} up to ${r.attempted_at.toISOString()}`);
    }
    // C3 is also a unique constraint; checked here all the same, on (subscription, period_start) of
    // period invoices (one-off invoices, for items or a change made now, start when they are made).
    for (const r of await rows<{ subscription_id: string; period_start: Date }>(
      db,
      `select subscription_id, period_start from billing.invoices where ($1::uuid is null or merchant_id = $1) and kind = 'period'
        group by subscription_id, period_start having count(*) > 1`,
      [m],
    ))
      out.push(`C3: subscription ${r.subscription_id} has two invoices for ${r.period_start.toISOString()}`);
    // C4: a period invoice whose period starts strictly inside a pause.
    for (const r of await rows<{ id: string }>(
      db,
      `with p as (
         select (e.data->'subscription'->>'id')::uuid as sid, e.created_at as paused_at,
                (select min(r.created_at) from billing.events r where r.type = 'subscription.resumed'
                  and (r.data->'subscription'->>'id')::uuid = (e.data->'subscription'->>'id')::uuid and r.created_at >= e.created_at) as resumed_at
           from billing.events e where e.type = 'subscription.paused' and ($1::uuid is null or e.merchant_id = $1))
       select i.id from billing.invoices i join p on p.sid = i.subscription_id
        where i.kind = 'period' and i.period_start > p.paused_at and (p.resumed_at is null or i.period_start < p.resumed_at)`,
      [m],
    ))
      out.push(`C4: invoice ${r.id} was invoiced for a period that began while its subscription was paused`);
    // C5: the ledger equals the approved purchases (billing's, by reference); and, net of refunds,
    // what billing kept (ledger − approved refunds) equals what the gateway kept (approved billing
    // purchases − its approved refunds of them), leaving out invoices with a refund still in flight.
    const [ledger] = await rows<{ ledger: string; approved: string; kept: string; gateway_kept: string }>(
      db,
      `with settled as (
         select i.id from billing.invoices i
          where ($1::uuid is null or i.merchant_id = $1)
            and not exists (select 1 from billing.invoice_refunds r where r.invoice_id = i.id and r.status in ('sending', 'unknown')))
       select (select coalesce(sum(amount), 0) from billing.ledger_entries where ($1::uuid is null or merchant_id = $1)) as ledger,
              (select coalesce(sum(a.amount), 0) from billing.charge_attempts c join billing.invoices a on a.id = c.invoice_id
                where c.status = 'approved' and ($1::uuid is null or a.merchant_id = $1)) as approved,
              (select coalesce(sum(l.amount), 0) from billing.ledger_entries l where l.invoice_id in (select id from settled))
                - (select coalesce(sum(r.amount), 0) from billing.invoice_refunds r where r.status = 'approved' and r.invoice_id in (select id from settled)) as kept,
              (select coalesce(sum(bp.amount), 0) from (${BILLING_PURCHASES}) bp where bp.approved and bp.invoice_id in (select id from settled))
                - (select coalesce(sum(g.amount), 0) from gateway.refunds g
                    where g.successful and not g.voided and g.reference ~ '^[0-9a-f-]{36}-r[0-9]+$'
                      and left(g.reference, 36)::uuid in (select id from settled)
                      and g.purchase_id in (select bp.id from (${BILLING_PURCHASES}) bp where bp.approved)) as gateway_kept`,
      [m],
    );
    if (ledger && ledger.ledger !== ledger.approved) out.push(`C5: ledger ${ledger.ledger} <> approved ${ledger.approved}`);
    if (ledger && ledger.kept !== ledger.gateway_kept)
      out.push(`C5: ledger less refunds ${ledger.kept} <> approved purchases less gateway refunds ${ledger.gateway_kept}`);
    // C6: where every invoice stands.
    for (const r of await rows<{ id: string; status: string; sub: string; attempts: string | null; period_start: Date }>(
      db,
      `select i.id, i.status, s.status as sub, i.period_start,
              (select string_agg(a.number || ':' || a.status, ',' order by a.number) from billing.charge_attempts a where a.invoice_id = i.id) as attempts
         from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
        where ($1::uuid is null or i.merchant_id = $1)
          and not (i.status in ('paid', 'void', 'uncollectible')
                or exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('sending', 'unknown'))
                or (i.status = 'past_due' and (i.held_for_card or i.next_attempt_at is not null))
                or (i.status = 'past_due' and s.status in ('paused', 'unpaid'))
                or (i.status = 'past_due' and (i.dunning->>'final_action') = 'leave_past_due'
                    and exists (select 1 from billing.charge_attempts a where a.invoice_id = i.id and a.status in ('declined', 'error')))
                or (i.status = 'open' and s.status = 'paused')
                -- A draft waits for its time (its subscription's: the test clock's on one), while its subscription still collects.
                or (i.status = 'draft' and i.finalizes_at > coalesce((select c.frozen_time from billing.test_clocks c where c.id = s.test_clock_id), now())
                    and s.status not in ('cancelled', 'completed', 'unpaid')))`,
      [m],
    ))
      out.push(
        `C6: invoice ${r.id} (period ${r.period_start.toISOString()}, subscription ${r.sub}, attempts ${r.attempts ?? 'none'}) is ${r.status}, neither settled nor waiting for a retry`,
      );
    // C7: a deferral lies ahead of the moment it was decided.
    for (const r of await rows<{ id: string; next: string; created_at: Date }>(
      db,
      `select id, data->>'next_attempt_at' as next, created_at from billing.events
        where type = 'invoice.retry_capped' and (data->>'next_attempt_at')::timestamptz <= created_at and ($1::uuid is null or merchant_id = $1)`,
      [m],
    ))
      out.push(`C7: retry_capped ${r.id} deferred to ${r.next}, not after ${r.created_at.toISOString()}`);
    // C8: refunds of an invoice (approved, or still awaiting an outcome) never exceed what it was
    // paid, and go only to an invoice that was paid.
    for (const r of await rows<{ id: string; amount: string; refunded: string; paid: boolean }>(
      db,
      `select i.id, i.amount, sum(r.amount) as refunded, exists (select 1 from billing.ledger_entries l where l.invoice_id = i.id) as paid
         from billing.invoices i join billing.invoice_refunds r on r.invoice_id = i.id
        where r.status in ('approved', 'sending', 'unknown') and ($1::uuid is null or i.merchant_id = $1)
        group by i.id, i.amount
       having sum(r.amount) > i.amount or not exists (select 1 from billing.ledger_entries l where l.invoice_id = i.id)`,
      [m],
    ))
      out.push(`C8: invoice ${r.id} of ${r.amount} has ${r.refunded} refunded${r.paid ? '' : ' without having been paid'}`);
    // C9: voided as a cancel voids (an invoice voided and then paid by an attempt already at the
    // gateway keeps its event); a completed subscription has nothing left open or past due.
    for (const r of await rows<{ id: string; status: string; sub: string; held: boolean; events: string }>(
      db,
      `select i.id, i.status, s.status as sub, i.held_for_card as held,
              (select count(*) from billing.events e where e.type = 'invoice.voided' and e.data->>'invoice_id' = i.id::text) as events
         from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id
        where ($1::uuid is null or i.merchant_id = $1)
          and ((i.status = 'void' and (i.held_for_card
                 or (select count(*) from billing.events e where e.type = 'invoice.voided' and e.data->>'invoice_id' = i.id::text) <> 1))
            or (s.status = 'completed' and i.status in ('draft', 'open', 'past_due')))`,
      [m],
    ))
      out.push(
        `C9: invoice ${r.id} of a ${r.sub} subscription is ${r.status}${r.held ? ', held for a card,' : ''} with ${r.events} invoice.voided events`,
      );
    // C18: past due only while an invoice is.
    for (const r of await rows<{ id: string }>(
      db,
      `select s.id from billing.subscriptions s
        where s.status = 'past_due' and ($1::uuid is null or s.merchant_id = $1)
          and not exists (select 1 from billing.invoices i where i.subscription_id = s.id and i.status = 'past_due')`,
      [m],
    ))
      out.push(`C18: subscription ${r.id} is past_due without a past-due invoice`);
    // C19: MRR movements chain: each starts where the subscription's last one ended, and the last ends at its MRR now.
    for (const r of await rows<{ id: string; problem: string }>(
      db,
      `select s.id, case when m.broken > 0 then m.broken || ' movements do not start where the previous ended'
                         else 'movements end at ' || coalesce(m.last_after, 0) || ', its MRR is ' || billing.subscription_mrr(s.status, s.plan_id, s.quantity, s.coupon_id) end as problem
         from billing.subscriptions s
         left join lateral (
           select count(*) filter (where x.mrr_before <> coalesce(x.previous, 0)) as broken,
                  (array_agg(x.mrr_after order by x.id desc))[1] as last_after
             from (select mv.id, mv.mrr_before, mv.mrr_after, lag(mv.mrr_after) over (order by mv.id) as previous
                     from billing.mrr_movements mv where mv.subscription_id = s.id) x) m on true
        where ($1::uuid is null or s.merchant_id = $1)
          and (m.broken > 0 or coalesce(m.last_after, 0) <> billing.subscription_mrr(s.status, s.plan_id, s.quantity, s.coupon_id))`,
      [m],
    ))
      out.push(`C19: subscription ${r.id}: ${r.problem}`);
    // C21: seats plans' recurring amounts recorded for the plan and quantity billed now and from the next period.
    for (const r of await rows<{ id: string; plan_id: string; quantity: number }>(
      db,
      `select s.id, x.plan_id, x.quantity
         from billing.subscriptions s
         cross join lateral (values (s.plan_id, s.quantity), (coalesce(s.next_plan_id, s.plan_id), coalesce(s.next_quantity, s.quantity))) x(plan_id, quantity)
         join billing.plans p on p.id = x.plan_id
        where ($1::uuid is null or s.merchant_id = $1) and s.status not in ('cancelled', 'completed')
          and p.prices @> '[{"metric_code": "seats"}]'::jsonb
          and not exists (select 1 from billing.plan_quantity_amounts a where a.plan_id = x.plan_id and a.quantity = x.quantity)`,
      [m],
    ))
      out.push(`C21: subscription ${r.id} bills plan ${r.plan_id} at quantity ${r.quantity} with no recorded recurring amount`);
    out.push(...(await creditNoteViolations(db, m)));
    out.push(...(await documentViolations(db, m, options.documents ?? documentsOf(dbUrl))));
    out.push(...(await usageBillingViolations(db, m)));
    return out;
  } finally {
    await db.end();
  }
}

/**
 * The rules of credit notes, from what is stored:
 * - C10: credit notes per invoice never exceed its total, and `credited_amount` is their sum;
 * - C11: a credit note exists if and only if its refund was recorded: every approved refund claimed
 *   with a credit note has exactly one, of its amount, `credit_to: refund`; no note names a refund
 *   that is not approved;
 * - C12: credit note numbers per merchant and environment are 1..n, without a gap or a repeat
 *   (the sequence's last value is n);
 * - C13: tax in proportion never credits more tax than there is: a note's tax is at most its
 *   amount, an invoice's notes' tax at most the invoice's tax;
 * - C14: no money lost or refunded twice: a reference of an invoice refund (`<invoice id>-r<n>`)
 *   has at most one approved gateway refund, and, once none of the invoice's refunds is in
 *   flight, the approved gateway refunds of the invoice's purchase are exactly its approved refunds.
 */
async function creditNoteViolations(db: pg.Client, m: string | null): Promise<string[]> {
  const out: string[] = [];
  for (const r of await rows<{ id: string; total: string; credited_amount: string; notes: string }>(
    db,
    `select i.id, i.total, i.credited_amount, coalesce(sum(n.amount), 0) as notes
       from billing.invoices i left join billing.credit_notes n on n.invoice_id = i.id
      where ($1::uuid is null or i.merchant_id = $1)
      group by i.id having coalesce(sum(n.amount), 0) > i.total or coalesce(sum(n.amount), 0) <> i.credited_amount`,
    [m],
  ))
    out.push(`C10: invoice ${r.id} of total ${r.total} has credit notes of ${r.notes} (credited_amount ${r.credited_amount})`);
  for (const r of await rows<{ id: string; status: string; notes: string; problem: string }>(
    db,
    `select r.id, r.status, count(n.id) as notes,
            case when r.status = 'approved' and count(n.id) <> 1 then 'has ' || count(n.id) || ' credit notes'
                 when r.status <> 'approved' and count(n.id) > 0 then 'is ' || r.status || ' with a credit note'
                 else 'has a credit note of another amount, invoice or kind' end as problem
       from billing.invoice_refunds r left join billing.credit_notes n on n.invoice_refund_id = r.id
      where ($1::uuid is null or r.merchant_id = $1)
      group by r.id, r.status, r.amount, r.invoice_id, r.credit_note
     having (r.status = 'approved' and r.credit_note is not null and count(n.id) <> 1)
         or (r.status <> 'approved' and count(n.id) > 0)
         or bool_or(n.amount <> r.amount or n.invoice_id <> r.invoice_id or n.credit_to <> 'refund')`,
    [m],
  ))
    out.push(`C11: refund ${r.id} ${r.problem}`);
  for (const r of await rows<{ merchant_id: string; environment: string; numbers: number[]; last_value: string | null }>(
    db,
    `select n.merchant_id, n.environment, array_agg(substring(n.number from '[0-9]+$')::int order by substring(n.number from '[0-9]+$')::int) as numbers,
            (select s.last_value from billing.number_sequences s where s.merchant_id = n.merchant_id and s.environment = n.environment
                and s.kind = 'credit_note' and s.scope = '') as last_value
       from billing.credit_notes n where ($1::uuid is null or n.merchant_id = $1) group by n.merchant_id, n.environment`,
    [m],
  )) {
    const expected = r.numbers.map((_, i) => i + 1);
    if (r.numbers.join() !== expected.join() || Number(r.last_value) !== r.numbers.length)
      out.push(`C12: credit notes of ${r.merchant_id}/${r.environment} are numbered ${r.numbers.join(',')} (sequence at ${r.last_value})`);
  }
  for (const r of await rows<{ id: string; detail: string }>(
    db,
    `select n.id, 'note tax ' || n.tax || ' of amount ' || n.amount as detail from billing.credit_notes n
      where ($1::uuid is null or n.merchant_id = $1) and (n.tax > n.amount or n.tax < 0)
     union all
     select i.id, 'invoice tax ' || i.tax || ', its notes credit ' || sum(n.tax) from billing.invoices i join billing.credit_notes n on n.invoice_id = i.id
      where ($1::uuid is null or i.merchant_id = $1) group by i.id, i.tax having sum(n.tax) > i.tax`,
    [m],
  ))
    out.push(`C13: ${r.id}: ${r.detail}`);
  for (const r of await rows<{ reference: string; n: string }>(
    db,
    `select g.reference, count(*) as n from gateway.refunds g
      where g.successful and not g.voided and g.reference ~ '^[0-9a-f-]{36}-r[0-9]+$'
        and ($1::uuid is null or exists (select 1 from billing.invoices i where i.id = left(g.reference, 36)::uuid and i.merchant_id = $1))
      group by g.merchant_id, g.environment, g.reference having count(*) > 1`,
    [m],
  ))
    out.push(`C14: reference ${r.reference} was refunded ${r.n} times at the gateway`);
  for (const r of await rows<{ id: string; gateway: string; billing: string }>(
    db,
    `select i.id,
            (select coalesce(sum(g.amount), 0) from gateway.refunds g where g.successful and not g.voided
                and g.purchase_id = (select l.purchase_id from billing.ledger_entries l where l.invoice_id = i.id)
                and g.reference like i.id || '-r%') as gateway,
            (select coalesce(sum(r.amount), 0) from billing.invoice_refunds r where r.invoice_id = i.id and r.status = 'approved') as billing
       from billing.invoices i
      where ($1::uuid is null or i.merchant_id = $1) and exists (select 1 from billing.invoice_refunds r where r.invoice_id = i.id)
        and not exists (select 1 from billing.invoice_refunds r where r.invoice_id = i.id and r.status in ('sending', 'unknown'))`,
    [m],
  ))
    if (r.gateway !== r.billing) out.push(`C14: invoice ${r.id}: the gateway refunded ${r.gateway}, billing recorded ${r.billing}`);
  return out;
}

/** C20 alone (`checkCrossPath` runs it with the rest). */
/** C20 over the merchant of one subscription. */
export async function checkUsageBillingOf(dbUrl: string, subscriptionId: string): Promise<string[]> {
  const db = await connect(dbUrl);
  try {
    const [row] = await rows<{ merchant_id: string }>(db, 'select merchant_id from billing.subscriptions where id = $1', [subscriptionId]);
    return await usageBillingViolations(db, row!.merchant_id);
  } finally {
    await db.end();
  }
}

export async function checkUsageBilling(dbUrl: string, options: { merchantId?: string } = {}): Promise<string[]> {
  const db = await connect(dbUrl);
  try {
    return await usageBillingViolations(db, options.merchantId ?? null);
  } finally {
    await db.end();
  }
}

/**
 * C20: every accepted usage event of a closed period is billed in exactly one invoice line, never
 * twice. What was billed is recorded per subscription, metric and period
 * (`billing.usage_billed_periods`): the periods billed of a metric never overlap; each is exactly
 * one usage line (its metric, its period) of the invoice it names, and no usage line is
 * unrecorded; and every event of a metric its subscription's plan prices, from the first period
 * billed up to the start of the current period of a subscription still billing, lies in a period
 * billed. A late event (in a range billed before it arrived) is seen: the quantity billed for each
 * range, its usage line's or its last correction's, is the aggregate of its events, unless the
 * range is marked for a correction still to bill; and each correction billing an amount is one
 * `usage_correction` line.
 */
async function usageBillingViolations(db: pg.Client, m: string | null): Promise<string[]> {
  const out: string[] = [];
  for (const r of await rows<{ sub: string; code: string; a: Date; b: Date }>(
    db,
    `select a.subscription_id as sub, a.metric_code as code, a.period_start as a, b.period_start as b
       from billing.usage_billed_periods a join billing.usage_billed_periods b
         on b.subscription_id = a.subscription_id and b.metric_code = a.metric_code
        and b.period_start > a.period_start and b.period_start < a.period_end
       join billing.subscriptions s on s.id = a.subscription_id
      where ($1::uuid is null or s.merchant_id = $1)`,
    [m],
  ))
    out.push(`C20: subscription ${r.sub} billed ${r.code} twice: periods from ${r.a.toISOString()} and ${r.b.toISOString()} overlap`);
  out.push(
    ...(await linesWithoutTheirRecord(db, m, 'usage', 'billing.usage_billed_periods', 'c.invoice_id is not null')).map(
      (r) =>
        `C20: subscription ${r.sub}, ${r.code} from ${r.start}: invoice ${r.invoice} has ${r.lines} usage lines for ${r.recorded} records of it`,
    ),
  );
  for (const r of await rows<{ sub: string; code: string; tx: string; covered: string }>(
    db,
    `select e.subscription_id as sub, e.code, e.transaction_id as tx,
            (select count(*) from billing.usage_billed_periods u where u.subscription_id = e.subscription_id and u.metric_code = e.code
                and e."timestamp" >= u.period_start and e."timestamp" < u.period_end) as covered
       from billing.usage_events e join billing.subscriptions s on s.id = e.subscription_id
       join billing.plans p on p.id = s.plan_id
      where ($1::uuid is null or s.merchant_id = $1)
        and s.status in ('trialing', 'active', 'past_due') and s.current_period_start is not null
        and p.prices @> jsonb_build_array(jsonb_build_object('metric_code', e.code))
        and e."timestamp" < s.current_period_start
        and e."timestamp" >= (select min(u.period_start) from billing.usage_billed_periods u
                               where u.subscription_id = e.subscription_id and u.metric_code = e.code)
        and (select count(*) from billing.usage_billed_periods u where u.subscription_id = e.subscription_id and u.metric_code = e.code
                and e."timestamp" >= u.period_start and e."timestamp" < u.period_end) <> 1`,
    [m],
  ))
    out.push(`C20: event ${r.tx} (${r.code}) of subscription ${r.sub} lies in ${r.covered} periods billed, not one`);
  // Late events (docs/usage.md, "Late events"): the quantity billed for each range (its usage line's,
  // or its last correction's) is the aggregate of its events now, unless the range is marked for a
  // correction still to bill; each correction that bills an amount is one `usage_correction` line
  // of its invoice, and each such line is recorded. Aggregated here by a statement of its own.
  for (const r of await rows<{ sub: string; code: string; start: string; billed: string; actual: string }>(
    db,
    `select b.subscription_id as sub, b.metric_code as code, b.period_start::text as start,
            coalesce((select c.quantity from billing.usage_billed_corrections c
                       where c.subscription_id = b.subscription_id and c.metric_code = b.metric_code and c.period_start = b.period_start
                       order by c.seq desc limit 1), b.quantity) as billed,
            (select case m.aggregation
                      when 'count' then count(*)
                      when 'sum' then coalesce(sum(case when m.aggregation = 'sum' then (e.properties ->> m.field)::bigint end), 0)
                      when 'max' then coalesce(max(case when m.aggregation = 'max' then (e.properties ->> m.field)::bigint end), 0)
                      when 'unique_count' then count(distinct case when m.aggregation = 'unique_count' then e.properties ->> m.field end)
                      else coalesce((array_agg(case when m.aggregation = 'latest' then (e.properties ->> m.field)::bigint end
                                               order by e."timestamp" desc, e.transaction_id desc))[1], 0) end
               from billing.usage_events e
              where e.subscription_id = b.subscription_id and e.code = b.metric_code
                and e."timestamp" >= b.period_start and e."timestamp" < b.period_end
                and not exists (select 1 from jsonb_each(m.filters) f
                                 where not coalesce(e.properties ->> f.key = any(array(select jsonb_array_elements_text(f.value))), false))) as actual
       from billing.usage_billed_periods b
       join billing.subscriptions s on s.id = b.subscription_id
       join billing.billable_metrics m on m.merchant_id = s.merchant_id and m.environment = s.environment and m.code = b.metric_code
      where ($1::uuid is null or s.merchant_id = $1)
        and not exists (select 1 from billing.usage_late_ranges l
                         where l.subscription_id = b.subscription_id and l.metric_code = b.metric_code and l.period_start = b.period_start)`,
    [m],
  ))
    if (r.billed !== r.actual)
      out.push(
        `C20: subscription ${r.sub}, ${r.code} from ${r.start}: billed a quantity of ${r.billed}, its events aggregate to ${r.actual}`,
      );
  out.push(
    ...(await linesWithoutTheirRecord(db, m, 'usage_correction', 'billing.usage_billed_corrections', 'c.amount <> 0')).map(
      (r) =>
        `C20: subscription ${r.sub}, ${r.code} from ${r.start}: invoice ${r.invoice} has ${r.lines} correction lines for ${r.recorded} corrections`,
    ),
  );
  return out;
}

/** C10 to C14 alone (`checkCrossPath` runs them with the rest). */
export async function checkCreditNotes(dbUrl: string, options: { merchantId?: string } = {}): Promise<string[]> {
  const db = await connect(dbUrl);
  try {
    return await creditNoteViolations(db, options.merchantId ?? null);
  } finally {
    await db.end();
  }
}

/** C16's memory: each finalized invoice's document as first seen (by invoice id), with its merchant. */
export type FinalizedDocuments = Map<string, { merchantId: string; document: string }>;

/** The documents `checkCrossPath` and `checkInvoiceDocuments` remember when given none of their own, per database. */
const finalizedDocuments = new Map<string, FinalizedDocuments>();
function documentsOf(dbUrl: string): FinalizedDocuments {
  let documents = finalizedDocuments.get(dbUrl);
  if (!documents) finalizedDocuments.set(dbUrl, (documents = new Map()));
  return documents;
}

/** What a finalized invoice is as a document: what it may never change once issued. */
const DOCUMENT = `jsonb_build_object('number', i.number, 'finalized_at', i.finalized_at, 'lines', i.lines, 'subtotal', i.subtotal,
  'discount', i.discount, 'tax', i.tax, 'tax_breakdown', i.tax_breakdown, 'total', i.total, 'credit_applied', i.credit_applied,
  'bill_to', i.bill_to, 'seller', i.seller, 'reverse_charge', i.reverse_charge, 'tax_note', i.tax_note, 'currency', i.currency,
  'customer_id', i.customer_id, 'kind', i.kind, 'period_start', i.period_start, 'period_end', i.period_end)::text`;

/** The sequence an invoice's number came from: its customer's where the number carries the customer's prefix (`INV-ACME-0001`), else the merchant's (''). */
const SCOPE = `case when c.id is not null
                     and length(regexp_replace(i.number, '[0-9]+$', '')) > length(c.invoice_prefix) + 1
                     and right(regexp_replace(i.number, '[0-9]+$', ''), length(c.invoice_prefix) + 1) = c.invoice_prefix || '-'
                    then c.id::text else '' end`;

/**
 * The rules of invoice documents, from what is stored:
 * - C15: invoice numbers of each sequence (a merchant's and environment's, or a customer's where the
 *   merchant numbers per customer) are 1..n without a gap or a repeat, and the sequence's
 *   `last_value` is n; a draft has no number and no `finalized_at`, every other invoice but a
 *   voided draft has both (an invoice has a number exactly when it was finalized);
 * - C16: a finalized invoice never changes: its lines, totals, tax, snapshots (`bill_to`,
 *   `seller`), number and `finalized_at` stay as they were when first seen (status, what it owes,
 *   `paid_at`, `credited_amount` and `refunded_amount` may move);
 * - C17: `subtotal` is the sum of the lines but discounts, `discount` the size of the discount lines,
 *   `total = subtotal − discount + exclusive tax` (the exclusive rates' amounts on the lines;
 *   inclusive tax is inside the lines), the breakdown's amounts sum to `tax`, its exclusive ones to
 *   the exclusive tax, the lines' `tax_amount`s sum to `tax`, and each line's `tax_amount` is its rates'.
 */
async function documentViolations(db: pg.Client, m: string | null, documents: FinalizedDocuments): Promise<string[]> {
  const out: string[] = [];
  // C15
  for (const r of await rows<{
    merchant_id: string;
    environment: string;
    scope: string;
    numbers: (number | null)[] | null;
    last_value: string | null;
  }>(
    db,
    `with numbered as (
       select i.merchant_id, i.environment, ${SCOPE} as scope, substring(i.number from '([0-9]+)$')::int as value
         from billing.invoices i left join billing.customers c on c.id = i.customer_id
        where i.number is not null and ($1::uuid is null or i.merchant_id = $1)),
     used as (select merchant_id, environment, scope, array_agg(value order by value) as numbers from numbered group by merchant_id, environment, scope),
     sequences as (select merchant_id, environment, scope, last_value from billing.number_sequences
                    where kind = 'invoice' and ($1::uuid is null or merchant_id = $1))
     select coalesce(u.merchant_id, s.merchant_id) as merchant_id, coalesce(u.environment, s.environment) as environment,
            coalesce(u.scope, s.scope) as scope, u.numbers, s.last_value
       from used u full join sequences s on s.merchant_id = u.merchant_id and s.environment = u.environment and s.scope = u.scope`,
    [m],
  )) {
    const numbers = r.numbers ?? [];
    const expected = numbers.map((_, i) => i + 1);
    if (numbers.join() !== expected.join() || Number(r.last_value ?? 0) !== numbers.length)
      out.push(
        `C15: invoices of ${r.merchant_id}/${r.environment}${r.scope ? ` customer ${r.scope}` : ''} are numbered ${numbers.join(',') || 'none'} (sequence at ${r.last_value ?? 'none'})`,
      );
  }
  for (const r of await rows<{ id: string; status: string; number: string | null; finalized_at: Date | null }>(
    db,
    `select id, status, number, finalized_at from billing.invoices
      where ($1::uuid is null or merchant_id = $1)
        and ((status = 'draft' and (number is not null or finalized_at is not null))
          or (status not in ('draft', 'void') and (number is null or finalized_at is null))
          or ((number is null) <> (finalized_at is null)))`,
    [m],
  ))
    out.push(
      `C15: invoice ${r.id} is ${r.status} with number ${r.number ?? 'none'}, finalized at ${r.finalized_at?.toISOString() ?? 'none'}`,
    );
  // C16
  const now = new Map<string, { finalized: boolean; document: string; merchantId: string }>();
  for (const r of await rows<{ id: string; merchant_id: string; finalized: boolean; document: string }>(
    db,
    `select i.id, i.merchant_id, i.status <> 'draft' and i.finalized_at is not null as finalized, ${DOCUMENT} as document
       from billing.invoices i where ($1::uuid is null or i.merchant_id = $1)`,
    [m],
  ))
    now.set(r.id, { finalized: r.finalized, document: r.document, merchantId: r.merchant_id });
  for (const [id, seen] of documents) {
    if (m !== null && seen.merchantId !== m) continue;
    const current = now.get(id);
    if (!current) {
      out.push(`C16: finalized invoice ${id} is gone`);
      continue;
    }
    if (current.document === seen.document) continue;
    const before = JSON.parse(seen.document) as Record<string, unknown>;
    const after = JSON.parse(current.document) as Record<string, unknown>;
    const changed = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    out.push(
      `C16: finalized invoice ${id} changed ${changed.map((k) => `${k} from ${JSON.stringify(before[k])} to ${JSON.stringify(after[k])}`).join('; ')}`,
    );
  }
  for (const [id, current] of now)
    if (current.finalized && !documents.has(id)) documents.set(id, { merchantId: current.merchantId, document: current.document });
  // C17
  for (const r of await rows<{
    id: string;
    status: string;
    subtotal: string;
    discount: string;
    tax: string;
    total: string;
    line_subtotal: string;
    line_discount: string;
    line_tax: string;
    exclusive_tax: string;
    breakdown_tax: string;
    breakdown_exclusive: string;
    lines_off: string;
  }>(
    db,
    `select i.id, i.status, i.subtotal, i.discount, i.tax, i.total,
            (select coalesce(sum((l->>'amount')::bigint), 0) from jsonb_array_elements(i.lines) l where l->>'kind' <> 'discount') as line_subtotal,
            (select coalesce(-sum((l->>'amount')::bigint), 0) from jsonb_array_elements(i.lines) l where l->>'kind' = 'discount') as line_discount,
            (select coalesce(sum((l->>'tax_amount')::bigint), 0) from jsonb_array_elements(i.lines) l) as line_tax,
            (select coalesce(sum((r->>'amount')::bigint), 0) from jsonb_array_elements(i.lines) l
               cross join jsonb_array_elements(coalesce(l->'tax_rates', '[]')) r where not (r->>'inclusive')::boolean) as exclusive_tax,
            (select coalesce(sum((b->>'amount')::bigint), 0) from jsonb_array_elements(i.tax_breakdown) b) as breakdown_tax,
            (select coalesce(sum((b->>'amount')::bigint), 0) from jsonb_array_elements(i.tax_breakdown) b where not (b->>'inclusive')::boolean) as breakdown_exclusive,
            (select count(*) from jsonb_array_elements(i.lines) l
              where coalesce((l->>'tax_amount')::bigint, 0)
                    <> (select coalesce(sum((r->>'amount')::bigint), 0) from jsonb_array_elements(coalesce(l->'tax_rates', '[]')) r)) as lines_off
       from billing.invoices i where ($1::uuid is null or i.merchant_id = $1)`,
    [m],
  )) {
    const n = (v: string) => BigInt(v);
    const problems: string[] = [];
    if (n(r.subtotal) !== n(r.line_subtotal)) problems.push(`subtotal ${r.subtotal} <> its lines' ${r.line_subtotal}`);
    if (n(r.discount) !== n(r.line_discount)) problems.push(`discount ${r.discount} <> its discount lines' ${r.line_discount}`);
    if (n(r.total) !== n(r.subtotal) - n(r.discount) + n(r.exclusive_tax))
      problems.push(`total ${r.total} <> subtotal ${r.subtotal} − discount ${r.discount} + exclusive tax ${r.exclusive_tax}`);
    if (n(r.breakdown_tax) !== n(r.tax)) problems.push(`tax ${r.tax} <> its breakdown's ${r.breakdown_tax}`);
    if (n(r.breakdown_exclusive) !== n(r.exclusive_tax))
      problems.push(`exclusive tax ${r.exclusive_tax} on the lines <> ${r.breakdown_exclusive} in the breakdown`);
    if (n(r.line_tax) !== n(r.tax)) problems.push(`tax ${r.tax} <> its lines' ${r.line_tax}`);
    if (Number(r.lines_off) > 0) problems.push(`${r.lines_off} lines' tax_amount is not their rates' sum`);
    if (problems.length > 0) out.push(`C17: invoice ${r.id} (${r.status}): ${problems.join('; ')}`);
  }
  return out;
}

/** C15 to C17 alone (`checkCrossPath` runs them with the rest); `documents` is C16's memory across calls. */
export async function checkInvoiceDocuments(
  dbUrl: string,
  options: { merchantId?: string; documents?: FinalizedDocuments } = {},
): Promise<string[]> {
  const db = await connect(dbUrl);
  try {
    return await documentViolations(db, options.merchantId ?? null, options.documents ?? documentsOf(dbUrl));
  } finally {
    await db.end();
  }
}

/**
 * C20's pairing of invoice lines with the record of what they billed: each line of `kind` (per
 * invoice, metric and range start) has exactly one row in `records` (those `where` holds), and
 * each row exactly one line. The pairs that break it.
 */
function linesWithoutTheirRecord(db: pg.Client, m: string | null, kind: string, records: string, where: string) {
  return rows<{ sub: string; code: string; start: string; invoice: string; lines: string; recorded: string }>(
    db,
    `with lines as (
       select i.id as invoice_id, i.subscription_id, l->>'metric_code' as code, (l->>'period_start')::timestamptz as period_start
         from billing.invoices i cross join jsonb_array_elements(i.lines) l
        where l->>'kind' = '${kind}' and ($1::uuid is null or i.merchant_id = $1)),
     recorded as (
       select c.* from ${records} c join billing.subscriptions s on s.id = c.subscription_id
        where ${where} and ($1::uuid is null or s.merchant_id = $1))
     select coalesce(r.subscription_id, l.subscription_id) as sub, coalesce(r.metric_code, l.code) as code,
            coalesce(r.period_start, l.period_start)::text as start, coalesce(r.invoice_id, l.invoice_id) as invoice,
            count(l.invoice_id) as lines, count(r.invoice_id) as recorded
       from recorded r full join lines l
         on l.invoice_id = r.invoice_id and l.code = r.metric_code and l.period_start = r.period_start
      group by 1, 2, 3, 4 having count(l.invoice_id) <> 1 or count(r.invoice_id) <> 1`,
    [m],
  );
}
