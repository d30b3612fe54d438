import { z } from 'zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { list, ok } from '../platform/http/envelope.ts';
import { toPage } from '../platform/pagination.ts';
import { TaxRateCreate, TaxRateFilter, TaxSettingsUpdate, type BillingCore } from '../billing/billing-core.ts';
import { Listing, principalOf } from './route-kit.ts';

const Id = z.object({ id: z.uuid() });

/** Tax rates (created, read, archived; never changed) and the merchant's tax settings (docs/tax.md). */
export function registerTaxRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.post('/tax_rates', { schema: { body: TaxRateCreate } }, async (req, reply) =>
    reply.code(201).send(ok(await core.createTaxRate(principalOf(req), req.body), test)),
  );
  app.get('/tax_rates', { schema: { querystring: Listing.extend(TaxRateFilter.shape) } }, async (req, reply) =>
    reply.send(list(await core.taxRates(principalOf(req), toPage(req.query), req.query), test)),
  );
  app.get('/tax_rates/:id', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.taxRate(principalOf(req), req.params.id), test)),
  );
  app.post('/tax_rates/:id/archive', { schema: { params: Id } }, async (req, reply) =>
    reply.send(ok(await core.archiveTaxRate(principalOf(req), req.params.id), test)),
  );
  app.get('/settings/tax', async (req, reply) => reply.send(ok(await core.taxSettings(principalOf(req)), test)));
  app.put('/settings/tax', { schema: { body: TaxSettingsUpdate } }, async (req, reply) =>
    reply.send(ok(await core.putTaxSettings(principalOf(req), req.body), test)),
  );
}
