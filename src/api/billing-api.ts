import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { AppError, PlatformErrors } from '../platform/errors.ts';
import '../platform/http/principal.ts';
import {
  EVENT_TYPES,
  HoldFilter,
  InvoiceFilter,
  InvoiceRefundInput,
  MoveSubscriptions,
  PlanCreate,
  requestHash,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionFilter,
  SubscriptionUpdate,
  TestClockInput,
  WebhookCreate,
  type BillingCore,
} from '../billing/billing-core.ts';
import { registerCouponRoutes } from './coupons-api.ts';
import { registerCustomerRoutes } from './customers-api.ts';
import { registerItemRoutes } from './items-api.ts';
import { registerCreditNoteRoutes } from './credit-notes-api.ts';
import { registerTaxRoutes } from './tax-api.ts';
import { registerAnalyticsRoutes } from './analytics-api.ts';
import { registerInvoiceLifecycleRoutes } from './invoice-lifecycle-api.ts';
import { registerSettingsRoutes } from './settings-api.ts';
import { registerUsageRoutes } from './usage-api.ts';
import { registerHostedLinkRoutes } from './hosted-links-api.ts';
import { Listing, principalOf } from './route-kit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

// Every billing id is a UUID: anything else names no record and answers 404 (server-kit), never reaches SQL.
const Id = z.object({ id: z.uuid() });
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Plans, subscriptions, invoices, events and (in the sandbox) test clocks: the same `/v1.0`
 * base, envelope, credentials and pagination as the gateway API. Every POST takes an
 * `Idempotency-Key`: a repeat with the same body replays the first answer.
 */
export function registerBillingRoutes(app: HttpServer, core: BillingCore, environment: 'sandbox' | 'production'): void {
  const test = environment === 'sandbox';
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined || !req.principal) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      throw new AppError('validation_failed', 'Idempotency-Key must be 1 to 255 printable characters', { status: 422 });
    }
    const claim = await core.claimIdempotencyKey(req.principal, key, requestHash(req.method, req.url, req.body));
    if (claim.kind === 'replay') {
      reply.header('idempotent-replayed', 'true').code(claim.status).send(claim.body);
      return reply;
    }
    req.idempotencyKey = key;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.idempotencyKey && req.principal) {
      const key = req.idempotencyKey;
      req.idempotencyKey = null;
      await core.completeIdempotencyKey(req.principal, key, reply.statusCode, JSON.parse(String(payload)));
    }
    return payload;
  });

  app.post('/plans', { schema: { body: PlanCreate } }, async (req, reply) => {
    const principal = principalOf(req);
    // A plan in a currency the merchant may not charge would fail every charge it ever makes.
    if (!principal.currencies.includes(req.body.currency)) {
      throw PlatformErrors.validation([
        `currency ${req.body.currency} is not permitted for this merchant (${principal.currencies.join(', ')})`,
      ]);
    }
    return reply.code(201).send(ok(await core.createPlan(principal, req.body), test));
  });
  app.get('/plans', { schema: { querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.plans(principalOf(req), toPage(req.query)), test)),
  );
  app.get('/plans/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.plan(principalOf(req), req.params.id), test)),
  );
  app.post('/plans/:id/archive', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.archivePlan(principalOf(req), req.params.id), test)),
  );

  app.post('/plans/:id/move_subscriptions', { schema: { params: Id, body: MoveSubscriptions } }, async (req, reply) =>
    reply.send(ok(await core.moveSubscriptions(principalOf(req), req.params.id, req.body), test)),
  );

  app.post('/subscriptions', { schema: { body: SubscriptionCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createSubscription(principalOf(req), req.body), test)),
  );
  app.get('/subscriptions', { schema: { querystring: Listing.extend(SubscriptionFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.subscriptions(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.get('/subscriptions/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.subscription(principalOf(req), req.params.id), test)),
  );
  app.get('/subscriptions/:id/timeline', { schema: { params: Id, querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.subscriptionTimeline(principalOf(req), req.params.id, toPage(req.query)), test)),
  );
  app.put('/subscriptions/:id', { schema: { params: Id, body: SubscriptionUpdate } }, async (req, reply) =>
    reply.send(ok(await core.updateSubscription(principalOf(req), req.params.id, req.body), test)),
  );
  app.post('/subscriptions/:id/preview', { schema: { params: Id, body: SubscriptionUpdate } }, async (req, reply) =>
    reply.send(ok(await core.previewSubscriptionUpdate(principalOf(req), req.params.id, req.body), test)),
  );
  app.post('/subscriptions/:id/pause', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.pauseSubscription(principalOf(req), req.params.id), test)),
  );
  app.post('/subscriptions/:id/resume', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.resumeSubscription(principalOf(req), req.params.id), test)),
  );
  app.post('/subscriptions/:id/cancel', { schema: { params: Id, body: SubscriptionCancel.nullish() } }, async (req, reply) =>
    reply.send(ok(await core.cancelSubscription(principalOf(req), req.params.id, req.body?.at_period_end ?? false), test)),
  );

  registerCouponRoutes(app, core, test);
  registerUsageRoutes(app, core, test);
  registerCustomerRoutes(app, core, test);
  registerItemRoutes(app, core, test);
  registerTaxRoutes(app, core, test);
  registerAnalyticsRoutes(app, core, test);
  registerInvoiceLifecycleRoutes(app, core, test);
  registerSettingsRoutes(app, core, test);
  registerHostedLinkRoutes(app, core, test);

  app.get('/invoices', { schema: { querystring: Listing.extend(InvoiceFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.invoices(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.get('/invoices/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.invoice(principalOf(req), req.params.id), test)),
  );

  app.post('/invoices/:id/refund', { schema: { params: Id, body: InvoiceRefundInput.nullish() } }, async (req, reply) =>
    reply.send(ok(await core.refundInvoice(principalOf(req), req.params.id, req.body ?? {}), test)),
  );
  registerCreditNoteRoutes(app, core, test);
  app.get('/dunning/holds', { schema: { querystring: Listing.extend(HoldFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.dunningHolds(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.post('/invoices/:id/retry', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.retryInvoice(principalOf(req), req.params.id), test)),
  );

  app.get(
    '/events',
    {
      schema: {
        querystring: Listing.extend({
          type: z.enum(EVENT_TYPES).optional(),
          subscription_id: z.uuid().optional(),
          customer_id: z.uuid().optional(),
        }),
      },
    },
    async (req, reply) => reply.send(list(await core.events(principalOf(req), toPage(req.query), req.query), test)),
  );

  app.post('/webhooks', { schema: { body: WebhookCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createWebhook(principalOf(req), req.body), test)),
  );
  app.get('/webhooks', { schema: { querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.webhooks(principalOf(req), toPage(req.query)), test)),
  );
  app.get('/webhooks/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.webhook(principalOf(req), req.params.id), test)),
  );
  app.delete('/webhooks/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.deleteWebhook(principalOf(req), req.params.id), test)),
  );
  app.get('/webhooks/:id/deliveries', { schema: { params: Id, querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.webhookDeliveries(principalOf(req), req.params.id, toPage(req.query)), test)),
  );
  app.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    { schema: { params: Id.extend({ delivery_id: z.string().min(1).max(64) }) } },
    async (req, reply) => reply.send(ok(await core.retryWebhookDelivery(principalOf(req), req.params.id, req.params.delivery_id), test)),
  );

  if (environment === 'sandbox') {
    app.post('/test_clocks', { schema: { body: TestClockInput } }, async (req, reply) =>
      reply.code(201).send(ok(await core.createTestClock(principalOf(req), new Date(req.body.frozen_time)), test)),
    );
    app.get('/test_clocks/:id', { schema: { params: Id } }, async (req, reply) =>
      reply.send(ok(await core.testClock(principalOf(req), req.params.id), test)),
    );
    app.post('/test_clocks/:id/advance', { schema: { params: Id, body: TestClockInput } }, async (req, reply) =>
      reply.send(ok(await core.advanceTestClock(principalOf(req), req.params.id, new Date(req.body.frozen_time)), test)),
    );
  }
}
