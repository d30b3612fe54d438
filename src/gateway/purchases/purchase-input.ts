import type { MerchantContext } from '../merchants/credentials.service.ts';
import { checkRawCard, type CheckedCard } from '../cards/card-input.ts';
import { isIsoCurrency } from '../money.ts';
import { checkPan } from '../cards/card-scheme.ts';
import { maskPan } from '../../platform/pan-scrub.ts';
import { lookupBin } from '../cards/bin-table.ts';
import { expiryDate } from '../cards/expiry.ts';

export const MAX_AMOUNT = 99_999_999_999;
const MAX_REFERENCE = 255;

const KNOWN_FIELDS = new Set([
  'amount',
  'currency',
  'reference',
  'card_token',
  'card_holder',
  'card_number',
  'card_expiry',
  'cvv',
  'customer_ip',
  'metadata',
  'extra',
  'capture',
  'test',
]);
/** Descriptor and 3-D Secure results: strings, stored and echoed (no 3-D Secure flow is implied). */
const EXTRA_STRINGS: Record<string, number> = {
  name: 255,
  location: 255,
  auth_reason: 64,
  xid: 255,
  cavv: 255,
  par: 255,
  ver: 16,
  threeds_version: 16,
  directory_server_txn_id: 255,
};
const EXTRA_FIELDS = new Set([
  'ecm',
  'stored_credential_indicator',
  'authorization_tracking_id',
  'omit_expiry',
  'card_on_file',
  'sli',
  ...Object.keys(EXTRA_STRINGS),
]);

export interface PurchaseInput {
  amount: number;
  currency: string;
  reference: string;
  card: { kind: 'token'; tokenOrAlias: string } | { kind: 'raw'; card: CheckedCard };
  customerIp: string | null;
  metadata: Record<string, string>;
  extra: Record<string, unknown>;
  /** false: an authorization, captured later (`POST /purchases/{id}/capture`). */
  capture: boolean;
  /** A CVV sent next to a card token: checked, never stored. */
  tokenCvv: string | undefined;
}

/** What is known of a rejected purchase, to fill the would-be record. */
export interface PurchaseEcho {
  amount: number | null;
  currency: string | null;
  reference: string | null;
  cardToken: string | null;
  cardHolder: string | null;
  /** The masked number of the raw card sent, when it is a card number at all. */
  cardNumber: string | null;
  /** The currency as sent (uppercased, shortened), even when not permitted. */
  sentCurrency: string | null;
  metadata: Record<string, string>;
  /** The card as the would-be record shows it: the valid raw card sent, or the stored card a known token names. */
  card?: EchoCard;
}

/** A card's fields in a rejected purchase's record (masked; the number never). */
export interface EchoCard {
  number: string;
  holder: string;
  expiry: string;
  type: string;
  category: string;
  subcategory: string;
  /** The stored card's token; null for a raw card (a rejected purchase stores nothing). */
  token: string | null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkAmount(value: unknown, errors: string[], allowZero: boolean): number | null {
  if (value === undefined || value === null || value === '') {
    errors.push("Amount can't be blank");
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.push('Amount must be an integer in the smallest currency unit');
    return null;
  }
  if (value < 0) {
    errors.push('Amount must be greater than or equal to 0');
    return null;
  }
  if (!Number.isInteger(value)) {
    errors.push('Amount must be an integer in the smallest currency unit');
    return null;
  }
  if (!allowZero && value === 0) {
    errors.push('Amount must be greater than 0');
    return null;
  }
  if (value > MAX_AMOUNT) {
    errors.push(`Amount must be less than or equal to ${MAX_AMOUNT}`);
    return null;
  }
  return value;
}

export function checkReference(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    errors.push("Reference can't be blank");
    return null;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    errors.push('Reference must be a string');
    return null;
  }
  const reference = String(value).trim();
  if (reference.length > MAX_REFERENCE) {
    errors.push('Reference is too long (maximum is 255 characters)');
    return null;
  }
  return reference;
}

export { checkAmount };

export function checkMetadata(value: unknown, errors: string[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    errors.push('Metadata must be an object of strings');
    return {};
  }
  const entries = Object.entries(value);
  if (entries.length > 50) errors.push('Metadata may hold at most 50 keys');
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || k.length > 100 || v.length > 1000) {
      errors.push('Metadata must be an object of strings (keys up to 100, values up to 1000 characters)');
      return {};
    }
    out[k] = v;
  }
  return out;
}

function checkExtra(value: unknown, errors: string[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    errors.push('Extra must be an object');
    return {};
  }
  for (const key of Object.keys(value)) {
    if (!EXTRA_FIELDS.has(key)) errors.push(`Unknown field in extra: ${key}`);
  }
  const sci = value.stored_credential_indicator;
  if (sci !== undefined && sci !== 'I' && sci !== 'S') errors.push('Extra stored_credential_indicator must be "I" or "S"');
  // The docs show a number (32), some clients send the string ("32"): both mean the same.
  if (
    value.ecm !== undefined &&
    !(typeof value.ecm === 'string' && /^\d{1,2}$/.test(value.ecm)) &&
    !(typeof value.ecm === 'number' && Number.isInteger(value.ecm) && value.ecm >= 0 && value.ecm <= 99)
  ) {
    errors.push('Extra ecm must be a string of one or two digits');
  }
  for (const [key, max] of Object.entries(EXTRA_STRINGS)) {
    const v = value[key];
    if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > max)) {
      errors.push(`Extra ${key} must be a string of at most ${max} characters`);
    }
  }
  if (
    value.sli !== undefined &&
    value.sli !== null &&
    !(typeof value.sli === 'string' && /^\d{1,2}$/.test(value.sli)) &&
    !(typeof value.sli === 'number' && Number.isInteger(value.sli) && value.sli >= 0 && value.sli <= 99)
  ) {
    errors.push('Extra sli must be a string of one or two digits');
  }
  if (value.card_on_file !== undefined && typeof value.card_on_file !== 'boolean') errors.push('Extra card_on_file must be true or false');
  if (
    value.authorization_tracking_id !== undefined &&
    (typeof value.authorization_tracking_id !== 'string' || value.authorization_tracking_id.length > 64)
  ) {
    errors.push('Extra authorization_tracking_id must be a string of at most 64 characters');
  }
  if (value.omit_expiry !== undefined && typeof value.omit_expiry !== 'boolean') errors.push('Extra omit_expiry must be true or false');
  return value;
}

/**
 * Validates a purchase body with the messages gateway clients match on; collects them all.
 * Unknown fields are rejected (writes never ignore what they do not understand).
 */
export function checkPurchase(
  body: Record<string, unknown>,
  ctx: MerchantContext,
  now: Date,
): { input?: PurchaseInput; errors: string[]; echo: PurchaseEcho } {
  const errors: string[] = [];
  for (const key of Object.keys(body)) if (!KNOWN_FIELDS.has(key)) errors.push(`Unknown field: ${key}`);

  // Card errors come first: clients read errors[0] (an expired card before an amount problem).
  const rawFields = ['card_holder', 'card_number', 'card_expiry'].filter((k) => body[k] !== undefined && body[k] !== null);
  let card: PurchaseInput['card'] | undefined;
  let cardToken: string | null = null;
  let tokenCvv: string | undefined;
  if (body.card_token !== undefined && body.card_token !== null && body.card_token !== '') {
    if (typeof body.card_token !== 'string' || body.card_token.length > 255) errors.push('Card token must be a string');
    else {
      cardToken = body.card_token;
      if (rawFields.length > 0) errors.push('Give either card_token or the card details, not both');
      else card = { kind: 'token', tokenOrAlias: body.card_token };
    }
    if (body.cvv !== undefined && body.cvv !== null && body.cvv !== '') {
      const cvv = typeof body.cvv === 'number' && Number.isInteger(body.cvv) ? String(body.cvv).padStart(3, '0') : body.cvv;
      if (typeof cvv !== 'string' || !/^\d{3,4}$/.test(cvv.trim())) errors.push('CVV is invalid');
      else tokenCvv = cvv.trim();
    }
  } else {
    const ecm = isPlainObject(body.extra) ? body.extra.ecm : undefined;
    const recurring = ecm === '32' || ecm === 32;
    const checked = checkRawCard(body, {
      environment: ctx.environment,
      now,
      cvvRequired: !recurring,
      acceptedTypes: ctx.cardTypes,
      testCardsInProduction: ctx.testCardsInProduction,
    });
    errors.push(...checked.errors);
    if (checked.card) card = { kind: 'raw', card: checked.card };
  }

  const amount = checkAmount(body.amount, errors, true);
  let currency: string | null = null;
  // Left out (as the Python client and old Active Merchant versions do): the merchant's default
  // currency, its first permitted one. Sent blank: refused.
  if (body.currency === undefined || body.currency === null) currency = ctx.currencies[0] ?? null;
  else if (body.currency === '') errors.push("Currency can't be blank");
  else if (
    typeof body.currency !== 'string' ||
    !isIsoCurrency(body.currency.toUpperCase()) ||
    !ctx.currencies.includes(body.currency.toUpperCase())
  ) {
    const shown = typeof body.currency === 'string' ? body.currency.slice(0, 10) : String(body.currency).slice(0, 10);
    errors.push(`Currency ${shown} is not valid for this merchant. Permitted currencies: ${ctx.currencies.join(', ')}`);
  } else currency = body.currency.toUpperCase();
  const reference = checkReference(body.reference, errors);
  const metadata = checkMetadata(body.metadata, errors);
  const extra = checkExtra(body.extra, errors);
  let customerIp: string | null = null;
  if (body.customer_ip !== undefined && body.customer_ip !== null) {
    if (typeof body.customer_ip !== 'string' || body.customer_ip.length > 64)
      errors.push('Customer IP must be a string of at most 64 characters');
    else customerIp = body.customer_ip;
  }
  if (body.capture !== undefined && body.capture !== null && typeof body.capture !== 'boolean')
    errors.push('Capture must be true or false');
  const capture = body.capture !== false;

  const sentPan = typeof body.card_number === 'string' || typeof body.card_number === 'number' ? checkPan(String(body.card_number)) : null;
  const echo: PurchaseEcho = {
    amount,
    currency,
    reference,
    cardToken,
    cardHolder: typeof body.card_holder === 'string' ? body.card_holder.slice(0, 255) : null,
    cardNumber: sentPan?.ok ? maskPan(sentPan.pan) : null,
    sentCurrency: typeof body.currency === 'string' && body.currency !== '' ? body.currency.toUpperCase().slice(0, 10) : null,
    metadata,
  };
  if (card?.kind === 'raw') {
    const bin = lookupBin(card.card.pan, card.card.scheme);
    echo.card = {
      number: maskPan(card.card.pan),
      holder: card.card.holder,
      expiry: expiryDate(card.card.expiry),
      type: card.card.scheme,
      category: bin.category,
      subcategory: bin.subcategory,
      token: null,
    };
  }
  if (errors.length > 0 || amount === null || currency === null || reference === null || !card) return { errors, echo };
  return { input: { amount, currency, reference, card, customerIp, metadata, extra, capture, tokenCvv }, errors, echo };
}
