import type { HttpServer } from '../platform/http/server-kit.ts';
import { ok } from '../platform/http/envelope.ts';
import { MonthRange, RenewalWindow, type BillingCore } from '../billing/billing-core.ts';
import { principalOf } from './route-kit.ts';

/** The billing team's figures: MRR and its movements, revenue and dunning, past due, renewals (docs/analytics.md). */
export function registerAnalyticsRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.get('/analytics/mrr', { schema: { querystring: MonthRange } }, async (req, reply) =>
    reply.send(ok(await core.mrrAnalytics(principalOf(req), req.query), test)),
  );
  app.get('/analytics/revenue', { schema: { querystring: MonthRange } }, async (req, reply) =>
    reply.send(ok(await core.revenueAnalytics(principalOf(req), req.query), test)),
  );
  app.get('/analytics/past_due', async (req, reply) => reply.send(ok(await core.pastDueAnalytics(principalOf(req)), test)));
  app.get('/analytics/renewals', { schema: { querystring: RenewalWindow } }, async (req, reply) =>
    reply.send(ok(await core.renewalsAnalytics(principalOf(req), req.query), test)),
  );
}
