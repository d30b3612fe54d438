import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type HttpResult, type TestApp } from '../helpers/test-app.ts';
import { connect } from '../helpers/database.ts';
import { APPROVE, createCard, createPlan, subscribe } from '../helpers/billing.ts';
import { randomUUID } from 'node:crypto';
import { findCardNumbers, scrubCardNumbers } from '../../src/platform/pan-scrub.ts';

// RELIABILITY.md I6: a card number a client types into a free-text field of either API is
// refused, with an error that names the field and does not repeat it, and it is found
// nowhere afterwards: not in PostgreSQL, Redis, the logs, or any answer (body or header).

const PAN = '4000056655665556';
const FORMS = [PAN, '4000 0566 5566 5556', '4000-0566-5566-5556', `order ${PAN} of today`];

let app: TestApp;
let api: ApiClient;
let cardToken: string;
let planId: string;
let subscriptionId: string;
let purchaseId: string;
const answers: HttpResult[] = [];

async function sent(res: Promise<HttpResult>): Promise<HttpResult> {
  const answer = await res;
  answers.push(answer);
  return answer;
}

/** The answer refuses the request with a 422 naming `field`, and repeats no card number. */
function refused(res: HttpResult, field: string): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body).toMatchObject({ successful: false, response: null });
  expect(res.body.errors).toContain(`${field} may not contain a card number`);
  expect(findCardNumbers(res.text)).toEqual([]);
}

beforeAll(async () => {
  app = await startTestApp();
  api = app.client('sandbox', (await app.newMerchant('Free Text Shop')).sandbox);
  cardToken = (await createCard(api, APPROVE)).token;
  planId = (await createPlan(api)).id;
  subscriptionId = (await subscribe(api, { plan_id: planId, card_token: cardToken })).id;
  const purchase = await api.post('/purchases', { amount: 1000, currency: 'AUD', reference: 'ft-1', card_token: cardToken });
  expect(purchase.status).toBe(200);
  purchaseId = purchase.body.response.id;
});
afterAll(async () => {
  await app?.close();
});

describe('a card number in a free-text field', () => {
  for (const form of FORMS) {
    it(`is refused in every field of the gateway API (${form})`, async () => {
      const purchase = { amount: 1000, currency: 'AUD', reference: 'ft-ok', card_token: cardToken };
      refused(await sent(api.post('/purchases', { ...purchase, reference: form })), 'reference');
      refused(await sent(api.post('/purchases', { ...purchase, metadata: { note: form } })), 'metadata.note');
      refused(await sent(api.post('/purchases', { ...purchase, metadata: { [form]: 'x' } })), 'metadata.<key>');
      refused(await sent(api.post('/purchases', { ...purchase, customer_ip: form })), 'customer_ip');
      refused(
        await sent(api.post('/purchases', { ...purchase, extra: { authorization_tracking_id: form } })),
        'extra.authorization_tracking_id',
      );
      refused(await sent(api.post('/purchases', { ...purchase, card_token: form })), 'card_token');
      refused(
        await sent(
          api.post('/purchases', {
            amount: 1000,
            currency: 'AUD',
            reference: 'ft-raw',
            card_holder: form,
            card_number: APPROVE,
            card_expiry: '12/2039',
            cvv: '123',
          }),
        ),
        'card_holder',
      );
      refused(await sent(api.post('/refunds', { amount: 10, transaction_id: purchaseId, reference: form })), 'reference');
      refused(await sent(api.post('/refunds', { amount: 10, transaction_id: form, reference: 'ft-r' })), 'transaction_id');
      refused(
        await sent(api.post('/credit_cards', { card_holder: 'Jo', card_number: APPROVE, card_expiry: '12/2039', cvv: '123', alias: form })),
        'alias',
      );
      refused(await sent(api.put(`/credit_cards/${cardToken}`, { alias: form })), 'alias');
      refused(await sent(api.get(`/health?echo=${encodeURIComponent(form)}`)), 'query.echo');
      refused(await sent(api.get(`/purchases?reference=${encodeURIComponent(form)}`)), 'query.reference');
    });

    it(`is refused in every field of the billing API (${form})`, async () => {
      refused(await sent(api.post('/plans', { name: form, amount: 1500, currency: 'AUD', interval: 'month' })), 'name');
      const subscription = { plan_id: planId, card_token: cardToken, customer_reference: 'c-1' };
      refused(await sent(api.post('/subscriptions', { ...subscription, customer_reference: form })), 'customer_reference');
      refused(await sent(api.post('/subscriptions', { ...subscription, metadata: { note: form } })), 'metadata.note');
      refused(await sent(api.post('/subscriptions', { ...subscription, metadata: { [form]: 'x' } })), 'metadata.<key>');
      refused(await sent(api.post('/subscriptions', { ...subscription, card_token: form })), 'card_token');
      refused(await sent(api.post('/subscriptions', { ...subscription, plan_id: form })), 'plan_id');
      refused(await sent(api.put(`/subscriptions/${subscriptionId}`, { metadata: { note: form } })), 'metadata.note');
      refused(await sent(api.put(`/subscriptions/${subscriptionId}`, { card_token: form })), 'card_token');
      const host = form.replace(/ /g, '-');
      refused(await sent(api.post('/webhooks', { url: `https://${host}.example.com/hook`, events: ['*'] })), 'url');
      refused(
        await sent(api.post('/webhooks', { url: `https://example.com/hook?card=${encodeURIComponent(form)}`, events: ['*'] })),
        'url',
      );
      refused(await sent(api.get(`/subscriptions?customer_reference=${encodeURIComponent(form)}`)), 'query.customer_reference');
      const idempotent = await sent(
        api.post('/plans', { name: 'Fine', amount: 1500, currency: 'AUD', interval: 'month' }, { 'idempotency-key': form }),
      );
      refused(idempotent, 'idempotency-key header');
    });

    it(`is masked where an answer repeats an id or a value (${form})`, async () => {
      const path = encodeURIComponent(form);
      for (const res of [
        await sent(api.get(`/credit_cards/${path}`)),
        await sent(api.get(`/purchases/${path}`)),
        await sent(api.get(`/refunds/${path}`)),
        await sent(api.get(`/plans/${path}`)),
        await sent(api.post(`/invoices/${path}/retry`, {})),
        await sent(api.get(`/nowhere/${path}`)),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.successful).toBe(false);
        expect(findCardNumbers(res.text)).toEqual([]);
      }
      const requestId = form.replace(/ /g, '-');
      const res = await sent(api.raw('GET', '/health', { headers: { 'x-request-id': requestId } }));
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(findCardNumbers(String(res.headers['x-request-id']))).toEqual([]);
    });
  }

  it('is still taken where it belongs: card_number, sealed in the vault', async () => {
    const res = await sent(
      api.post('/purchases', {
        amount: 1000,
        currency: 'AUD',
        reference: 'ft-card',
        card_holder: 'Jo',
        card_number: APPROVE,
        card_expiry: '12/2039',
        cvv: '123',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.response.card_number).toBe('512345XXXXXX2346');
    const misplaced = await sent(
      api.post('/purchases', {
        amount: 1000,
        currency: 'AUD',
        reference: 'ft-card-2',
        card_token: cardToken,
        metadata: { card_number: PAN },
      }),
    );
    refused(misplaced, 'metadata.card_number');
  });
});

/** The card number above as people and programs write it, beyond plain digits, spaces and dashes. */
const PRINTED: Record<string, string> = {
  dots: '4000.0566.5566.5556',
  tabs: '4000\t0566\t5566\t5556',
  'two spaces': '4000  0566  5566  5556',
  'no-break spaces': '4000\u00a00566\u00a05566\u00a05556',
  slashes: '4000/0566/5566/5556',
  underscores: '4000_0566_5566_5556',
  'en dashes': '4000\u20130566\u20135566\u20135556',
  'em dashes': '4000\u20140566\u20145566\u20145556',
  'zero-width spaces': [...PAN].join('\u200b'),
  'full-width digits': PAN.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
};
/** Header values are Latin-1: the forms a client can send in one. */
const IN_HEADERS = ['dots', 'tabs', 'two spaces', 'no-break spaces', 'slashes', 'underscores'];
const AMEX = '3782.822463.10005';

describe('a card number written with other separators, invisible characters or full-width digits', () => {
  for (const [name, form] of [...Object.entries(PRINTED), ['4-6-5 (American Express) by dots', AMEX] as const]) {
    it(`is refused with a 422 naming the field (${name})`, async () => {
      const purchase = { amount: 1000, currency: 'AUD', reference: 'ft-ok', card_token: cardToken };
      refused(await sent(api.post('/purchases', { ...purchase, reference: form })), 'reference');
      refused(await sent(api.post('/purchases', { ...purchase, metadata: { note: `card ${form} from the phone` } })), 'metadata.note');
      refused(await sent(api.put(`/credit_cards/${cardToken}`, { alias: form })), 'alias');
      refused(await sent(api.post('/plans', { name: form, amount: 1500, currency: 'AUD', interval: 'month' })), 'name');
      refused(await sent(api.get(`/purchases?reference=${encodeURIComponent(form)}`)), 'query.reference');
      if (IN_HEADERS.includes(name)) {
        const plan = { name: 'Fine', amount: 1500, currency: 'AUD', interval: 'month' };
        refused(await sent(api.post('/plans', plan, { 'idempotency-key': `k ${form}` })), 'idempotency-key header');
      }
      const path = await sent(api.get(`/credit_cards/${encodeURIComponent(form)}`));
      expect(path.status).toBe(404);
      expect(findCardNumbers(path.text)).toEqual([]);
    });
  }

  it('is refused in an Idempotency-Key sent as UTF-8 bytes (en dashes, full-width digits)', async () => {
    const plan = { name: 'Fine', amount: 1500, currency: 'AUD', interval: 'month' };
    for (const form of [PRINTED['en dashes']!, PRINTED['full-width digits']!]) {
      // Header values travel as bytes; Node reads them as Latin-1.
      const bytes = Buffer.from(`k ${form}`, 'utf8').toString('latin1');
      refused(await sent(api.post('/plans', plan, { 'idempotency-key': bytes })), 'idempotency-key header');
    }
  });

  it('in an X-Request-Id is not echoed: the answer and its log lines carry an id of their own', async () => {
    const given = '4111.1111.1111.1111';
    const res = await sent(api.raw('GET', '/health', { headers: { 'x-request-id': given } }));
    expect(res.status).toBe(200);
    const echoed = String(res.headers['x-request-id']);
    expect(echoed).not.toBe(given);
    expect(echoed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(app.logs.join('\n')).not.toContain(given);
  });
});

describe('ordinary values that hold a Luhn-valid run of digits', () => {
  const MILLIS = '1795939200006'; // 2026-11-28T08:00:00.006Z: Luhn-valid, and of no card scheme

  it('a millisecond count in a purchase reference, a plan name and a subscription reference is taken', async () => {
    const reference = `order-${MILLIS}`;
    const purchase = await sent(api.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: cardToken }));
    expect(purchase.status, purchase.text).toBe(200);
    expect(purchase.body.response.reference).toBe(reference);
    const plan = await sent(api.post('/plans', { name: `Plan ${MILLIS}`, amount: 1500, currency: 'AUD', interval: 'month' }));
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.response.name).toBe(`Plan ${MILLIS}`);
    const sub = await sent(
      api.post('/subscriptions', {
        plan_id: planId,
        card_token: cardToken,
        customer_reference: `cust-${MILLIS}`,
        metadata: { at: MILLIS },
      }),
    );
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.response).toMatchObject({ customer_reference: `cust-${MILLIS}`, metadata: { at: MILLIS } });
  });

  it('a millisecond count in an Idempotency-Key is taken, and the retry answers the same plan', async () => {
    const key = 'k-1764071234579';
    const plan = { name: 'Keyed', amount: 1500, currency: 'AUD', interval: 'month' };
    const first = await sent(api.post('/plans', plan, { 'idempotency-key': key }));
    expect(first.status, first.text).toBe(201);
    const again = await sent(api.post('/plans', plan, { 'idempotency-key': key }));
    expect(again.status).toBe(201);
    expect(again.body.response.id).toBe(first.body.response.id);
  });

  it('a millisecond count in a card alias is taken', async () => {
    const alias = 'cust-1764071234579';
    const card = await sent(
      api.post('/credit_cards', { card_holder: 'Jo', card_number: APPROVE, card_expiry: '12/2039', cvv: '123', alias }),
    );
    expect(card.status, card.text).toBe(200);
    expect(card.body.response.alias).toBe(alias);
    const found = await sent(api.get(`/credit_cards/${alias}`));
    expect(found.status).toBe(200);
    expect(found.body.response.alias).toBe(alias);
  });

  it('a Python client reference (a random decimal) and a hex id are taken', async () => {
    for (const reference of ['pytest-0.665963299105887', 'c0ffee1764071234579eabcdefabcdef']) {
      const res = await sent(api.post('/purchases', { amount: 1000, currency: 'AUD', reference, card_token: cardToken }));
      expect(res.status, res.text).toBe(200);
      expect(res.body.response.reference).toBe(reference);
    }
  });

  it('a millisecond count in an X-Request-Id is echoed as sent', async () => {
    const res = await sent(api.raw('GET', '/health', { headers: { 'x-request-id': `req-${MILLIS}` } }));
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(`req-${MILLIS}`);
  });
});

describe('what counts as a card number', () => {
  it('not a UUID, nor a UUID with a suffix (a charge reference), though one in a few hundred holds a Luhn-valid run', () => {
    for (let i = 0; i < 20_000; i++) {
      const id = randomUUID();
      for (const text of [id, `${id}-${(i % 9) + 1}`, `Plan ${id} could not be found`]) {
        expect(findCardNumbers(text), text).toEqual([]);
        expect(scrubCardNumbers(text)).toBe(text);
      }
    }
    // A UUID whose groups hold a Luhn-valid run of 16 digits, and the same digits in card form.
    expect(findCardNumbers('40000566-5566-4556-8000-0000000000ab')).toEqual([]);
    expect(findCardNumbers(`4000-0566-5566-5556, ${randomUUID()}`)).toEqual([PAN]);
  });
});

describe('after all of the above', () => {
  it('no answer, header, log line, database row or Redis value holds the card number', async () => {
    for (const answer of answers) {
      expect(findCardNumbers(answer.text)).toEqual([]);
      expect(findCardNumbers(JSON.stringify(answer.headers))).toEqual([]);
    }
    expect(findCardNumbers(app.logs.join('\n'))).not.toContain(PAN);

    const db = await connect(app.config.DATABASE_URL);
    try {
      const { rows: tables } = await db.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(10);
      for (const { schema, name } of tables) {
        // The sealed PAN is ciphertext (random bytes), checked by card-data.test.ts.
        const { rows } = await db.query(`select (to_jsonb(t) - 'pan_sealed')::text as row from "${schema}"."${name}" t`);
        const text = rows.map((r) => r.row).join('\n');
        expect(findCardNumbers(text), `${schema}.${name}`).not.toContain(PAN);
      }
    } finally {
      await db.end();
    }

    // On the PostgreSQL queue backend the queues are tables, scanned above.
    const redis = app.runtime.redis;
    if (!redis) return;
    let cursor = '0';
    let scanned = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${app.config.REDIS_PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        scanned++;
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, 0, -1)
                    : type === 'stream'
                      ? await redis.xrange(key, '-', '+')
                      : null;
        const text = `${key}\n${JSON.stringify(value)}`;
        expect(findCardNumbers(text), key).not.toContain(PAN);
      }
    } while (cursor !== '0');
    // The subscription created above queued its first charge: the scan saw Recur's keys.
    expect(scanned).toBeGreaterThan(0);
  });
});
