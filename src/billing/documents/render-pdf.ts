import PDFDocument from 'pdfkit';
import { documentFonts, textRuns, textWidth } from './fonts.ts';

/**
 * What a document shows, every value already a string: the invoice and credit-note views are
 * turned into this (document-model.ts), and this alone is drawn, so the layout never derives a
 * figure of its own.
 */
export interface DocumentModel {
  /** `Invoice` or `Credit note`. */
  title: string;
  number: string;
  /** Printed under the title: status, dates, the invoice a credit note corrects. */
  facts: [label: string, value: string][];
  seller: string[];
  billTo: string[];
  columns: Column[];
  rows: string[][];
  /** Per tax rate: the rate, what it taxed, what it came to. */
  taxes: string[][];
  totals: [label: string, value: string, strong: boolean][];
  /** Legal notes (the reverse charge's), a credit note's reason and memo. */
  notes: string[];
  footer: string;
  /** A PNG (an SVG logo is rasterized when the merchant sets it), drawn top left. */
  logo: Buffer | null;
  /** Written as the PDF's creation date, and the file ID is derived from it and the title: same model, same bytes. */
  createdAt: Date;
  author: string;
}

export interface Column {
  label: string;
  /** A share of the table's width. */
  width: number;
  align: 'left' | 'right';
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const GREY = '#555555';
const RULE = '#cccccc';

/**
 * OpenType features off (no kerning, ligatures or contextual forms): the fonts have precomposed
 * glyphs for the accented Latin and Greek letters and Japanese needs no shaping, and shaping was
 * most of a document's rendering time. Widths are then the glyphs' advances (`textWidth`).
 */
const NO_SHAPING = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'kern', 'ltra', 'ltrm', 'rvrn', 'curs', 'dist', 'vert'].map(
    (f) => [f, false],
  ),
) as unknown as PDFKit.Mixins.TextOptions['features'];

interface TextOptions {
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
  size?: number;
  color?: string;
}

/** Draws one line of text, face by face as the glyphs need (fonts.ts), cut with "…" where it would not fit. */
function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: TextOptions): void {
  const size = options.size ?? 9;
  const primary = options.bold ? 'bold' : 'regular';
  const measure = (s: string) => textRuns(s, primary).reduce((w, run) => w + textWidth(run.face, run.text, size), 0);
  let shown = text;
  if (measure(shown) > options.width) {
    const chars = [...text];
    while (chars.length > 0 && measure(`${chars.join('')}…`) > options.width) chars.pop();
    shown = `${chars.join('')}…`;
  }
  let cursor = options.align === 'right' ? x + options.width - measure(shown) : x;
  doc.fillColor(options.color ?? '#000000');
  for (const run of textRuns(shown, primary)) {
    doc.font(run.face).fontSize(size).text(run.text, cursor, y, { lineBreak: false, features: NO_SHAPING });
    cursor += textWidth(run.face, run.text, size);
  }
}

function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** Wraps a note into lines that fit the width (by words; a word longer than a line is cut by `line`). */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number, size: number): string[] {
  const out: string[] = [];
  let current = '';
  const fits = (s: string) => textRuns(s, 'regular').reduce((w, r) => w + textWidth(r.face, r.text, size), 0) <= width;
  // CJK text has no spaces: it may break between any two characters.
  const words = text.split(/(\s+)/).flatMap((w) => (/[\u3000-\u9fff]/.test(w) ? [...w] : [w]));
  for (const word of words) {
    const next = current + word;
    if (current !== '' && !fits(next)) {
      out.push(current.trimEnd());
      current = word.trimStart();
    } else current = next;
  }
  if (current.trim() !== '') out.push(current.trimEnd());
  return out;
}

/**
 * Renders a document model to PDF bytes with pdfkit: A4, the fonts of fonts.ts embedded as
 * subsets, the creation date and file ID fixed by the model (so the same model gives the same
 * bytes), compressed content streams.
 */
export function renderPdf(model: DocumentModel): Promise<Buffer> {
  const fonts = documentFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: true,
    bufferPages: true,
    info: {
      Title: `${model.title} ${model.number}`,
      Author: model.author,
      Subject: model.title,
      Creator: 'Recur',
      Producer: 'Recur (PDFKit)',
      CreationDate: model.createdAt,
      ModDate: model.createdAt,
    },
  });
  doc.registerFont('regular', fonts.regular as never);
  doc.registerFont('bold', fonts.bold as never);
  doc.registerFont('cjk', fonts.cjk as never);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const half = CONTENT_WIDTH / 2 - 12;

  // Header: the logo (or the seller's name) on the left, the title and number on the right.
  let y = PAGE.margin;
  if (model.logo) doc.image(model.logo, left, y, { fit: [160, 56] });
  line(doc, model.title.toUpperCase(), right - 240, y, { width: 240, align: 'right', bold: true, size: 20 });
  line(doc, model.number, right - 240, y + 28, { width: 240, align: 'right', bold: true, size: 11 });
  y += 64;
  for (const [label, value] of model.facts) {
    line(doc, label, right - 240, y, { width: 110, color: GREY });
    line(doc, value, right - 130, y, { width: 130, align: 'right' });
    y += 13;
  }
  y = Math.max(y, PAGE.margin + 64) + 12;

  // The seller and the customer billed, side by side.
  line(doc, 'From', left, y, { width: half, bold: true, color: GREY, size: 8 });
  line(doc, 'Bill to', left + half + 24, y, { width: half, bold: true, color: GREY, size: 8 });
  y += 13;
  const partyLines = Math.max(model.seller.length, model.billTo.length);
  for (let i = 0; i < partyLines; i++) {
    const bold = i === 0;
    if (model.seller[i] !== undefined) line(doc, model.seller[i]!, left, y, { width: half, bold });
    if (model.billTo[i] !== undefined) line(doc, model.billTo[i]!, left + half + 24, y, { width: half, bold });
    y += 12;
  }
  y += 16;

  // The lines, with a header row again on every page they run onto.
  const totalShare = model.columns.reduce((s, c) => s + c.width, 0);
  const widths = model.columns.map((c) => (c.width / totalShare) * CONTENT_WIDTH);
  const drawRow = (cells: string[], bold: boolean, color?: string) => {
    let x = left;
    cells.forEach((cell, i) => {
      const column = model.columns[i]!;
      line(doc, cell, x + (i === 0 ? 0 : 4), y, { width: widths[i]! - 4, align: column.align, bold, color });
      x += widths[i]!;
    });
    y += 14;
  };
  const header = () => {
    drawRow(
      model.columns.map((c) => c.label),
      true,
      GREY,
    );
    rule(doc, y - 3);
    y += 3;
  };
  const room = (needed: number, withHeader: boolean) => {
    if (y + needed <= BOTTOM) return;
    doc.addPage();
    y = PAGE.margin;
    if (withHeader) header();
  };
  header();
  for (const row of model.rows) {
    room(14, true);
    drawRow(row, false);
  }
  rule(doc, y);
  y += 10;

  // Taxes per rate, then the totals, on the right.
  const labelX = right - 300;
  if (model.taxes.length > 0) {
    room(14 * (model.taxes.length + 1), false);
    line(doc, 'Tax', labelX, y, { width: 100, bold: true, color: GREY, size: 8 });
    line(doc, 'Taxable', right - 190, y, { width: 90, align: 'right', bold: true, color: GREY, size: 8 });
    line(doc, 'Amount', right - 90, y, { width: 90, align: 'right', bold: true, color: GREY, size: 8 });
    y += 13;
    for (const [label, taxable, amount] of model.taxes) {
      line(doc, label!, labelX, y, { width: 110 });
      line(doc, taxable!, right - 190, y, { width: 90, align: 'right' });
      line(doc, amount!, right - 90, y, { width: 90, align: 'right' });
      y += 13;
    }
    y += 8;
  }
  room(15 * model.totals.length, false);
  for (const [label, value, strong] of model.totals) {
    line(doc, label, labelX, y, { width: 180, bold: strong, size: strong ? 10 : 9 });
    line(doc, value, right - 120, y, { width: 120, align: 'right', bold: strong, size: strong ? 10 : 9 });
    y += strong ? 16 : 14;
  }
  y += 12;

  for (const note of model.notes) {
    for (const text of wrap(doc, note, CONTENT_WIDTH, 8.5)) {
      room(12, false);
      line(doc, text, left, y, { width: CONTENT_WIDTH, size: 8.5 });
      y += 12;
    }
    y += 4;
  }

  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    line(doc, model.footer, left, PAGE.height - PAGE.margin, { width: CONTENT_WIDTH, size: 7, color: GREY });
  }
  doc.end();
  return done;
}
