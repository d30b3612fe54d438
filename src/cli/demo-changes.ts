import type { Runtime } from '../composition/runtime.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import type { DemoCatalog, DemoCustomer } from './demo-scenario.ts';

/** The month's mid-month upgrades: Starter to Pro effective now, the rest of the period prorated and charged at once. */
export async function upgradeMidMonth(
  runtime: Runtime,
  merchant: MerchantRef,
  customers: readonly DemoCustomer[],
  catalog: DemoCatalog,
  month: number,
): Promise<number> {
  const due = customers.filter((c) => c.upgradeMonth === month);
  for (const customer of due) {
    await runtime.billing.updateSubscription(merchant, customer.subscriptionId, { plan_id: catalog.proPlanId, effective: 'now' });
  }
  return due.length;
}

/** A few goodwill refunds at the end of the year: half of a steady customer's latest paid invoice, one per 20 customers. */
export async function refundSome(runtime: Runtime, merchant: MerchantRef, customers: readonly DemoCustomer[]): Promise<number> {
  const steady = customers.filter((c) => c.story === 'steady');
  const wanted = Math.max(1, Math.floor(customers.length / 20));
  let refunded = 0;
  for (const customer of steady) {
    if (refunded >= wanted) break;
    const invoices = await runtime.billing.invoices(
      merchant,
      { limit: 1, page: 1, skip: 0 },
      { subscription_id: customer.subscriptionId, status: 'paid' },
    );
    const invoice = invoices.items.find((i) => i.amount >= 2);
    if (!invoice) continue;
    await runtime.billing.refundInvoice(merchant, invoice.id, { amount: Math.floor(invoice.amount / 2), reason: 'Goodwill credit' });
    refunded++;
  }
  return refunded;
}
