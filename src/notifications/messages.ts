import type { EmailKind } from '../billing/billing-jobs.ts';

/** The languages e-mails are written in; a customer's `locale` picks one by its language, English otherwise. */
export const EMAIL_LANGUAGES = ['en', 'de'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

export function languageOf(locale: string | null): EmailLanguage {
  const language = (locale ?? '').split(/[-_]/)[0]!.toLowerCase();
  return (EMAIL_LANGUAGES as readonly string[]).includes(language) ? (language as EmailLanguage) : 'en';
}

/** The values a message speaks of, already formatted (money, dates) but not escaped: the templates escape. */
export interface MessageValues {
  merchant: string;
  customer: string | null;
  number: string;
  invoiceNumber: string;
  amount: string;
  nextAttempt: string | null;
  cardExpiry: string;
  nextCharge: string;
}

export interface MessageText {
  subject: string;
  /** Paragraphs, in order (plain text). */
  paragraphs: string[];
  /** The call to action beside a link (`invoice` or `card_update`), when the e-mail has one. */
  action: string | null;
  /** A line saying what is attached, when something is. */
  attached: string | null;
}

type Catalogue = Record<EmailKind, (v: MessageValues) => MessageText>;

const EN: Catalogue = {
  invoice_finalized: (v) => ({
    subject: `Invoice ${v.number} from ${v.merchant}`,
    paragraphs: [`Your invoice ${v.number} for ${v.amount} is ready.`],
    action: 'View and pay your invoice online',
    attached: `The invoice is attached as a PDF.`,
  }),
  payment_succeeded: (v) => ({
    subject: `Receipt for invoice ${v.invoiceNumber} from ${v.merchant}`,
    paragraphs: [`We received your payment of ${v.amount} for invoice ${v.invoiceNumber}. Thank you!`],
    action: null,
    attached: null,
  }),
  payment_failed: (v) => ({
    subject: `Payment for invoice ${v.invoiceNumber} failed`,
    paragraphs: [
      `We could not charge ${v.amount} for invoice ${v.invoiceNumber} to your card.`,
      v.nextAttempt ? `We will try again on ${v.nextAttempt}.` : 'We will not try again automatically.',
    ],
    action: 'Update your card',
    attached: null,
  }),
  card_expiring: (v) => ({
    subject: `Your card expires soon`,
    paragraphs: [
      `The card for your subscription with ${v.merchant} expires on ${v.cardExpiry}, before the next payment on ${v.nextCharge}.`,
    ],
    action: 'Update your card',
    attached: null,
  }),
  card_expired: (v) => ({
    subject: `Your card has expired`,
    paragraphs: [`The card for your subscription with ${v.merchant} has expired, and a payment is waiting for a new one.`],
    action: 'Update your card',
    attached: null,
  }),
  credit_note_created: (v) => ({
    subject: `Credit note ${v.number} from ${v.merchant}`,
    paragraphs: [`We issued credit note ${v.number} of ${v.amount} for invoice ${v.invoiceNumber}.`],
    action: null,
    attached: `The credit note is attached as a PDF.`,
  }),
};

const DE: Catalogue = {
  invoice_finalized: (v) => ({
    subject: `Rechnung ${v.number} von ${v.merchant}`,
    paragraphs: [`Ihre Rechnung ${v.number} über ${v.amount} liegt vor.`],
    action: 'Rechnung online ansehen und bezahlen',
    attached: `Die Rechnung ist als PDF angehängt.`,
  }),
  payment_succeeded: (v) => ({
    subject: `Zahlungsbestätigung für Rechnung ${v.invoiceNumber} von ${v.merchant}`,
    paragraphs: [`Wir haben Ihre Zahlung über ${v.amount} für Rechnung ${v.invoiceNumber} erhalten. Vielen Dank!`],
    action: null,
    attached: null,
  }),
  payment_failed: (v) => ({
    subject: `Zahlung für Rechnung ${v.invoiceNumber} fehlgeschlagen`,
    paragraphs: [
      `Wir konnten ${v.amount} für Rechnung ${v.invoiceNumber} nicht von Ihrer Karte abbuchen.`,
      v.nextAttempt ? `Wir versuchen es am ${v.nextAttempt} erneut.` : 'Wir versuchen es nicht automatisch erneut.',
    ],
    action: 'Karte aktualisieren',
    attached: null,
  }),
  card_expiring: (v) => ({
    subject: `Ihre Karte läuft bald ab`,
    paragraphs: [
      `Die Karte für Ihr Abonnement bei ${v.merchant} läuft am ${v.cardExpiry} ab, vor der nächsten Zahlung am ${v.nextCharge}.`,
    ],
    action: 'Karte aktualisieren',
    attached: null,
  }),
  card_expired: (v) => ({
    subject: `Ihre Karte ist abgelaufen`,
    paragraphs: [`Die Karte für Ihr Abonnement bei ${v.merchant} ist abgelaufen; eine Zahlung wartet auf eine neue Karte.`],
    action: 'Karte aktualisieren',
    attached: null,
  }),
  credit_note_created: (v) => ({
    subject: `Gutschrift ${v.number} von ${v.merchant}`,
    paragraphs: [`Wir haben die Gutschrift ${v.number} über ${v.amount} zur Rechnung ${v.invoiceNumber} ausgestellt.`],
    action: null,
    attached: `Die Gutschrift ist als PDF angehängt.`,
  }),
};

const CATALOGUES: Record<EmailLanguage, Catalogue> = { en: EN, de: DE };

const GREETING: Record<EmailLanguage, (name: string | null) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  de: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
};

const SIGN_OFF: Record<EmailLanguage, string> = { en: 'Kind regards,', de: 'Mit freundlichen Grüßen' };

/** Says where test mode e-mails come from, so nobody mistakes one for a real bill. */
const TEST_MODE: Record<EmailLanguage, string> = {
  en: 'Test mode: this e-mail is about a test (sandbox) subscription.',
  de: 'Testmodus: Diese E-Mail betrifft ein Test-Abonnement (Sandbox).',
};

export function messageText(kind: EmailKind, language: EmailLanguage, values: MessageValues) {
  return {
    ...CATALOGUES[language][kind](values),
    greeting: GREETING[language](values.customer),
    signOff: SIGN_OFF[language],
    testMode: TEST_MODE[language],
  };
}
