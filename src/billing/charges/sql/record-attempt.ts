import { prepared, type Sql, type SqlPool, type Step } from '../../../platform/sql.ts';
import { Params } from '../../../platform/sql-params.ts';
import type { NewEvent } from '../../events/event-types.ts';
import { insertEventsSql } from '../../events/insert-events-sql.ts';
import type { DunningPolicy } from '../../plans/plan.entity.ts';
import { subscriptionJsonSql } from '../../subscriptions/subscription-view.ts';
import { backToActiveSql } from '../../subscriptions/sql/back-to-active.ts';

/** What an outcome writes over its attempt row. */
export interface AttemptRecord {
  attemptId: string;
  status: 'approved' | 'declined' | 'error';
  purchaseId: string | null;
  responseCode: string | null;
  message: string;
  adviceCode: string | null;
  declineClass: string | null;
  /** The card the gateway charged (an alias resolved); null when it charged none. */
  cardToken: string | null;
  /** Real time: the row's `updated_at`. */
  now: Date;
  /** Billing time of this record: `resolved_at`. */
  billingNow: Date;
}

/**
 * Records an outcome over the attempt only while it is unresolved (`sending` or `unknown`): a
 * duplicate delivery that comes second finds it resolved and changes nothing. SQL for a CTE
 * named `recorded`, which returns the attempt's id when this statement recorded it.
 * The attempt keeps the time of its claim (`attempted_at`, the time its caps were counted at);
 * the billing time of this record is `resolved_at`, later when a worker died in between and the
 * job was taken up again after the clock moved on.
 */
function recordAttemptSql(params: Params, r: AttemptRecord): string {
  return `update billing.charge_attempts set status = ${params.add(r.status)}, purchase_id = ${params.add(r.purchaseId)},
        response_code = ${params.add(r.responseCode)}, message = ${params.add(r.message.slice(0, 255))},
        advice_code = ${params.add(r.adviceCode)}, decline_class = ${params.add(r.declineClass)},
        updated_at = ${params.add(r.now)}, card_token = ${params.add(r.cardToken)}, resolved_at = ${params.add(r.billingNow)}
      where id = ${params.add(r.attemptId)} and status in ('sending', 'unknown') returning id`;
}

/** An approval's writes beside its attempt: the invoice paid, its ledger entry, the subscription back to active, their events. */
export interface Approval {
  invoiceId: string;
  subscriptionId: string;
  merchantId: string;
  environment: string;
  purchaseId: string;
  amount: number;
  currency: string;
  /** `invoice.paid`, written when the attempt is recorded. */
  paid: NewEvent;
  /** `subscription.updated`, written when the subscription comes back to active. */
  active: NewEvent;
}

/**
 * Transaction 2 of an approved charge, one statement: the attempt, the invoice paid, its ledger
 * entry, the subscription back to active when this was its last past-due invoice, and their events,
 * all or nothing, and all of it only over an unresolved attempt. The common case of a charge: sent
 * as one message on its generic plan (PostgreSQL would plan it afresh for every charge, 0.4 ms,
 * more than running it). Returns whether this statement recorded the attempt.
 */
export async function recordApproved(sql: SqlPool, record: AttemptRecord, a: Approval): Promise<boolean> {
  const params = new Params();
  const recorded = recordAttemptSql(params, record);
  const [invoiceId, at, subscriptionId] = [params.add(a.invoiceId), params.add(record.now), params.add(a.subscriptionId)];
  // Paid at billing time (a test clock's where one applies), as its events are.
  const paidAt = params.add(record.billingNow);
  const text = `with recorded as (${recorded}),
     paid as (
       update billing.invoices set status = 'paid', paid_at = ${paidAt}, next_attempt_at = null, updated_at = ${at}
        where id = ${invoiceId} and exists (select 1 from recorded)),
     ledger as (
       insert into billing.ledger_entries (id, merchant_id, environment, invoice_id, attempt_id, purchase_id, amount, currency, created_at, booked_at)
       select gen_random_uuid(), ${params.add(a.merchantId)}, ${params.add(a.environment)}, ${invoiceId}, recorded.id, ${params.add(a.purchaseId)},
              ${params.add(a.amount)}, ${params.add(a.currency)}, ${at}, ${paidAt} from recorded),
     back as (${backToActiveSql({ subscriptionId, settledInvoiceId: invoiceId, at, when: 'exists (select 1 from recorded)' })}),
     events as (${insertEventsSql(
       params,
       record.billingNow,
       [],
       [
         { cte: 'recorded', event: a.paid },
         { cte: 'back', event: a.active, dataSql: `jsonb_build_object('subscription', ${subscriptionJsonSql('back')})` },
       ],
     )})
     select exists (select 1 from recorded) as recorded`;
  const rows = await sql.steps<{ recorded: boolean }>([{ text, params: params.values as Step['params'] }], { genericPlans: true });
  return rows[0]?.recorded ?? false;
}

/** What dunning needs of a failed attempt's invoice, read in the statement that records the attempt. */
export interface FailedInvoice {
  dunning: DunningPolicy;
  first_failed_at: string | null;
  test_clock_id: string | null;
  manual_attempts: number;
}

/**
 * The first statement of a declined or refused charge's transaction: the attempt, and what
 * dunning's decision reads of its invoice. Null when someone else recorded the attempt first.
 */
export async function recordFailedAttempt(tx: Sql, record: AttemptRecord, invoiceId: string): Promise<FailedInvoice | null> {
  const params = new Params();
  const recorded = recordAttemptSql(params, record);
  const rows = await tx.query<FailedInvoice & { recorded: boolean }>(
    prepared(`with recorded as (${recorded})
     select exists (select 1 from recorded) as recorded, i.dunning, i.first_failed_at, s.test_clock_id,
            (select count(*)::int from billing.charge_attempts a where a.invoice_id = i.id and a.manual) as manual_attempts
       from billing.invoices i join billing.subscriptions s on s.id = i.subscription_id where i.id = ${params.add(invoiceId)}`),
    params.values,
  );
  return rows[0]?.recorded ? rows[0] : null;
}

/** An attempt whose outcome is unknown stays unresolved: the reconciler looks it up by reference. */
export async function markAttemptUnknown(sql: Sql, attemptId: string, reason: string, now: Date): Promise<void> {
  await sql.query(
    `update billing.charge_attempts set status = 'unknown', message = $2, updated_at = $3 where id = $1 and status in ('sending', 'unknown')`,
    [attemptId, reason.slice(0, 255), now],
  );
}
