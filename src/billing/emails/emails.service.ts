import { z } from 'zod';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { iso } from '../../platform/time.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import type { EmailKind } from '../events/email-kinds.ts';
import { loadSettings } from '../settings/settings.ts';
import { documentLogo } from '../settings/settings.service.ts';
import type { BusinessSettings, EmailSettings } from '../settings/merchant-settings.entity.ts';
import { getInvoice, type InvoiceView } from '../invoices/invoices.service.ts';
import { getCreditNote, type CreditNoteView } from '../credit-notes/read-credit-notes.service.ts';
import { loadCustomer } from '../customers/read-customers.service.ts';

/** `GET /customers/{id}/emails`: one e-mail and what became of it. */
export interface EmailView {
  id: string;
  customer_id: string;
  kind: EmailKind;
  event_id: string;
  recipient: string;
  locale: string | null;
  /** `pending` (to send, or to try again at `next_attempt_at`), `sent`, `failed` (its tries spent) or `outbox` (kept locally, never sent). */
  status: 'pending' | 'sent' | 'failed' | 'outbox';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  message_id: string | null;
  subject: string | null;
  sent_at: string | null;
  created_at: string;
}

/** `GET /emails/{id}`: the e-mail with its plain-text part as rendered (null until it is). */
export interface EmailDetailView extends EmailView {
  text: string | null;
}

const EMAIL_SELECT = `select e.id, e.customer_id, e.kind, e.event_id, e.recipient, e.locale, e.status, e.attempts, e.next_attempt_at,
    e.last_error, e.message_id, e.subject, e.sent_at, e.created_at`;

type EmailRow = EmailView;

function emailView(r: EmailRow): EmailView {
  return {
    ...r,
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    sent_at: iso(r.sent_at),
    created_at: iso(r.created_at),
  };
}

/** A customer's e-mails, newest first: 404 for a customer unknown or deleted. */
export async function listCustomerEmails(db: Sql, merchant: MerchantRef, customerId: string, page: Page): Promise<Paginated<EmailView>> {
  await loadCustomer(db, merchant, customerId);
  return readPage(
    db,
    page,
    {
      select: EMAIL_SELECT,
      from: 'from billing.emails e where e.customer_id = $1 and e.merchant_id = $2 and e.environment = $3',
      orderBy: 'order by e.created_at desc, e.id desc',
      params: [customerId, merchant.merchantId, merchant.environment],
    },
    emailView,
  );
}

export async function getEmail(db: Sql, merchant: MerchantRef, id: string): Promise<EmailDetailView> {
  if (!z.uuid().safeParse(id).success) throw BillingErrors.notFound('E-mail', id);
  const [row] = await db.query<EmailRow & { text_body: string | null }>(
    `${EMAIL_SELECT}, e.text_body from billing.emails e where e.id = $1 and e.merchant_id = $2 and e.environment = $3`,
    [id, merchant.merchantId, merchant.environment],
  );
  if (!row) throw BillingErrors.notFound('E-mail', id);
  const { text_body, ...rest } = row;
  return { ...emailView(rest), text: text_body };
}

/**
 * Claims up to `limit` e-mails due (`for update skip locked`: senders share the work) and leases
 * them for `leaseMs`: each try is counted as it starts, and an e-mail whose sender died is due
 * again when its lease ends. Returns their ids with the try each is on.
 */
export async function claimDueEmails(db: Sql, now: Date, limit: number, leaseMs: number): Promise<{ id: string; attempt: number }[]> {
  return db.query<{ id: string; attempt: number }>(
    `with due as (
       select id from billing.emails where status = 'pending' and next_attempt_at <= $1
        order by next_attempt_at limit $2 for update skip locked)
     update billing.emails e set attempts = e.attempts + 1, next_attempt_at = $1::timestamptz + $3 * interval '1 millisecond'
       from due where e.id = due.id
     returning e.id, e.attempts as attempt`,
    [now, limit, leaseMs],
  );
}

/** Everything an e-mail's message is made of, read when it is rendered (so its links are fresh). */
export interface EmailToSend {
  id: string;
  merchant: MerchantRef;
  kind: EmailKind;
  recipient: string;
  locale: string | null;
  customer: { id: string; name: string | null; email: string | null; locale: string | null };
  event: { id: string; type: string; data: Record<string, unknown>; created_at: string };
  settings: EmailSettings;
  business: BusinessSettings;
  /** The merchant's logo as the documents draw it (PNG), or null. */
  logo: Buffer | null;
  /** The subscription the e-mail is about, when there is one. */
  subscriptionId: string | null;
  /** A test-clock subscription's (or a sandbox merchant's) mail: kept from real addresses unless the merchant says so. */
  testMode: boolean;
  invoice: InvoiceView | null;
  creditNote: CreditNoteView | null;
}

/** The e-mail to render, or null when it is no longer pending (sent meanwhile, or unknown). */
export async function loadEmailToSend(db: Sql, id: string): Promise<EmailToSend | null> {
  const [row] = await db.query<{
    id: string;
    merchant_id: string;
    environment: 'sandbox' | 'production';
    kind: EmailKind;
    recipient: string;
    locale: string | null;
    status: string;
    customer_id: string;
    customer_name: string | null;
    customer_email: string | null;
    customer_locale: string | null;
    event_id: string;
    type: string;
    data: Record<string, unknown>;
    event_created_at: string;
  }>(
    `select e.id, e.merchant_id, e.environment, e.kind, e.recipient, e.locale, e.status, e.customer_id,
            c.name as customer_name, c.email as customer_email, c.locale as customer_locale,
            ev.id as event_id, ev.type, ev.data, ev.created_at as event_created_at
       from billing.emails e join billing.events ev on ev.id = e.event_id join billing.customers c on c.id = e.customer_id
      where e.id = $1`,
    [id],
  );
  if (!row || row.status !== 'pending') return null;
  const merchant: MerchantRef = { merchantId: row.merchant_id, environment: row.environment };
  const data = row.data;
  const note = data.credit_note as { id?: string } | undefined;
  const creditNote = note?.id ? await getCreditNote(db, merchant, note.id) : null;
  const invoiceId = (typeof data.invoice_id === 'string' ? data.invoice_id : null) ?? creditNote?.invoice_id ?? null;
  const invoice = invoiceId ? await getInvoice(db, merchant, invoiceId) : null;
  const subscriptionId =
    (typeof data.subscription_id === 'string' ? data.subscription_id : null) ??
    invoice?.subscription_id ??
    creditNote?.subscription_id ??
    null;
  const [settings, logo, clock] = await Promise.all([
    loadSettings(db, merchant),
    documentLogo(db, merchant),
    subscriptionId
      ? db.query<{ test_clock_id: string | null }>('select test_clock_id from billing.subscriptions where id = $1', [subscriptionId])
      : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    merchant,
    kind: row.kind,
    recipient: row.recipient,
    locale: row.customer_locale ?? row.locale,
    customer: { id: row.customer_id, name: row.customer_name, email: row.customer_email, locale: row.customer_locale },
    event: { id: row.event_id, type: row.type, data, created_at: iso(row.event_created_at) },
    settings: settings.emails,
    business: settings.business,
    logo,
    subscriptionId,
    testMode: row.environment === 'sandbox' || Boolean(clock[0]?.test_clock_id),
    invoice,
    creditNote,
  };
}

/** What became of one try: the message as rendered, and where it went (or why it did not). */
export type EmailOutcome =
  | { kind: 'sent'; subject: string; text: string; messageId: string | null }
  | { kind: 'outbox'; subject: string; text: string; raw: string; messageId: string | null }
  | { kind: 'retry'; error: string; at: Date; subject?: string; text?: string }
  | { kind: 'failed'; error: string; subject?: string; text?: string };

/** Records a try's outcome (its own statement: a send never shares a transaction with billing's writes). */
export async function recordEmailOutcome(db: Sql, id: string, outcome: EmailOutcome, now: Date): Promise<void> {
  const status = outcome.kind === 'retry' ? 'pending' : outcome.kind;
  const error = outcome.kind === 'retry' || outcome.kind === 'failed' ? outcome.error.slice(0, 500) : null;
  await db.query(
    `update billing.emails set status = $2::text, last_error = coalesce($3::text, last_error),
        next_attempt_at = $4::timestamptz, message_id = coalesce($5::text, message_id), subject = coalesce($6::text, subject),
        text_body = coalesce($7::text, text_body), raw = coalesce($8::text, raw),
        sent_at = case when $2::text in ('sent', 'outbox') then $9::timestamptz else sent_at end
      where id = $1 and status = 'pending'`,
    [
      id,
      status,
      error,
      outcome.kind === 'retry' ? outcome.at : null,
      'messageId' in outcome ? outcome.messageId : null,
      outcome.subject ?? null,
      outcome.text ?? null,
      outcome.kind === 'outbox' ? outcome.raw : null,
      now,
    ],
  );
}

/** An e-mail of the local outbox, for `recur emails`. */
export interface OutboxEmail {
  id: string;
  merchant_id: string;
  environment: string;
  kind: EmailKind;
  recipient: string;
  subject: string | null;
  created_at: string;
}

/** The local outbox, newest first, across merchants (`recur emails`). */
export async function listOutbox(db: Sql, limit: number): Promise<OutboxEmail[]> {
  const rows = await db.query<OutboxEmail>(
    `select id, merchant_id, environment, kind, recipient, subject, created_at from billing.emails
      where status = 'outbox' order by created_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** One e-mail of the local outbox: its whole message (RFC 5322) and its plain-text part, or null. */
export async function outboxMessage(db: Sql, id: string): Promise<{ raw: string; text: string | null } | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.query<{ raw: string | null; text_body: string | null }>(
    "select raw, text_body from billing.emails where id = $1 and status = 'outbox'",
    [id],
  );
  return row?.raw ? { raw: row.raw, text: row.text_body } : null;
}
