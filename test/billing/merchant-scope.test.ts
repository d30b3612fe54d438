import { describe, expect, it } from 'vitest';
import { merchantScope } from '../../src/billing/merchant-scope.ts';

const merchant = { merchantId: 'm-1', environment: 'sandbox' as const };

describe('merchantScope', () => {
  it('keeps a list to the merchant and its environment', () => {
    expect(merchantScope('billing.coupons', merchant)).toEqual({
      from: 'from billing.coupons where merchant_id = $1 and environment = $2',
      params: ['m-1', 'sandbox'],
    });
  });

  it('narrows by each filter given a value, numbering its parameters in order, and prefixes the columns with the alias', () => {
    expect(merchantScope('billing.invoices', merchant, { subscription_id: undefined, status: 'paid' }, 'i')).toEqual({
      from: 'from billing.invoices i where i.merchant_id = $1 and i.environment = $2 and i.status = $3',
      params: ['m-1', 'sandbox', 'paid'],
    });
    expect(merchantScope('billing.subscriptions', merchant, { status: 'active', customer_reference: 'c-9' }).params).toEqual([
      'm-1',
      'sandbox',
      'active',
      'c-9',
    ]);
  });
});
