import { api, one, type Rec } from './api.ts';

/** Sends a webhook delivery again (`POST /webhooks/{id}/deliveries/{delivery_id}/retry`): the developers page and a subscription's timeline. */
export function resendDelivery(webhookId: string, deliveryId: string): Promise<Rec> {
  return one(
    api.POST('/v1.0/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: webhookId, delivery_id: deliveryId } } }),
  );
}
