import type { ConsoleRole } from '../gateway/console/console-role.ts';

/**
 * Who may do what in the console: the least role each route under `/v1.0` needs from a console
 * session, keyed `METHOD /path` as the routes are registered. The one home of this rule (the
 * console shows or hides buttons from it; the API refuses by it). Roles include the ones before
 * them: viewer < support < billing < admin.
 *
 * - viewer: reads (GET), except what the read overrides below keep for more.
 * - support: viewer, and retry an invoice, create and revoke links to the customer pages (the
 *   card-update link), resend webhook deliveries, test clocks (sandbox).
 * - billing: support, and refunds, credit notes, plans, subscriptions, customers, invoices
 *   (finalize, void, lines), coupons, items, tax rates, usage, the gateway's cards, purchases and
 *   refunds; reads the audit log.
 * - admin: everything: console users, settings, webhook endpoints, the API credentials (read and
 *   rotate), and any route this table does not name (a new route is admin-only until it is given
 *   a role: fail closed).
 *
 * Basic-auth API callers are not console users: they keep every right. test/gateway/console-roles.test.ts
 * checks that every mutating route is named here.
 */
export const ROUTE_ROLES: Readonly<Record<string, ConsoleRole>> = {
  // The session itself: logging in needs no session, logging out any role.
  'POST /console/sessions': 'viewer',
  'DELETE /console/session': 'viewer',

  // support
  'POST /invoices/:id/retry': 'support',
  'POST /hosted_links': 'support',
  'POST /hosted_links/:link_id/revoke': 'support',
  'POST /webhooks/:id/deliveries/:delivery_id/retry': 'support',
  'POST /test_clocks': 'support',
  'POST /test_clocks/:id/advance': 'support',

  // billing
  'POST /invoices/:id/refund': 'billing',
  'POST /invoices/:id/credit_notes': 'billing',
  'POST /invoices/:id/finalize': 'billing',
  'POST /invoices/:id/void': 'billing',
  'POST /invoices/:id/lines': 'billing',
  'POST /plans': 'billing',
  'POST /plans/:id/archive': 'billing',
  'POST /plans/:id/move_subscriptions': 'billing',
  'POST /subscriptions': 'billing',
  'PUT /subscriptions/:id': 'billing',
  // A preview keeps nothing (it is rolled back), but it makes the change to roll it back: it takes
  // the change's row locks for as long, so it needs the change's role.
  'POST /subscriptions/:id/preview': 'billing',
  'POST /subscriptions/:id/pause': 'billing',
  'POST /subscriptions/:id/resume': 'billing',
  'POST /subscriptions/:id/cancel': 'billing',
  'POST /subscriptions/:id/items': 'billing',
  'DELETE /subscriptions/:id/items/:item_id': 'billing',
  'POST /customers': 'billing',
  'PUT /customers/:id': 'billing',
  'DELETE /customers/:id': 'billing',
  'POST /coupons': 'billing',
  'POST /coupons/:code/archive': 'billing',
  'POST /tax_rates': 'billing',
  'POST /tax_rates/:id/archive': 'billing',
  'POST /usage_events': 'billing',
  'POST /billable_metrics': 'billing',
  'POST /billable_metrics/:key/archive': 'billing',
  'POST /credit_cards': 'billing',
  'PUT /credit_cards/:key': 'billing',
  'PUT /sandbox/credit_cards/:key/script': 'billing',
  'POST /purchases': 'billing',
  'POST /purchases/void': 'billing',
  'POST /purchases/:key/capture': 'billing',
  'POST /refunds': 'billing',
  'POST /refunds/void': 'billing',
  'POST /void': 'billing',
  'POST //void': 'billing',
  'GET /audit': 'billing',

  // admin
  'GET /credentials': 'admin',
  'GET /credentials/:id': 'admin',
  'POST /credentials/:id/rotate': 'admin',
  'GET /console/users': 'admin',
  'GET /console/users/:id': 'admin',
  'POST /console/users': 'admin',
  'PUT /console/users/:id': 'admin',
  'POST /webhooks': 'admin',
  'DELETE /webhooks/:id': 'admin',
  'PUT /settings/business': 'admin',
  'PUT /settings/emails': 'admin',
  'PUT /settings/invoicing': 'admin',
  'PUT /settings/tax': 'admin',
};

const READS = new Set(['GET', 'HEAD']);

/** The least role a route needs: its entry; else viewer for a read and admin for anything else. */
export function roleNeeded(method: string, route: string): ConsoleRole {
  const key = `${method === 'HEAD' ? 'GET' : method} ${route}`;
  return ROUTE_ROLES[key] ?? (READS.has(method) ? 'viewer' : 'admin');
}
