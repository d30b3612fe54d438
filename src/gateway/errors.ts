import { AppError } from '../platform/errors.ts';
import { scrubCardNumbers } from '../platform/pan-scrub.ts';

/** The gateway's error catalog. Messages are the ones gateway clients match on (GATEWAY.md). */
export const GatewayErrors = {
  unauthenticated: () =>
    new AppError('unauthenticated', 'Invalid credentials', {
      status: 401,
      headers: { 'www-authenticate': 'Basic realm="Recur gateway", charset="UTF-8"' },
    }),
  wrongEnvironment: (credentialEnv: string) =>
    new AppError(
      'wrong_environment',
      credentialEnv === 'sandbox'
        ? 'Sandbox credentials cannot be used in production'
        : 'Production credentials cannot be used in the sandbox',
      { status: 403 },
    ),
  throttled: (retryAfterSeconds: number) =>
    new AppError('auth_throttled', 'Too many failed authentication attempts; try again later', {
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  validation: (messages: string[]) => new AppError('validation_failed', messages[0] ?? 'Request is invalid', { status: 422, messages }),
  cardNotFound: (tokenOrAlias: string, status = 404) =>
    // A card number sent where a token belongs is never echoed back (PCI DSS 3.4.1).
    new AppError('card_not_found', `Card ${scrubCardNumbers(tokenOrAlias)} could not be found`, { status }),
  purchaseNotFound: () => new AppError('purchase_not_found', 'Could not find Purchase', { status: 404 }),
  /** The texts the real gateway answers to a void of an unknown id (clients look for "Not Found" and "Could not find Refund"). */
  voidTargetNotFound: (kind: 'Purchase' | 'Refund' | 'Transaction') =>
    kind === 'Purchase'
      ? new AppError('purchase_not_found', 'Purchase Not Found', { status: 404 })
      : kind === 'Refund'
        ? new AppError('refund_not_found', 'Could not find Refund', { status: 404 })
        : new AppError('transaction_not_found', 'Transaction Not Found', { status: 404 }),
  refundNotFound: () => new AppError('refund_not_found', 'Refund could not be found', { status: 404 }),
  upstreamNotConfigured: () =>
    new AppError(
      'upstream_not_configured',
      'Production purchases need an upstream gateway, and none is configured (UPSTREAM_GATEWAY_URL)',
      { status: 503 },
    ),
  sandboxOnly: () => new AppError('sandbox_only', 'This endpoint exists only in the sandbox', { status: 404 }),
} as const;
