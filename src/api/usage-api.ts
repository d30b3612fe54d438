import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { BillableMetricCreate, UsageEventsBody, UsageQuery, type BillingCore } from '../billing/billing-core.ts';
import { Listing, principalOf } from './route-kit.ts';

const MetricKey = z.object({ key: z.string().min(1).max(64) });
const Id = z.object({ id: z.uuid() });

/** A batch of 1,000 events with their properties: far past the default body limit. */
const USAGE_BODY_LIMIT = 4 * 1024 * 1024;

/** Billable metrics, usage events and a subscription's usage (docs/usage.md). */
export function registerUsageRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/billable_metrics', { schema: { body: BillableMetricCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createBillableMetric(principalOf(req), req.body), test)),
  );
  app.get('/billable_metrics', { schema: { querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.billableMetrics(principalOf(req), toPage(req.query)), test)),
  );
  app.get('/billable_metrics/:key', { schema: { params: MetricKey } }, async (req, reply) =>
    reply.send(ok(await core.billableMetric(principalOf(req), req.params.key), test)),
  );
  app.post('/billable_metrics/:key/archive', { schema: { params: MetricKey } }, async (req, reply) =>
    reply.send(ok(await core.archiveBillableMetric(principalOf(req), req.params.key), test)),
  );
  app.post('/usage_events', { bodyLimit: USAGE_BODY_LIMIT, schema: { body: UsageEventsBody } }, async (req, reply) => {
    // One event is the body itself (less the `test` flag every billing body may carry).
    const { events, test: _flag, ...one } = req.body;
    void _flag;
    return reply.send(ok(await core.ingestUsage(principalOf(req), events ?? [one]), test));
  });
  app.get('/subscriptions/:id/usage', { schema: { params: Id, querystring: UsageQuery } }, async (req, reply) =>
    reply.send(ok(await core.subscriptionUsage(principalOf(req), req.params.id, req.query), test)),
  );
}
