import type { HttpServer } from '../platform/http/server-kit.ts';

/**
 * The ops listener's pages load nothing from outside: a strict Content-Security-Policy on every
 * answer (scripts, styles, images, fonts and requests from the listener itself only; no framing),
 * and the queue dashboard's page without the web-font stylesheet bull-board links from
 * fonts.googleapis.com (its text falls back to the system's sans-serif and monospace fonts).
 * bull-board's page styles some elements inline, hence `style-src 'unsafe-inline'`; no inline
 * script runs (its configuration rides in a JSON script element, which is data, not code).
 */
export const OPS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A `<link>` to a stylesheet or font on another origin, as bull-board's page has for Google Fonts. */
const EXTERNAL_LINK = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/gi;

export function serveSelfContained(app: HttpServer): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('content-security-policy', OPS_CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && typeof payload === 'string') return payload.replace(EXTERNAL_LINK, '');
    return payload;
  });
}
