import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { PlatformErrors } from '../platform/errors.ts';
import type { Principal } from '../platform/http/principal.ts';
import { CustomerCreate, CustomerFilter, CustomerUpdate, type BillingCore } from '../billing/billing-core.ts';
import { Listing, principalOf } from './route-kit.ts';

const Id = z.object({ id: z.uuid() });

/** A customer's currency is one the merchant may charge: its subscriptions bill in it. */
function permittedCurrency(principal: Principal, currency: string | null | undefined): void {
  if (currency && !principal.currencies.includes(currency)) {
    throw PlatformErrors.validation([`currency: ${currency} is not permitted for this merchant (${principal.currencies.join(', ')})`]);
  }
}

/** Customers: created (201), listed (by e-mail too), read, changed, deleted (409 while a subscription still bills), with their subscriptions and invoices. */
export function registerCustomerRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/customers', { schema: { body: CustomerCreate } }, async (req, reply) => {
    const principal = principalOf(req);
    permittedCurrency(principal, req.body.currency);
    return reply.code(201).send(ok(await core.createCustomer(principal, req.body), test));
  });
  app.get('/customers', { schema: { querystring: Listing.extend(CustomerFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.customers(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.get('/customers/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.customer(principalOf(req), req.params.id), test)),
  );
  app.put('/customers/:id', { schema: { params: Id, body: CustomerUpdate } }, async (req, reply) => {
    const principal = principalOf(req);
    permittedCurrency(principal, req.body.currency);
    return reply.send(ok(await core.updateCustomer(principal, req.params.id, req.body), test));
  });
  app.delete('/customers/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.deleteCustomer(principalOf(req), req.params.id), test)),
  );
  app.get('/customers/:id/subscriptions', { schema: { params: Id, querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.customerSubscriptions(principalOf(req), req.params.id, toPage(req.query)), test)),
  );
  app.get('/customers/:id/invoices', { schema: { params: Id, querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.customerInvoices(principalOf(req), req.params.id, toPage(req.query)), test)),
  );
  app.get('/customers/:id/emails', { schema: { params: Id, querystring: Listing } }, async (req, reply) =>
    reply.send(list(await core.customerEmails(principalOf(req), req.params.id, toPage(req.query)), test)),
  );
  app.get('/emails/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.email(principalOf(req), req.params.id), test)),
  );
}
