import { describe, expect, it } from 'vitest';
import { RemoteBillingGateway } from '../../src/composition/remote-billing-gateway.ts';
import { ConnectionError, InvalidRequestError, NotProcessedError, TransportError } from '../../src/gateway-client/errors.ts';
import type { GatewayClient } from '../../src/gateway-client/gateway-client.ts';

// The remote billing adapter's reading of a failed call, through the one classifier: processed
// maybe is `unknown`; refused by the gateway is `rejected`; nothing processed for a reason of ours
// (a refused connection among them) is thrown, so the charge job fails and is retried.

const merchant = { merchantId: 'm', environment: 'sandbox' } as const;
const charge = { reference: 'inv-1', amount: 2900, currency: 'AUD', cardToken: 'tok' };
const refund = { purchaseId: 'P-1', amount: 100, reference: 'inv-1-r1' };

function adapter(fails: Error): RemoteBillingGateway {
  const client = { purchase: () => Promise.reject(fails), refund: () => Promise.reject(fails) };
  return new RemoteBillingGateway(client as unknown as GatewayClient);
}

describe('RemoteBillingGateway on a failed call', () => {
  it('a refused connection is an infrastructure fault: thrown, never unknown (nothing was processed)', async () => {
    const refused = new ConnectionError('connect ECONNREFUSED 127.0.0.1:1', null);
    await expect(adapter(refused).purchase(merchant, charge)).rejects.toBe(refused);
    await expect(adapter(refused).refund(merchant, refund)).rejects.toBe(refused);
  });

  it('a drop after sending is unknown; a 4xx is rejected; a not-processed 5xx is thrown', async () => {
    const dropped = new TransportError('gateway request failed: other side closed', null);
    expect(await adapter(dropped).purchase(merchant, charge)).toEqual({ kind: 'unknown', reason: dropped.message });
    const invalid = new InvalidRequestError('Card tok could not be found', 422);
    expect(await adapter(invalid).purchase(merchant, charge)).toEqual({ kind: 'rejected', message: invalid.message });
    const notProcessed = new NotProcessedError('not processed', 502);
    await expect(adapter(notProcessed).refund(merchant, refund)).rejects.toBe(notProcessed);
  });

  it('a taken reference adopts what the gateway recorded under it', async () => {
    const record = { id: 'P-9', successful: true, response_code: '00', message: 'Approved', card_token: 'tok' };
    const client = {
      purchase: () => Promise.resolve({ successful: false, errors: ['Reference is already taken'], record: null }),
      findPurchase: (reference: string) => Promise.resolve(reference === charge.reference ? record : null),
    };
    const outcome = await new RemoteBillingGateway(client as unknown as GatewayClient).purchase(merchant, charge);
    expect(outcome).toMatchObject({ kind: 'approved', purchaseId: 'P-9' });
  });
});
