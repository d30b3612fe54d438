import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { SqlPool } from '../platform/sql.ts';
import type { HostedLinks } from '../platform/hosted-links.ts';
import { claimDueEmails, loadEmailToSend, recordEmailOutcome, type EmailToSend, type MerchantRef } from '../billing/billing-jobs.ts';
import { LOGO_CID, renderEmail } from './render-email.ts';
import { startPokedLoop } from '../platform/poked-loop.ts';

/** A PDF of billing's documents service (BillingCore's use cases). */
export interface EmailDocuments {
  invoicePdf(merchant: MerchantRef, id: string): Promise<{ pdf: Buffer; filename: string }>;
  creditNotePdf(merchant: MerchantRef, id: string): Promise<{ pdf: Buffer; filename: string }>;
}

export interface EmailSenderDeps {
  sql: SqlPool;
  clock: Clock;
  logger: Logger;
  links: HostedLinks;
  documents: EmailDocuments;
  /** The SMTP relay (config SMTP_URL); without one every e-mail goes to the local outbox. */
  smtpUrl?: string;
  backoffBaseMs: number;
  maxAttempts: number;
}

/** A claimed e-mail is another sender's again after this, should this one die mid-send. */
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
const BATCH = 20;

/** When a try that failed is tried again: the base, doubling each try, capped at 6 hours. */
export function emailBackoffMs(base: number, attempt: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** A refusal the relay says is final (5xx): trying again would be refused the same way. */
function permanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export class EmailSender {
  readonly #deps: EmailSenderDeps;
  readonly #smtp: Transporter | null;
  /** Builds the message (RFC 5322) without sending it: the local outbox's copy. */
  readonly #composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(deps: EmailSenderDeps) {
    this.#deps = deps;
    this.#smtp = deps.smtpUrl
      ? nodemailer.createTransport({
          url: deps.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 60_000,
        } as never)
      : null;
  }

  /** Sends the e-mails due, batch by batch, until none are; answers how many it took. */
  async sendDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await claimDueEmails(this.#deps.sql, this.#deps.clock.now(), BATCH, LEASE_MS);
      for (const { id, attempt } of claimed) await this.#sendOne(id, attempt);
      total += claimed.length;
      if (claimed.length < BATCH) return total;
    }
  }

  close(): void {
    this.#smtp?.close();
  }

  async #sendOne(id: string, attempt: number): Promise<void> {
    const { sql, clock, logger } = this.#deps;
    let email: EmailToSend | null = null;
    let rendered: { subject: string; text: string } | undefined;
    try {
      email = await loadEmailToSend(sql, id);
      if (!email) return;
      // Sandbox and test-clock mail stays in the outbox unless the merchant asked for it to be sent.
      const toOutbox = !this.#smtp || (email.testMode && email.settings.sandbox_delivery === 'outbox');
      const mail = await this.#compose(email);
      rendered = { subject: mail.subject as string, text: mail.text as string };
      if (toOutbox) {
        const built = await this.#composer.sendMail(mail);
        const raw = (built.message as Buffer).toString('utf8');
        await recordEmailOutcome(sql, id, { kind: 'outbox', ...rendered, raw, messageId: built.messageId ?? null }, clock.now());
        logger.info({ emailId: id, kind: email.kind }, 'e-mail kept in the local outbox');
        return;
      }
      const info = await this.#smtp!.sendMail(mail);
      await recordEmailOutcome(sql, id, { kind: 'sent', ...rendered, messageId: info.messageId ?? null }, clock.now());
      logger.info({ emailId: id, kind: email.kind, messageId: info.messageId }, 'e-mail sent');
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const now = clock.now();
      if (permanent(err) || attempt >= this.#deps.maxAttempts) {
        await recordEmailOutcome(sql, id, { kind: 'failed', error, ...rendered }, now);
        logger.warn({ emailId: id, attempt, err: error }, 'e-mail failed; no more tries');
      } else {
        const at = new Date(now.getTime() + emailBackoffMs(this.#deps.backoffBaseMs, attempt));
        await recordEmailOutcome(sql, id, { kind: 'retry', error, at, ...rendered }, now);
        logger.warn({ emailId: id, attempt, retryAt: at.toISOString(), err: error }, 'e-mail not sent; trying again later');
      }
    }
  }

  /** The message: rendered now, with links signed now and the documents it carries. */
  async #compose(email: EmailToSend): Promise<Mail.Options> {
    const { links, clock, documents } = this.#deps;
    const now = clock.now();
    const environment = email.merchant.environment;
    const invoiceLink =
      email.kind === 'invoice_finalized' && email.invoice
        ? links.url({ purpose: 'invoice', objectId: email.invoice.id, environment }, now)
        : null;
    const needsCard = email.kind === 'payment_failed' || email.kind === 'card_expiring' || email.kind === 'card_expired';
    const cardLink = needsCard
      ? links.url({ purpose: 'card_update', objectId: email.subscriptionId ?? email.customer.id, environment }, now)
      : null;
    const rendered = renderEmail(email, { invoice: invoiceLink, cardUpdate: cardLink }, { testMode: email.testMode });
    const attachments: Mail.Attachment[] = [];
    if (email.logo) attachments.push({ filename: 'logo.png', content: email.logo, contentType: 'image/png', cid: LOGO_CID });
    if (email.kind === 'invoice_finalized' && email.invoice) {
      const doc = await documents.invoicePdf(email.merchant, email.invoice.id);
      attachments.push({ filename: doc.filename, content: doc.pdf, contentType: 'application/pdf' });
    }
    if (email.kind === 'credit_note_created' && email.creditNote) {
      const doc = await documents.creditNotePdf(email.merchant, email.creditNote.id);
      attachments.push({ filename: doc.filename, content: doc.pdf, contentType: 'application/pdf' });
    }
    if (!email.settings.from) throw new Error('the merchant has no sender address (settings/emails from)');
    return {
      from: { name: email.business.legal_name ?? '', address: email.settings.from },
      ...(email.settings.reply_to ? { replyTo: email.settings.reply_to } : {}),
      to: email.recipient,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments,
      headers: { 'X-Recur-Email-Id': email.id, 'X-Recur-Email-Kind': email.kind },
    };
  }
}

export interface EmailSenderHandle {
  sender: EmailSender;
  /** Looks for due e-mails now (after the pass in progress). */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * The sender's loop: a pass every `intervalMs` (or sooner when poked), never two at once. It runs
 * beside the workers on PostgreSQL alone (no queue), so it is the same with either queue backend,
 * and a send never shares a transaction, a connection or a job with a charge.
 */
export function startEmailSender(deps: EmailSenderDeps, intervalMs: number): EmailSenderHandle {
  const sender = new EmailSender(deps);
  const loop = startPokedLoop(
    () => sender.sendDue(),
    intervalMs,
    (err) => deps.logger.error({ err }, 'e-mail pass failed; trying again at the next interval'),
  );
  return {
    sender,
    poke: loop.poke,
    async stop() {
      await loop.stop();
      sender.close();
    },
  };
}
