import type { EmailToSend } from '../billing/billing-jobs.ts';
import { formatMoney } from '../platform/money-format.ts';
import { escapeHtml } from './escape.ts';
import { languageOf, messageText, type EmailLanguage, type MessageValues } from './messages.ts';

/** The content id the HTML part names the merchant's logo by (an inline attachment). */
export const LOGO_CID = 'logo@recur';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  language: EmailLanguage;
}

/** The links an e-mail carries, signed when it is rendered. */
export interface EmailLinks {
  invoice: string | null;
  cardUpdate: string | null;
}

function formatDate(value: unknown, language: EmailLanguage): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function valuesOf(email: EmailToSend, language: EmailLanguage): MessageValues {
  const data = email.event.data;
  const invoice = email.invoice;
  const note = email.creditNote;
  const amount = (() => {
    if (note) return formatMoney(note.amount, note.currency);
    if (email.kind === 'invoice_finalized' && invoice) return formatMoney(invoice.total, invoice.currency);
    // The receipt and the failure speak of what was charged (the event's amount), else what the invoice asks.
    if (typeof data.amount === 'number' && typeof data.currency === 'string' && (data.amount > 0 || !invoice)) {
      return formatMoney(data.amount, data.currency);
    }
    return invoice ? formatMoney(invoice.amount_due || invoice.total, invoice.currency) : '';
  })();
  const final = data.final === true || data.next_attempt_at === null || data.next_attempt_at === undefined;
  return {
    merchant: email.business.legal_name ?? email.settings.from ?? '',
    customer: email.customer.name,
    number: note?.number ?? invoice?.number ?? '',
    invoiceNumber: invoice?.number ?? note?.invoice_number ?? '',
    amount,
    nextAttempt: final ? null : formatDate(data.next_attempt_at, language),
    cardExpiry: formatDate(data.card_expiry, language),
    nextCharge: formatDate(data.next_charge_at, language),
  };
}

/**
 * An e-mail's subject, plain text and HTML, in the customer's language. Every value the HTML shows
 * is escaped (names, numbers, links); the plain text carries them as they are.
 */
export function renderEmail(email: EmailToSend, links: EmailLinks, options: { testMode: boolean }): RenderedEmail {
  const language = languageOf(email.locale);
  const values = valuesOf(email, language);
  const message = messageText(email.kind, language, values);
  const link = message.action ? (email.kind === 'invoice_finalized' ? links.invoice : links.cardUpdate) : null;
  const subject = options.testMode ? `[TEST] ${message.subject}` : message.subject;

  const textParts = [
    ...(options.testMode ? [message.testMode, ''] : []),
    message.greeting,
    '',
    ...message.paragraphs.flatMap((p) => [p, '']),
    ...(message.action && link ? [`${message.action}:`, link, ''] : []),
    ...(message.attached ? [message.attached, ''] : []),
    message.signOff,
    values.merchant,
  ];
  const text = `${textParts.join('\n')}\n`;

  const h = escapeHtml;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px">
${email.logo ? `<img src="cid:${LOGO_CID}" alt="${h(values.merchant)}" style="max-height:48px;max-width:200px;display:block;margin-bottom:16px">` : `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${h(values.merchant)}</p>`}
${options.testMode ? `<p style="background:#fef3c7;padding:8px;border-radius:4px">${h(message.testMode)}</p>` : ''}
<p>${h(message.greeting)}</p>
${message.paragraphs.map((p) => `<p>${h(p)}</p>`).join('\n')}
${message.action && link ? `<p><a href="${h(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${h(message.action)}</a></p>\n<p style="font-size:12px;color:#52525b">${h(link)}</p>` : ''}
${message.attached ? `<p>${h(message.attached)}</p>` : ''}
<p>${h(message.signOff)}<br>${h(values.merchant)}</p>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html, language };
}
