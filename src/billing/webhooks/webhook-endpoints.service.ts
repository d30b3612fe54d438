import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { iso } from '../../platform/time.ts';
import type { Sql } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { sealText } from '../../platform/seal.ts';
import { EVENT_TYPES } from '../events/event-types.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import { checkWebhookUrl, type UrlPolicy } from './webhook-url.ts';

export const WebhookCreate = z.strictObject({
  url: z.string().min(1).max(2048),
  events: z
    .array(z.enum([...EVENT_TYPES, '*']))
    .min(1)
    .max(EVENT_TYPES.length + 1),
  test: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  created_at: string;
}

type EndpointRow = WebhookView;

const view = (r: EndpointRow): WebhookView => ({ ...r, created_at: iso(r.created_at) });
/** The associated data an endpoint's signing secret is sealed with: it opens only for its own endpoint. */
export const secretAad = (merchant: MerchantRef, id: string) => `${merchant.merchantId}|${merchant.environment}|${id}`;

/** Creates an endpoint; its signing secret is returned here only, and kept sealed. */
export async function createWebhook(
  db: Sql,
  merchant: MerchantRef,
  input: WebhookCreate,
  deps: { key: Buffer; policy: UrlPolicy; now: Date },
): Promise<WebhookView & { secret: string }> {
  // Production endpoints never reach private networks, whatever the deployment allows the sandbox.
  const policy = merchant.environment === 'production' ? { allowPrivateNetworks: false, allowHttp: false } : deps.policy;
  const problems = checkWebhookUrl(input.url, policy);
  if (problems.length) throw BillingErrors.validation(problems);
  const id = (await db.query<{ id: string }>('select gen_random_uuid() as id'))[0]!.id;
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const rows = await db.query<EndpointRow>(
    `insert into billing.webhook_endpoints (id, merchant_id, environment, url, events, secret_sealed, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, url, events, created_at`,
    [
      id,
      merchant.merchantId,
      merchant.environment,
      input.url,
      JSON.stringify([...new Set(input.events)]),
      sealText(deps.key, secret, secretAad(merchant, id)),
      deps.now,
    ],
  );
  return { ...view(rows[0]!), secret };
}

async function load(db: Sql, merchant: MerchantRef, id: string): Promise<EndpointRow> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<EndpointRow>(
        `select id, url, events, created_at from billing.webhook_endpoints where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null`,
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Webhook', id);
  return rows[0];
}

export async function getWebhook(db: Sql, merchant: MerchantRef, id: string): Promise<WebhookView> {
  return view(await load(db, merchant, id));
}

export function listWebhooks(db: Sql, merchant: MerchantRef, page: Page): Promise<Paginated<WebhookView>> {
  const scope = merchantScope('billing.webhook_endpoints', merchant);
  return readPage(
    db,
    page,
    {
      select: 'select id, url, events, created_at',
      orderBy: 'order by created_at desc, id desc',
      ...scope,
      from: `${scope.from} and deleted_at is null`,
    },
    view,
  );
}

/** Stops deliveries to the endpoint; its delivery history stays readable. */
export async function deleteWebhook(db: Sql, merchant: MerchantRef, id: string, now: Date): Promise<{ id: string; deleted: true }> {
  await load(db, merchant, id);
  await db.query('update billing.webhook_endpoints set deleted_at = $2 where id = $1', [id, now]);
  await db.query(`update billing.webhook_deliveries set status = 'cancelled' where endpoint_id = $1 and status = 'pending'`, [id]);
  return { id, deleted: true };
}
