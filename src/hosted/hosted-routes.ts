import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BillingCore, LinkObject } from '../billing/billing-core.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import { formatMoney } from '../platform/money-format.ts';
import type { HostedLinks, VerifiedLink } from '../platform/hosted-links.ts';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { HOSTED_CSS } from './hosted-css.ts';
import { cardPage, cardSavedPage, invoicePage, messagePage, paymentOutcome, type FormState, type PageInvoice } from './hosted-views.ts';

/** No script at all, styles only from Recur, forms only back to Recur, never framed. */
export const HOSTED_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Requests per minute to the pages, per client address and per link; card submissions per link in 15 minutes. */
export const HOSTED_RATE_LIMITS = { perAddressPerMinute: 120, perLinkPerMinute: 30, submissionsPerLink: 10 } as const;

export interface HostedDeps {
  billing: BillingCore;
  links: HostedLinks;
  environment: 'sandbox' | 'production';
  now(): Date;
  /** Keys the CSRF cookie's signature and its tokens' binding to the link (32 bytes). */
  cookieKey: Buffer;
  /**
   * Where the rate limits count: the producers' Redis (its prefix names the keys), so that every
   * process and listener of a deployment counts one client and one link together; null (the
   * PostgreSQL queue backend, one process) counts in this process's memory.
   */
  rateLimits: { redis: Redis; prefix: string } | null;
}

/** The card form, as posted (a browser's form encoding); unknown fields are refused. */
const CardForm = z.strictObject({
  _csrf: z.string().max(200),
  card_holder: z.string().max(255).default(''),
  card_number: z.string().max(40).default(''),
  card_expiry: z.string().max(10).default(''),
  cvv: z.string().max(10).default(''),
});

class PageError extends Error {
  readonly statusCode: number;
  readonly heading: string;
  constructor(statusCode: number, heading: string, text: string) {
    super(text);
    this.statusCode = statusCode;
    this.heading = heading;
  }
}

const NOT_FOUND = () =>
  new PageError(404, 'Link not found', 'This link is not valid. Check that it was copied whole, or ask the sender for a new one.');

interface Resolved {
  link: VerifiedLink;
  object: LinkObject;
  merchant: MerchantRef;
}

/**
 * The customer pages (invoice, card update) behind signed links, on this environment's API
 * listener, outside `/v1.0` and its Basic auth: the link is the credential, for one object and
 * one purpose. Every answer is HTML with a strict CSP; what goes wrong is a page with its status
 * (404 unknown, 410 expired, used or revoked), never a trace.
 */
export async function registerHostedRoutes(app: HttpServer, deps: HostedDeps): Promise<void> {
  const sandbox = deps.environment === 'sandbox';
  await app.register(fastifyCookie, { secret: deps.cookieKey.toString('base64') });
  await app.register(fastifyFormbody, { bodyLimit: 4096 });
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'recur_csrf',
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: true, signed: true },
    // Each form's token is bound to its link: a token from one link's page is refused on another's.
    getUserInfo: (req) => linkIdOf(req),
    csrfOpts: { hmacKey: deps.cookieKey.toString('base64') },
  });
  if (deps.rateLimits) {
    // A connection of its own that fails fast: the producers' client waits for Redis forever (BullMQ's
    // setting), and a page must not hang on its limits. While Redis is unreachable the limits are
    // skipped (a customer can still pay or update a card) and the failure is logged.
    const redis = deps.rateLimits.redis.duplicate({ maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'hosted pages: rate-limit store unreachable'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await app.register(fastifyRateLimit, { global: false, redis, nameSpace: `${deps.rateLimits.prefix}:hosted-rate:`, skipOnError: true });
  } else await app.register(fastifyRateLimit, { global: false });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', HOSTED_CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // The token is in the path: no page may pass it on as a Referer.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    let status = err instanceof PageError ? err.statusCode : (err.statusCode ?? 500);
    let heading = err instanceof PageError ? err.heading : 'Something went wrong';
    let text = err instanceof PageError ? err.message : 'The page could not be shown. Please try again in a moment.';
    if (!(err instanceof PageError)) {
      if (status === 429) [heading, text] = ['Too many requests', 'Please wait a minute, then try again.'];
      else if (err.code?.startsWith('FST_CSRF')) {
        [status, heading, text] = [403, 'The form expired', 'Please go back, reload the page and submit the form again.'];
      } else if (status >= 400 && status < 500)
        [heading, text] = ['The request was not understood', 'Please reload the page and try again.'];
      else {
        status = 500;
        // The error is logged without the request body (request logging is off; bodies are never logged).
        req.log.error({ err: { message: err.message, code: err.code } }, 'hosted page failed');
      }
    }
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(messagePage(sandbox, heading, text));
  });

  // Each limit counts on its own (the plugin's hook runs one limit per request, so they are checked here in turn).
  const limiter = (max: number, timeWindow: number, key: (req: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: key });
  const perAddress = limiter(HOSTED_RATE_LIMITS.perAddressPerMinute, 60_000, (req) => `a:${req.ip}`);
  const perLink = limiter(HOSTED_RATE_LIMITS.perLinkPerMinute, 60_000, (req) => `l:${linkIdOf(req)}`);
  const perLinkSubmissions = limiter(HOSTED_RATE_LIMITS.submissionsPerLink, 15 * 60_000, (req) => `s:${linkIdOf(req)}`);
  const within = (...limits: ReturnType<typeof limiter>[]) =>
    async function rateLimited(req: FastifyRequest) {
      for (const limit of limits) {
        const result = await limit(req);
        if (!result.isAllowed && result.isExceeded) throw new PageError(429, 'Too many requests', 'Please wait a minute, then try again.');
      }
    };
  const limited = { schema: { hide: true }, onRequest: within(perAddress, perLink) };
  const submitted = { schema: { hide: true }, onRequest: within(perAddress, perLink, perLinkSubmissions), preHandler: app.csrfProtection };

  app.get('/hosted/hosted.css', { schema: { hide: true } }, async (_req, reply) => reply.type('text/css; charset=utf-8').send(HOSTED_CSS));

  /** Verifies the token and finds its object; a link of another purpose, environment or merchant is not found. */
  async function resolve(req: FastifyRequest, purpose: 'invoice' | 'card_update'): Promise<Resolved> {
    const token = (req.params as { token: string }).token;
    const check = deps.links.verify(token, deps.now());
    if (!check.ok) {
      if (check.reason === 'expired')
        throw new PageError(410, 'This link has expired', 'Links to this page last a limited time. Ask the sender for a new one.');
      throw NOT_FOUND();
    }
    const { link } = check;
    if (link.purpose !== purpose || link.environment !== deps.environment) throw NOT_FOUND();
    const object = await deps.billing.linkObject(link);
    if (!object) throw NOT_FOUND();
    const mark = await deps.billing.linkMark(object.merchant, link.linkId);
    if (mark === 'revoked') throw new PageError(410, 'This link was withdrawn', 'The sender withdrew this link. Ask them for a new one.');
    if (mark === 'used')
      throw new PageError(
        410,
        'This link was already used',
        'A new card was already saved with this link. Ask the sender for a new one if you need to change it again.',
      );
    return { link, object, merchant: object.merchant };
  }

  const send = (reply: FastifyReply, status: number, page: string) => reply.code(status).type('text/html; charset=utf-8').send(page);

  async function showInvoice(
    req: FastifyRequest,
    reply: FastifyReply,
    r: Resolved,
    status: number,
    form: Omit<FormState, 'csrf'>,
    outcome = null as ReturnType<typeof paymentOutcome> | null,
  ) {
    const invoice = (await deps.billing.invoice(r.merchant, r.object.id)) as PageInvoice;
    const csrf = reply.generateCsrf({ userInfo: r.link.linkId });
    const pdf = `${req.url.split('?')[0]!.replace(/\/$/, '')}/pdf`;
    return send(reply, status, invoicePage(sandbox, invoice, { pdf }, { csrf, ...form }, outcome));
  }

  app.get('/pay/:token', limited, async (req, reply) => showInvoice(req, reply, await resolve(req, 'invoice'), 200, {}));

  app.get('/pay/:token/pdf', limited, async (req, reply) => {
    const r = await resolve(req, 'invoice');
    const doc = await deps.billing.invoicePdf(r.merchant, r.object.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.filename}"`).send(doc.pdf);
  });

  app.post('/pay/:token', submitted, async (req, reply) => {
    const r = await resolve(req, 'invoice');
    const form = parseForm(req.body);
    const invoice = await deps.billing.invoice(r.merchant, r.object.id);
    if (invoice.status !== 'open' && invoice.status !== 'past_due') return showInvoice(req, reply, r, 409, {});
    const outcome = await deps.billing.updateCardFromLink(r.object, form.card, r.object.id);
    if (outcome.kind === 'invalid') return showInvoice(req, reply, r, 422, { ...form.kept, errors: outcome.messages });
    const tried = outcome.invoices.find((i) => i.id === r.object.id);
    const paid = tried?.status === 'paid';
    return showInvoice(req, reply, r, 200, paid ? {} : form.kept, paymentOutcome(paid, tried?.message ?? null));
  });

  async function cardSubject(r: Resolved) {
    const business = await deps.billing.businessSettings(r.merchant);
    let customer: string | null = null;
    const customerId = r.object.kind === 'customer' ? r.object.id : (await deps.billing.subscription(r.merchant, r.object.id)).customer_id;
    if (customerId) customer = (await deps.billing.customer(r.merchant, customerId)).name ?? null;
    return { merchant: (business as { legal_name?: string | null }).legal_name ?? null, customer };
  }

  app.get('/card/:token', limited, async (req, reply) => {
    const r = await resolve(req, 'card_update');
    return send(reply, 200, cardPage(sandbox, await cardSubject(r), { csrf: reply.generateCsrf({ userInfo: r.link.linkId }) }));
  });

  app.post('/card/:token', submitted, async (req, reply) => {
    const r = await resolve(req, 'card_update');
    const form = parseForm(req.body);
    const outcome = await deps.billing.updateCardFromLink(r.object, form.card);
    if (outcome.kind === 'invalid') {
      const csrf = reply.generateCsrf({ userInfo: r.link.linkId });
      return send(reply, 422, cardPage(sandbox, await cardSubject(r), { csrf, ...form.kept, errors: outcome.messages }));
    }
    // The link served: it shows "already used" from now on.
    await deps.billing.markLinkUsed(r.merchant, r.link.linkId);
    const invoices = await Promise.all(
      outcome.invoices.map(async (tried) => {
        const inv = await deps.billing.invoice(r.merchant, tried.id);
        return { number: inv.number, status: tried.status, amount: formatMoney(inv.amount_due, inv.currency), message: tried.message };
      }),
    );
    return send(reply, 200, cardSavedPage(sandbox, outcome.card.masked, invoices));
  });
}

/** The link id a request's token names (its nonce), or the token itself while unverified: the key of its rate limits and CSRF tokens. */
function linkIdOf(req: FastifyRequest): string {
  const token = (req.params as { token?: string }).token ?? '';
  const body = token.split('.')[1] ?? '';
  const payload = Buffer.from(body, 'base64url');
  return payload.length === 35 ? payload.subarray(27).toString('hex') : token.slice(0, 64);
}

/** `MM/YY` as printed on cards, read as `MM/20YY` (the gateway's form); anything else is passed on as typed. */
function fullExpiry(typed: string): string {
  const compact = typed.replace(/\s/g, '');
  const short = /^(\d{1,2})\/(\d{2})$/.exec(compact);
  return short ? `${short[1]!.padStart(2, '0')}/20${short[2]}` : compact;
}

function parseForm(body: unknown) {
  const parsed = CardForm.safeParse(body ?? {});
  if (!parsed.success) throw new PageError(400, 'The form was not understood', 'Please reload the page and submit the form again.');
  const f = parsed.data;
  return {
    card: { holder: f.card_holder, number: f.card_number.replace(/[\s-]/g, ''), expiry: fullExpiry(f.card_expiry), cvv: f.cvv.trim() },
    // Shown again after a refusal: the name and expiry only, never the number or the CVV.
    kept: { holder: f.card_holder, expiry: f.card_expiry },
  };
}
