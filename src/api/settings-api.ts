import type { HttpServer } from '../platform/http/server-kit.ts';
import { ok } from '../platform/http/envelope.ts';
import { BusinessSettingsUpdate, EmailSettingsUpdate, InvoicingSettingsUpdate, type BillingCore } from '../billing/billing-core.ts';
import { principalOf } from './route-kit.ts';

/** A merchant's settings, per environment: how invoices are drafted and numbered, who issues them, and the e-mails its customers receive. */
export function registerSettingsRoutes(app: HttpServer, core: BillingCore, test: boolean): void {
  app.get('/settings/invoicing', async (req, reply) => reply.send(ok(await core.invoicingSettings(principalOf(req)), test)));
  app.put('/settings/invoicing', { schema: { body: InvoicingSettingsUpdate } }, async (req, reply) =>
    reply.send(ok(await core.updateInvoicingSettings(principalOf(req), req.body), test)),
  );
  app.get('/settings/business', async (req, reply) => reply.send(ok(await core.businessSettings(principalOf(req)), test)));
  // A logo (256 KiB, in base64) does not fit the API's usual body limit: this route takes 512 KiB.
  app.put('/settings/business', { bodyLimit: 512 * 1024, schema: { body: BusinessSettingsUpdate } }, async (req, reply) =>
    reply.send(ok(await core.updateBusinessSettings(principalOf(req), req.body), test)),
  );
  app.get('/settings/emails', async (req, reply) => reply.send(ok(await core.emailSettings(principalOf(req)), test)));
  app.put('/settings/emails', { schema: { body: EmailSettingsUpdate } }, async (req, reply) =>
    reply.send(ok(await core.updateEmailSettings(principalOf(req), req.body), test)),
  );
}
