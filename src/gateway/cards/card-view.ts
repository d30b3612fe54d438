import { maskPan } from '../../platform/pan-scrub.ts';
import { expiryDate } from './expiry.ts';

/** The fields a card row must have to be shown. */
export interface CardRow {
  id: string;
  token: string;
  alias: string | null;
  first6: string;
  last4: string;
  panLength: number;
  cardHolder: string;
  expiryMonth: number;
  expiryYear: number;
  cardType: string;
  cardCategory: string;
  cardSubcategory: string;
  cardIssuer: string;
  cardCountry: string;
  transactionCount: number;
  fingerprint: string;
}

/** The tokenized-card resource of the seed; the number is masked to first six and last four. */
export interface CardView {
  token: string;
  card_holder: string;
  card_number: string;
  card_expiry: string;
  card_type: string;
  card_category: string;
  card_subcategory: string;
  card_issuer: string;
  card_country: string;
  authorized: boolean;
  transaction_count: number;
  alias: string | null;
  /**
   * A keyed HMAC of the card number for this merchant, never the number: the same for every
   * token of one card (each tokenization issues a new token).
   */
  fingerprint: string;
}

export function maskedNumber(row: Pick<CardRow, 'first6' | 'last4' | 'panLength'>): string {
  return maskPan(row.first6 + '0'.repeat(Math.max(0, row.panLength - 10)) + row.last4);
}

export function toCardView(row: CardRow): CardView {
  return {
    token: row.token,
    card_holder: row.cardHolder,
    card_number: maskedNumber(row),
    card_expiry: expiryDate({ month: row.expiryMonth, year: row.expiryYear }),
    card_type: row.cardType,
    card_category: row.cardCategory,
    card_subcategory: row.cardSubcategory,
    card_issuer: row.cardIssuer,
    card_country: row.cardCountry,
    authorized: true,
    transaction_count: row.transactionCount,
    alias: row.alias,
    fingerprint: row.fingerprint,
  };
}
