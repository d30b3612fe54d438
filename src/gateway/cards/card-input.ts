import { checkPan, type CardScheme } from './card-scheme.ts';
import { isExpired, parseExpiry, type Expiry } from './expiry.ts';
import { isTestCard } from '../sandbox/test-cards.ts';
import type { Environment } from '../environment.ts';
import { findCardNumbers } from '../../platform/pan-scrub.ts';

export interface RawCardInput {
  card_holder?: unknown;
  card_number?: unknown;
  card_expiry?: unknown;
  cvv?: unknown;
}

export interface CheckedCard {
  pan: string;
  scheme: CardScheme;
  holder: string;
  expiry: Expiry;
  cvv: string | undefined;
}

const MAX_HOLDER = 255;

function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Validates raw card details with the messages gateway clients match on. Collects every
 * message; returns the checked card only when there are none.
 */
export function checkRawCard(
  input: RawCardInput,
  options: {
    environment: Environment;
    now: Date;
    cvvRequired: boolean;
    acceptedTypes: readonly CardScheme[];
    testCardsInProduction?: boolean;
  },
): { card?: CheckedCard; errors: string[] } {
  const errors: string[] = [];
  let holder = '';
  if (blank(input.card_holder)) errors.push("Card holder can't be blank");
  else if (typeof input.card_holder !== 'string') errors.push('Card holder must be a string');
  else if (input.card_holder.trim().length > MAX_HOLDER) errors.push('Card holder is too long (maximum is 255 characters)');
  // Stored in clear: a card number typed into the name field must not land there.
  else if (findCardNumbers(input.card_holder).length > 0) errors.push('Card holder may not contain a card number');
  else holder = input.card_holder.trim();

  let pan: string | undefined;
  let scheme: CardScheme | undefined;
  if (blank(input.card_number)) errors.push("Card number can't be blank");
  else if (typeof input.card_number !== 'string' && typeof input.card_number !== 'number') errors.push('Card number is invalid');
  else {
    const checked = checkPan(String(input.card_number));
    if (!checked.ok) errors.push('Card number is invalid');
    else if (options.environment === 'sandbox' && !isTestCard(checked.pan)) {
      errors.push('Card number is invalid', 'Only the published test card numbers are accepted in the sandbox');
    } else if (options.environment === 'production' && !options.testCardsInProduction && isTestCard(checked.pan)) {
      errors.push('Card number is invalid', 'Test card numbers are not accepted in production');
    } else if (!options.acceptedTypes.includes(checked.scheme)) {
      errors.push(`${checked.scheme} is not an accepted card type`);
    } else {
      pan = checked.pan;
      scheme = checked.scheme;
    }
  }

  let expiry: Expiry | undefined;
  if (typeof input.card_expiry !== 'string' || !(expiry = parseExpiry(input.card_expiry))) {
    errors.push('Expiry date is missing or invalid.');
  } else if (isExpired(expiry, options.now)) {
    errors.push('Expiry date is invalid (expired)');
    expiry = undefined;
  }

  let cvv: string | undefined;
  if (blank(input.cvv)) {
    if (options.cvvRequired) errors.push('CVV is required');
  } else {
    const value = typeof input.cvv === 'number' && Number.isInteger(input.cvv) ? String(input.cvv).padStart(3, '0') : input.cvv;
    if (typeof value !== 'string' || !/^\d{3,4}$/.test(value.trim())) errors.push('CVV is invalid');
    else cvv = value.trim();
  }

  if (errors.length > 0 || !pan || !scheme || !expiry) return { errors };
  return { card: { pan, scheme, holder, expiry, cvv }, errors };
}

const ALIAS_MAX = 255;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An alias is 1 to 255 printable characters; `null` removes it. */
export function checkAlias(value: unknown): { alias?: string | null; error?: string } {
  if (value === null) return { alias: null };
  if (typeof value !== 'string') return { error: 'Alias must be a string' };
  const alias = value.trim();
  if (alias === '') return { alias: null };
  if (alias.length > ALIAS_MAX) return { error: 'Alias is too long (maximum is 255 characters)' };
  if (CONTROL.test(alias) || alias.includes('/')) return { error: 'Alias may not contain control characters or "/"' };
  if (findCardNumbers(alias).length > 0) return { error: 'Alias may not contain a card number' };
  return { alias };
}
