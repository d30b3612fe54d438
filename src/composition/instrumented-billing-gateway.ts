import type { BillingGateway } from '../billing/ports/gateway-port.ts';
import type { RecurMetrics } from '../ops/metrics.ts';

/** The billing gateway with every call timed (`recur_gateway_request_duration_seconds`). */
export function instrumentBillingGateway(
  gateway: BillingGateway,
  metrics: RecurMetrics,
): BillingGateway & { readonly adapter: BillingGateway } {
  return {
    adapter: gateway,
    purchase: (merchant, request) =>
      metrics.timeGateway(
        'purchase',
        () => gateway.purchase(merchant, request),
        (outcome) => outcome.kind,
      ),
    findPurchase: (merchant, reference) =>
      metrics.timeGateway(
        'find_purchase',
        () => gateway.findPurchase(merchant, reference),
        (outcome) => outcome?.kind ?? 'not_found',
      ),
    refund: (merchant, request) =>
      metrics.timeGateway(
        'refund',
        () => gateway.refund(merchant, request),
        (outcome) => outcome.kind,
      ),
    findCard: (merchant, tokenOrAlias) =>
      metrics.timeGateway(
        'find_card',
        () => gateway.findCard(merchant, tokenOrAlias),
        (card) => (card ? 'found' : 'not_found'),
      ),
    cardKeysByLastFour: (merchant, last4) =>
      metrics.timeGateway(
        'find_cards',
        () => gateway.cardKeysByLastFour(merchant, last4),
        (keys) => (keys === null ? 'unsupported' : keys.length > 0 ? 'found' : 'not_found'),
      ),
    tokenize: (merchant, card) =>
      metrics.timeGateway(
        'tokenize',
        () => gateway.tokenize(merchant, card),
        (outcome) => outcome.kind,
      ),
  };
}
