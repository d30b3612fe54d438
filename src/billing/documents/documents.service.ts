import { createHash } from 'node:crypto';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { getInvoice } from '../invoices/invoices.service.ts';
import { getCreditNote } from '../credit-notes/read-credit-notes.service.ts';
import { documentLogo } from '../settings/settings.service.ts';
import { creditNoteDocument, invoiceDocument } from './document-model.ts';
import type { DocumentModel } from './render-pdf.ts';
import type { DocumentCache } from './document-cache.ts';

/** A rendered document: its bytes, the file name to save it as, and whether the cache had it. */
export interface RenderedDocument {
  pdf: Buffer;
  filename: string;
  cached: boolean;
}

export interface DocumentDeps {
  sql: Sql;
  cache: DocumentCache;
  /** Renders a model to PDF bytes (on the render thread: document-renderer.ts). */
  render(model: DocumentModel): Promise<Buffer>;
}

/** The version a model is: a digest of all it shows (the logo's bytes included). */
function versionOf(model: DocumentModel): string {
  const { logo, ...shown } = model;
  return createHash('sha256')
    .update(JSON.stringify(shown))
    .update(logo ?? Buffer.alloc(0))
    .digest('base64url');
}

async function rendered(deps: DocumentDeps, id: string, model: DocumentModel): Promise<RenderedDocument> {
  const key = `${id}:${versionOf(model)}`;
  const filename = `${model.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
  const hit = deps.cache.get(key);
  if (hit) return { pdf: hit, filename, cached: true };
  const pdf = await deps.render(model);
  deps.cache.set(key, pdf);
  return { pdf, filename, cached: false };
}

/** `GET /invoices/{id}/pdf`: a finalized invoice's document. A draft has no number yet and changes: 409. */
export async function invoicePdf(deps: DocumentDeps, merchant: MerchantRef, id: string): Promise<RenderedDocument> {
  const invoice = await getInvoice(deps.sql, merchant, id);
  if (invoice.status === 'draft' || invoice.number === null) {
    throw BillingErrors.conflict(`Invoice ${id} is a draft: its document exists once it is finalized`);
  }
  return rendered(deps, id, invoiceDocument(invoice, await documentLogo(deps.sql, merchant)));
}

/** `GET /credit_notes/{id}/pdf`: a credit note's document, with the seller and bill-to of its invoice. */
export async function creditNotePdf(deps: DocumentDeps, merchant: MerchantRef, id: string): Promise<RenderedDocument> {
  const note = await getCreditNote(deps.sql, merchant, id);
  const invoice = await getInvoice(deps.sql, merchant, note.invoice_id);
  return rendered(deps, id, creditNoteDocument(note, invoice, await documentLogo(deps.sql, merchant)));
}
