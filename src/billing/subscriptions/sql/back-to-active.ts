/**
 * The one rule for leaving `past_due`: a subscription is past due while any of its invoices is,
 * and the last one settled (paid by a charge or by a credit note, or voided by the merchant)
 * brings it back to `active`. SQL for
 * an `update … returning s.*` (a CTE's body): the subscription's row when it came back. The
 * invoice being settled is left out of the check (`settledInvoiceId`), since the statement that
 * settles it may not have written its new status yet.
 */
export function backToActiveSql(p: {
  /** SQL for the subscription's id. */
  subscriptionId: string;
  /** SQL for the id of the invoice settled in this statement. */
  settledInvoiceId: string;
  /** SQL timestamptz: the row's `updated_at`. */
  at: string;
  /** SQL condition the update also needs (that the settling write happened), or none. */
  when?: string;
}): string {
  return `update billing.subscriptions s set status = 'active', updated_at = ${p.at}
        where s.id = ${p.subscriptionId} and s.status = 'past_due'${p.when ? ` and ${p.when}` : ''}
          and not exists (select 1 from billing.invoices i where i.subscription_id = s.id and i.status = 'past_due' and i.id <> ${p.settledInvoiceId})
        returning s.*`;
}
