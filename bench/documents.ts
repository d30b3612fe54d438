/**
 * Invoice documents rendered per CPU-second (docs/benchmarks.md, "Documents"): three invoices of
 * five lines each (a German customer with 19% VAT and a discount, a Greek customer reverse-charged,
 * a Japanese customer), turned into their models and rendered to PDF as `GET /invoices/{id}/pdf`
 * does on a cache miss, fonts subset and embedded. The baseline, in the same run, is pdfkit's
 * floor: its minimal document (one A4 page with one ruled line, compressed, no text), what any
 * document costs before it holds anything; no invoice renders faster, so the ratio is the share
 * of that ceiling reached. (The same layout in the standard Helvetica is no ceiling: pdfkit parses
 * the font's AFM metrics for every document, which made it slower than the embedded Noto fonts.)
 *
 *   node bench/documents.ts --seconds 10 [--json out.json]
 *
 * CPU time (process.cpuUsage) is the measure: on a machine shared with other work, wall time
 * would count the others' turns. Target: at least 50 invoices per CPU-second (issue 26).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { invoiceDocument } from '../src/billing/documents/document-model.ts';
import PDFDocument from 'pdfkit';
import { renderPdf } from '../src/billing/documents/render-pdf.ts';
import type { InvoiceView } from '../src/billing/invoices/invoices.service.ts';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, json: { type: 'string' } } });
const SECONDS = Number(args.seconds);

const SELLER = {
  legal_name: 'Nordlicht Software GmbH',
  address: { line1: 'Torstraße 109', city: 'Berlin', postal_code: '10119', country: 'DE' },
  tax_id: 'DE811907980',
  email: 'billing@nordlicht.example',
  phone: '+49 30 1234567',
};

function invoice(n: number, name: string, address: Record<string, string>, reverseCharge: boolean): InvoiceView {
  const lines = [
    { kind: 'subscription', description: '3 × Pro (November)', quantity: 3, unit_amount: 2_990, amount: 8_970 },
    { kind: 'item', description: 'Onboarding session', quantity: 1, unit_amount: 15_000, amount: 15_000 },
    { kind: 'item', description: 'Extra seats', quantity: 4, unit_amount: 990, amount: 3_960 },
    { kind: 'proration', description: 'Unused time on Basic', quantity: 1, unit_amount: -1_200, amount: -1_200 },
    { kind: 'item', description: 'Priority support', quantity: 1, unit_amount: 4_900, amount: 4_900 },
  ].map((l, i) => {
    const discount = l.amount > 0 ? Math.round(l.amount / 10) : 0;
    const tax = reverseCharge ? 0 : Math.round(((l.amount - discount) * 19) / 100);
    return { id: `il_${i + 1}`, ...l, discount_amount: discount, tax_amount: tax, tax_rates: [] } as InvoiceView['lines'][number];
  });
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const discount = lines.reduce((s, l) => s + (l.discount_amount ?? 0), 0);
  const tax = lines.reduce((s, l) => s + (l.tax_amount ?? 0), 0);
  const total = subtotal - discount + tax;
  return {
    id: `7d7c6f0e-0000-4000-8000-00000000000${n}`,
    number: `INV-00004${n}`,
    subscription_id: '00000000-0000-4000-8000-000000000000',
    customer_id: null,
    kind: 'period',
    period_start: '2026-11-01T00:00:00.000Z',
    period_end: '2026-12-01T00:00:00.000Z',
    amount: total,
    currency: 'EUR',
    lines,
    subtotal,
    discount,
    tax,
    tax_breakdown: reverseCharge
      ? []
      : [{ tax_rate_id: 'r', display_name: 'MwSt.', percentage: '19', inclusive: false, taxable_amount: subtotal - discount, amount: tax }],
    total,
    amount_due: total,
    reverse_charge: reverseCharge,
    tax_note: reverseCharge
      ? 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)'
      : null,
    credit_applied: 0,
    credited_amount: 0,
    refunded_amount: 0,
    status: 'open',
    bill_to: { name, address, email: 'customer@example.test', tax_ids: [] },
    seller: SELLER,
    finalizes_at: null,
    finalized_at: '2026-11-01T00:00:00.000Z',
    next_attempt_at: null,
    paid_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    attempts: [],
    refunds: [],
    credit_notes: [],
  };
}

const INVOICES = [
  invoice(1, 'Jürgen Müller-Lüdenscheidt', { line1: 'Königsallee 27', city: 'Düsseldorf', postal_code: '40212', country: 'DE' }, false),
  invoice(2, 'Γιώργος Παπαδόπουλος', { line1: 'Οδός Ερμού 12', city: 'Αθήνα', postal_code: '10563', country: 'GR' }, true),
  invoice(3, '山田太郎', { line1: '千代田1-1', city: '東京都千代田区', postal_code: '100-0001', country: 'JP' }, false),
];

/** pdfkit's minimal document: one A4 page, one ruled line, compressed. */
function minimalPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', compress: true, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.moveTo(48, 48).lineTo(547, 48).stroke();
  doc.end();
  return done;
}

/** Renders the three invoices in turn for `seconds`: documents per CPU-second and per wall second, and their mean size. */
async function measure(label: string, render: (invoice: InvoiceView) => Promise<Buffer>) {
  // Warm-up: fonts parsed, code compiled.
  for (const inv of INVOICES) await render(inv);
  let n = 0;
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  while (performance.now() - wall0 < SECONDS * 1000) {
    bytes += (await render(INVOICES[n % INVOICES.length]!)).length;
    n++;
  }
  const wallS = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const result = { documents: n, cpuS, wallS, perCpuSecond: n / cpuS, perWallSecond: n / wallS, meanBytes: Math.round(bytes / n) };
  console.error(
    `${label}: ${n} documents, ${result.perCpuSecond.toFixed(1)} per CPU-second (${result.perWallSecond.toFixed(1)}/s wall), ${result.meanBytes} bytes each`,
  );
  return result;
}

const documents = await measure('invoices, Noto fonts embedded', (inv) => renderPdf(invoiceDocument(inv, null)));
const baseline = await measure("baseline, pdfkit's minimal document", () => minimalPdf());
const out = { documents, baseline, ratio: documents.perCpuSecond / baseline.perCpuSecond, seconds: SECONDS };
console.log(JSON.stringify(out));
if (args.json) await writeFile(args.json, JSON.stringify(out, null, 2) + '\n');
