import { AppError } from '../platform/errors.ts';

/** The billing module's error catalog. */
export const BillingErrors = {
  validation: (messages: string[]) => new AppError('validation_failed', messages[0] ?? 'Request is invalid', { status: 422, messages }),
  notFound: (what: string, id: string) =>
    new AppError(`${what.toLowerCase().replace(/ /g, '_')}_not_found`, `${what} ${id} could not be found`, { status: 404 }),
  conflict: (message: string) => new AppError('invalid_state', message, { status: 409 }),
  cardNotFound: (token: string) => new AppError('card_not_found', `Card ${token} could not be found`, { status: 422 }),
  customerHasSubscriptions: (id: string, count: number) =>
    new AppError(
      'customer_has_subscriptions',
      `Customer ${id} has ${count} subscription${count === 1 ? '' : 's'} not cancelled or completed; cancel ${count === 1 ? 'it' : 'them'} first`,
      { status: 409 },
    ),
  invoicePrefixTaken: (prefix: string) =>
    new AppError('invoice_prefix_taken', `invoice_prefix ${prefix} is already used by another customer`, { status: 409 }),
  idempotencyMismatch: () =>
    new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request', { status: 422 }),
  idempotencyInFlight: () =>
    new AppError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still in progress; retry later', { status: 409 }),
} as const;
