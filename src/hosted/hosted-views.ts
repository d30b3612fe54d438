import { formatMoney } from '../platform/money-format.ts';
import { html, type Html } from './html.ts';

/** The invoice as the page shows it: the fields of the API's invoice that a customer reads. */
export interface PageInvoice {
  id: string;
  number: string | null;
  status: string;
  currency: string;
  period_start: string;
  period_end: string;
  finalized_at: string | null;
  paid_at: string | null;
  next_attempt_at: string | null;
  lines: { description: string; quantity: number; unit_amount: number; amount: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  tax_breakdown: { display_name: string; percentage: string; inclusive: boolean; amount: number }[];
  total: number;
  amount_due: number;
  credit_applied: number;
  credited_amount: number;
  tax_note: string | null;
  bill_to: Record<string, unknown> | null;
  seller: Record<string, unknown> | null;
}

export interface FormState {
  csrf: string;
  /** What the customer typed, shown again after a refusal: never the card number or the CVV. */
  holder?: string;
  expiry?: string;
  errors?: string[];
}

const STATUS_TEXT: Record<string, string> = {
  open: 'Open',
  past_due: 'Past due',
  paid: 'Paid',
  void: 'Void',
  unpaid: 'Unpaid',
  uncollectible: 'Uncollectible',
  draft: 'Draft',
};

function date(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 10) : '';
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Every page: the style sheet Recur serves, a visible test-mode banner in the sandbox, one main landmark. */
export function layout(title: string, sandbox: boolean, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
        <link rel="stylesheet" href="/hosted/hosted.css" />
      </head>
      <body>
        ${sandbox ? html`<header><p class="test-mode">Test mode: no real card is charged</p></header>` : ''}
        <main>${body}</main>
        <footer>Payments processed securely by Recur</footer>
      </body>
    </html> `.text;
}

/** A page that says what happened to a link (expired, used, revoked, unknown), with its status code. */
export function messagePage(sandbox: boolean, heading: string, text: string): string {
  return layout(
    heading,
    sandbox,
    html`<div class="card">
      <h1>${heading}</h1>
      <p>${text}</p>
    </div>`,
  );
}

function cardFields(form: FormState, button: string): Html {
  const errors = form.errors?.length
    ? html`<div class="error" role="alert" id="form-errors">
        <p><strong>The card was not accepted:</strong></p>
        <ul>
          ${form.errors.map((e) => html`<li>${e}</li>`)}
        </ul>
      </div>`
    : '';
  return html`${errors}
    <form method="post" autocomplete="on" novalidate>
      <input type="hidden" name="_csrf" value="${form.csrf}" />
      <div>
        <label for="card_holder">Name on card</label>
        <input
          type="text"
          id="card_holder"
          name="card_holder"
          autocomplete="cc-name"
          required
          maxlength="255"
          value="${form.holder ?? ''}"
        />
      </div>
      <div>
        <label for="card_number">Card number</label>
        <input type="text" id="card_number" name="card_number" autocomplete="cc-number" inputmode="numeric" required maxlength="23" />
      </div>
      <div class="row">
        <div>
          <label for="card_expiry">Expiry <span class="hint">(MM/YY)</span></label>
          <input
            type="text"
            id="card_expiry"
            name="card_expiry"
            autocomplete="cc-exp"
            inputmode="numeric"
            required
            maxlength="7"
            value="${form.expiry ?? ''}"
          />
        </div>
        <div>
          <label for="cvv">Security code <span class="hint">(CVV)</span></label>
          <input type="text" id="cvv" name="cvv" autocomplete="cc-csc" inputmode="numeric" required maxlength="4" />
        </div>
      </div>
      <button type="submit">${button}</button>
    </form>`;
}

function sellerName(invoice: PageInvoice): string | null {
  return str(invoice.seller?.legal_name);
}

function billTo(invoice: PageInvoice): Html {
  const to = invoice.bill_to;
  if (!to) return html``;
  const address = (to.address ?? null) as Record<string, unknown> | null;
  const addressLines = address
    ? [address.line1, address.line2, [address.city, address.state, address.postal_code].filter(Boolean).join(' '), address.country]
        .map(str)
        .filter((l): l is string => l !== null)
    : [];
  return html`<h2>Bill to</h2>
    <p>${str(to.name) ?? ''}${str(to.email) ? html`<br />${String(to.email)}` : ''}${addressLines.map((l) => html`<br />${l}`)}</p>`;
}

/** The hosted invoice page: the invoice, its PDF, and while it is owed a form to pay it with a new card. */
export function invoicePage(
  sandbox: boolean,
  invoice: PageInvoice,
  links: { pdf: string },
  form: FormState | null,
  outcome: Html | null = null,
): string {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const seller = sellerName(invoice);
  const title = `Invoice ${invoice.number ?? ''}`.trim();
  const owed = invoice.status === 'open' || invoice.status === 'past_due';
  const body = html`<div class="card">
      <p class="muted">${seller ?? 'Invoice'}</p>
      <h1>${title}</h1>
      <p>Status: <span class="status status-${invoice.status}">${STATUS_TEXT[invoice.status] ?? invoice.status}</span></p>
      <dl>
        <dt>Issued</dt>
        <dd>${date(invoice.finalized_at)}</dd>
        <dt>Period</dt>
        <dd>${date(invoice.period_start)} to ${date(invoice.period_end)}</dd>
        ${
          invoice.paid_at
            ? html`<dt>Paid</dt>
                <dd>${date(invoice.paid_at)}</dd>`
            : ''
        }
        <dt>${owed ? 'Amount due' : 'Amount paid'}</dt>
        <dd><strong>${money(owed ? invoice.amount_due : invoice.status === 'paid' ? invoice.amount_due : 0)}</strong></dd>
      </dl>
      ${billTo(invoice)}
      <h2>Items</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" class="num">Qty</th>
            <th scope="col" class="num">Unit price</th>
            <th scope="col" class="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          ${invoice.lines.map(
            (l) =>
              html`<tr>
                <td>${l.description}</td>
                <td class="num">${l.quantity}</td>
                <td class="num">${money(l.unit_amount)}</td>
                <td class="num">${money(l.amount)}</td>
              </tr>`,
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colspan="3">Subtotal</th>
            <td class="num">${money(invoice.subtotal)}</td>
          </tr>
          ${
            invoice.discount
              ? html`<tr>
                  <th scope="row" colspan="3">Discount</th>
                  <td class="num">${money(-invoice.discount)}</td>
                </tr>`
              : ''
          }
          ${invoice.tax_breakdown.map(
            (t) =>
              html`<tr>
                <th scope="row" colspan="3">${t.display_name} ${t.percentage}%${t.inclusive ? ' (included)' : ''}</th>
                <td class="num">${money(t.amount)}</td>
              </tr>`,
          )}
          <tr>
            <th scope="row" colspan="3">Total</th>
            <td class="num">${money(invoice.total)}</td>
          </tr>
          ${
            invoice.credit_applied
              ? html`<tr>
                  <th scope="row" colspan="3">Credit applied</th>
                  <td class="num">${money(-invoice.credit_applied)}</td>
                </tr>`
              : ''
          }
          ${
            invoice.credited_amount
              ? html`<tr>
                  <th scope="row" colspan="3">Credited</th>
                  <td class="num">${money(-invoice.credited_amount)}</td>
                </tr>`
              : ''
          }
          <tr>
            <th scope="row" colspan="3">Amount due</th>
            <td class="num"><strong>${money(owed ? invoice.amount_due : 0)}</strong></td>
          </tr>
        </tfoot>
      </table>
      ${invoice.tax_note ? html`<p class="muted">${invoice.tax_note}</p>` : ''}
      <p><a href="${links.pdf}" download>Download the invoice (PDF)</a></p>
    </div>
    ${outcome ?? ''}
    ${
      owed && form
        ? html`<div class="card">
            <h2>Pay ${money(invoice.amount_due)} with a card</h2>
            ${cardFields(form, `Pay ${money(invoice.amount_due)}`)}
          </div>`
        : ''
    }`;
  return layout(title, sandbox, body);
}

export interface CardPageSubject {
  merchant: string | null;
  customer: string | null;
}

/** The hosted card-update page: who asks, and the form for a new card. */
export function cardPage(sandbox: boolean, subject: CardPageSubject, form: FormState): string {
  const body = html`<div class="card">
    ${subject.merchant ? html`<p class="muted">${subject.merchant}</p>` : ''}
    <h1>Update your card</h1>
    <p>
      ${subject.customer ? html`${subject.customer}, enter` : 'Enter'} the card to be charged from now on. Any payment that is due is tried
      on it at once.
    </p>
    ${cardFields(form, 'Save the card')}
  </div>`;
  return layout('Update your card', sandbox, body);
}

/** What a submitted card did: saved, and each owed invoice paid or declined. */
export function cardSavedPage(
  sandbox: boolean,
  masked: string,
  invoices: { number: string | null; status: string; amount: string; message: string | null }[],
): string {
  const body = html`<div class="card">
    <h1>Your card was saved</h1>
    <div class="success" role="status"><p>Card ${masked} will be charged from now on.</p></div>
    ${invoices.map((i) =>
      i.status === 'paid'
        ? html`<p class="success" role="status">Invoice ${i.number ?? ''} for ${i.amount} is paid.</p>`
        : html`<div class="error" role="alert">
            <p>Invoice ${i.number ?? ''} for ${i.amount} was not paid: ${i.message ?? 'the payment did not go through'}.</p>
          </div>`,
    )}
  </div>`;
  return layout('Your card was saved', sandbox, body);
}

/** The invoice page's answer to a payment: paid, or the decline message. */
export function paymentOutcome(paid: boolean, message: string | null): Html {
  return paid
    ? html`<div class="card success" role="status"><h2>Thank you: the invoice is paid.</h2></div>`
    : html`<div class="card error" role="alert">
        <h2>The payment was declined</h2>
        <p>${message ?? 'The payment did not go through'}. Please try another card.</p>
      </div>`;
}
