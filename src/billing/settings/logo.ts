import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { BillingErrors } from '../errors.ts';
import type { LogoView } from './merchant-settings.entity.ts';

/** A logo's size limit, as uploaded (decoded from base64). */
export const LOGO_MAX_BYTES = 256 * 1024;

/** `logo` of `PUT /settings/business`: the image's type and its bytes in base64; null removes it. */
export const LogoInput = z.strictObject({
  content_type: z.enum(['image/png', 'image/svg+xml'], 'logo.content_type must be image/png or image/svg+xml'),
  data: z
    .base64('logo.data must be the image in base64')
    .refine((d) => Buffer.byteLength(d, 'base64') <= LOGO_MAX_BYTES, `logo.data must be at most ${LOGO_MAX_BYTES / 1024} KiB (decoded)`),
});
export type LogoInput = z.infer<typeof LogoInput>;

/** A logo ready to store: the bytes uploaded and the PNG the documents draw. */
export interface CheckedLogo {
  contentType: LogoInput['content_type'];
  bytes: Buffer;
  png: Buffer;
}

const require = createRequire(import.meta.url);
const SVG_FONT = join(dirname(require.resolve('@embedpdf/fonts-latin')), '..', 'fonts', 'NotoSans-Regular.ttf');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an SVG logo may not hold: scripts, foreign content, and any reference outside the file
 * (`href`s and `url(...)`s other than `#fragment`, CSS imports). resvg never runs scripts, but it
 * would read a referenced image from the server's disk: such a logo is refused, not rendered.
 */
const SVG_FORBIDDEN: [RegExp, string][] = [
  [/<\s*script/i, 'a script'],
  [/<\s*foreignObject/i, 'foreignObject'],
  [/<!ENTITY/i, 'an entity declaration'],
  [/@import/i, 'a CSS @import'],
  [/href\s*=\s*["']\s*(?!#)/i, 'a reference outside the file'],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() outside the file'],
  [/\son[a-z]+\s*=/i, 'an event handler'],
];

const invalid = (message: string) => BillingErrors.validation([message]);

/** A PNG pdfkit can draw, or a 422 naming `logo.data`. */
function checkPng(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw invalid('logo.data is not a PNG image');
  try {
    // pdfkit reads the PNG as it will when drawing it (openImage is in its JS, not in its typings).
    (new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
  } catch {
    throw invalid('logo.data is not a PNG image that can be read');
  }
  return bytes;
}

/** Rasterizes an SVG (at most 600 px wide) with resvg: no system fonts (Noto Sans only), nothing fetched. */
function rasterizeSvg(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  if (!/<svg[\s>]/i.test(text)) throw invalid('logo.data is not an SVG image');
  for (const [pattern, what] of SVG_FORBIDDEN) {
    if (pattern.test(text)) throw invalid(`logo.data (SVG) may not contain ${what}`);
  }
  try {
    const resvg = new Resvg(text, {
      fitTo: { mode: 'width', value: 600 },
      font: { loadSystemFonts: false, fontFiles: [SVG_FONT], defaultFontFamily: 'Noto Sans' },
      logLevel: 'off',
    });
    if (resvg.width < 1 || resvg.height < 1) throw new Error('empty');
    return resvg.render().asPng();
  } catch {
    throw invalid('logo.data is not an SVG image that can be rendered');
  }
}

export function checkLogo(input: LogoInput): CheckedLogo {
  const bytes = Buffer.from(input.data, 'base64');
  const png = input.content_type === 'image/png' ? checkPng(bytes) : rasterizeSvg(bytes);
  return { contentType: input.content_type, bytes, png };
}

export function logoView(contentType: string | null, bytes: Buffer | null): LogoView | null {
  if (!contentType || !bytes) return null;
  return {
    content_type: contentType as LogoView['content_type'],
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
