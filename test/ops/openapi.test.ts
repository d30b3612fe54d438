import { readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { fetchPath } from '../helpers/ops.ts';
import { OPERATION_DOCS } from '../../src/composition/operation-docs.ts';

// The API described for its users (issue 5): an OpenAPI 3.1 document served without credentials
// at /v1.0/openapi.json, listing every route each listener serves, and a browsable UI.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The gateway's route file and every billing route file (each file of src/api registers its own). */
const ROUTE_FILES = [
  'src/gateway/api/gateway-api.ts',
  ...readdirSync(resolve(ROOT, 'src/api'))
    .filter((f) => f.endsWith('-api.ts'))
    .sort()
    .map((f) => `src/api/${f}`),
];
const PREFIX = '/v1.0';

interface Route {
  method: string;
  path: string;
  sandboxOnly: boolean;
}

/**
 * The routes the API registers, read from the route files themselves, so that a route added
 * without documentation fails here. Both files register their sandbox-only routes last, inside
 * `if (environment === 'sandbox')`.
 */
function declaredRoutes(): Route[] {
  const routes: Route[] = [];
  for (const file of ROUTE_FILES) {
    const source = readFileSync(resolve(ROOT, file), 'utf8');
    const sandboxFrom = source.indexOf("if (environment === 'sandbox')");
    for (const match of source.matchAll(/\bapp\.(get|post|put|patch|delete)\(\s*'([^']+)'(.*)/g)) {
      // A route registered again under a second spelling (`//void`) is hidden from the document.
      if (match[3]!.includes('hide: true')) continue;
      routes.push({
        method: match[1]!,
        path: PREFIX + match[2]!.replace(/:([A-Za-z_]+)/g, '{$1}'),
        sandboxOnly: sandboxFrom >= 0 && match.index > sandboxFrom,
      });
    }
  }
  return routes;
}

function key(route: { method: string; path: string }): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

let app: TestApp;
let sandboxDoc: any;
let productionDoc: any;

beforeAll(async () => {
  app = await startTestApp();
  const sandbox = await fetchPath(app.agent, app.listeners.urls.sandbox!, `${PREFIX}/openapi.json`);
  expect(sandbox.status, sandbox.text).toBe(200);
  sandboxDoc = sandbox.body;
  const production = await fetchPath(app.agent, app.listeners.urls.production, `${PREFIX}/openapi.json`);
  expect(production.status, production.text).toBe(200);
  productionDoc = production.body;
});
afterAll(async () => {
  await app?.close();
});

function documentedOperations(doc: any): string[] {
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => methods.has(m))
      .map((m) => key({ method: m, path })),
  );
}

/** Follows a `$ref` into `components` (zod's registry may hoist a schema there). */
function deref(doc: any, schema: any): any {
  if (!schema?.$ref) return schema;
  const path = String(schema.$ref).replace(/^#\//, '').split('/');
  return deref(
    doc,
    path.reduce((node, part) => node?.[part], doc),
  );
}

function requestSchema(doc: any, method: string, path: string): any {
  const body = doc.paths[path]?.[method]?.requestBody;
  expect(body, `${method.toUpperCase()} ${path} documents its body`).toBeDefined();
  return deref(doc, body.content['application/json'].schema);
}

describe('OpenAPI document', () => {
  it('is served without credentials on both listeners, as OpenAPI 3.1.0 JSON', async () => {
    for (const origin of [app.listeners.urls.sandbox!, app.listeners.urls.production]) {
      const res = await fetchPath(app.agent, origin, `${PREFIX}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.openapi).toBe('3.1.0');
      expect(res.body.info).toMatchObject({ title: 'Recur API', version: '1.0' });
    }
    expect(sandboxDoc.info.description).toMatch(/sandbox/);
    expect(productionDoc.info.description).toMatch(/production/);
  });

  it('lists exactly the routes each listener serves, read from the route files', () => {
    const routes = declaredRoutes();
    // The reading of the route files found what they hold (99 on both listeners, 4 sandbox-only).
    expect(routes.filter((r) => !r.sandboxOnly)).toHaveLength(103);
    expect(
      routes
        .filter((r) => r.sandboxOnly)
        .map(key)
        .sort(),
    ).toEqual(
      [
        'PUT /v1.0/sandbox/credit_cards/{key}/script',
        'POST /v1.0/test_clocks',
        'GET /v1.0/test_clocks/{id}',
        'POST /v1.0/test_clocks/{id}/advance',
      ].sort(),
    );
    expect(documentedOperations(sandboxDoc).sort()).toEqual(routes.map(key).sort());
    expect(documentedOperations(productionDoc).sort()).toEqual(
      routes
        .filter((r) => !r.sandboxOnly)
        .map(key)
        .sort(),
    );
    // Probes, the document itself and the UI are not API operations.
    for (const path of Object.keys(sandboxDoc.paths)) expect(path.startsWith(`${PREFIX}/`), path).toBe(true);
    expect(Object.keys(sandboxDoc.paths).some((p) => /\/(openapi|docs|livez|readyz|metrics)\b/.test(p))).toBe(false);
  });

  it('gives every operation a summary, a description, and a real example request and answer (operation-docs.ts)', () => {
    const operations: string[] = [];
    for (const doc of [sandboxDoc, productionDoc]) {
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
        for (const [method, operation] of Object.entries(item)) {
          const name = `${method.toUpperCase()} ${path}`;
          operations.push(`${method.toUpperCase()} ${path.slice(PREFIX.length)}`);
          expect(operation.summary, `${name} summary`).toMatch(/\w{3}/);
          expect(operation.description, `${name} description`).toMatch(/\w{3}.{10,}/);
          const success = operation.responses['201'] ?? operation.responses['200'];
          if (/\/pdf$/.test(path)) {
            // A document answers the PDF itself; its example names what it is.
            expect(success.content['application/pdf'].example, `${name} example answer`).toMatch(/^%PDF-/);
            continue;
          }
          const answer = success.content['application/json'].example;
          expect(answer, `${name} example answer`).toBeDefined();
          // A real record, not the schema's placeholders ("string", 0).
          expect(JSON.stringify(answer), `${name} example answer`).not.toMatch(/:"string"|:\["string"\]/);
          if (!['/ping', '/ping.json'].includes(path.slice(PREFIX.length))) {
            expect(answer, `${name} example answer`).toMatchObject({ successful: true, errors: [] });
            expect(answer.response, `${name} example answer`).toBeTruthy();
          }
          const body = operation.requestBody?.content?.['application/json'];
          // Operations with a body schema that asks for something show a request that has it.
          if (body && (body.schema?.required?.length ?? 0) > 0) {
            expect(body.example, `${name} example request`).toBeDefined();
            for (const field of body.schema.required) expect(body.example, `${name} example request`).toHaveProperty(field);
          }
        }
      }
    }
    // And no entry documents an operation that does not exist.
    expect(Object.keys(OPERATION_DOCS).filter((key) => !operations.includes(key))).toEqual([]);
  });

  it('declares every path parameter, and a response for every operation', () => {
    for (const [path, item] of Object.entries(sandboxDoc.paths as Record<string, Record<string, any>>)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(item)) {
        const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path} responses`).toBeGreaterThan(0);
        expect(operation.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      }
    }
  });

  it('documents the statuses the server really answers (201 for creation), and the Idempotency-Key of billing POSTs', async () => {
    const merchant = await app.newMerchant('Documented Statuses');
    const api = app.client('sandbox', merchant.sandbox);
    const anonymous = app.client('sandbox', null);
    const documented = (method: string, path: string) => Object.keys(sandboxDoc.paths[`${PREFIX}${path}`][method].responses);
    const answers = async (method: string, path: string, res: Promise<{ status: number; text: string }>) => {
      const { status, text } = await res;
      expect(documented(method, path), `${method} ${path} answered ${status}: ${text}`).toContain(String(status));
      return status;
    };
    const card = await api.post('/credit_cards', { card_holder: 'D', card_number: '5123456789012346', card_expiry: '05/2031', cvv: '123' });
    await answers('post', '/credit_cards', Promise.resolve(card));
    const plan = await api.post('/plans', { name: 'Documented', amount: 1000, currency: 'AUD', interval: 'month' });
    expect(await answers('post', '/plans', Promise.resolve(plan))).toBe(201);
    await answers('post', '/plans', api.post('/plans', {}));
    await answers('get', '/plans', api.get('/plans'));
    await answers('get', '/plans', anonymous.get('/plans'));
    await answers('get', '/plans/{id}', api.get('/plans/00000000-0000-4000-8000-000000000000'));
    const sub = await api.post('/subscriptions', {
      plan_id: plan.body.response.id,
      card_token: card.body.response.token,
      customer_reference: 'doc',
    });
    expect(await answers('post', '/subscriptions', Promise.resolve(sub))).toBe(201);
    const cancel = `/subscriptions/${sub.body.response.id}/cancel`;
    await answers('post', '/subscriptions/{id}/cancel', api.post(cancel, {}));
    expect(await answers('post', '/subscriptions/{id}/cancel', api.post(cancel, {}))).toBe(409);
    const hook = api.post('/webhooks', { url: 'https://example.com/documented', events: ['invoice.paid'] });
    expect(await answers('post', '/webhooks', hook)).toBe(201);
    expect(await answers('post', '/test_clocks', api.post('/test_clocks', { frozen_time: '2030-01-01T00:00:00Z' }))).toBe(201);
    const customer = api.post('/customers', { name: 'Documented', invoice_prefix: 'DOC' });
    expect(await answers('post', '/customers', customer)).toBe(201);
    expect(await answers('post', '/customers', api.post('/customers', { name: 'Again', invoice_prefix: 'DOC' }))).toBe(409);
    expect(await answers('post', '/customers', api.post('/customers', { name: '' }))).toBe(422);
    const customerId = (await customer).body.response.id;
    const onCustomer = await api.post('/subscriptions', {
      plan_id: plan.body.response.id,
      card_token: card.body.response.token,
      customer_reference: 'doc',
      customer_id: customerId,
    });
    expect(onCustomer.status, onCustomer.text).toBe(201);
    expect(await answers('delete', '/customers/{id}', api.raw('DELETE', `/customers/${customerId}`))).toBe(409);
    // One success status per operation: 201 where a record is created, 200 elsewhere.
    for (const [path, item] of Object.entries(sandboxDoc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const ok = Object.keys(operation.responses).filter((s) => s.startsWith('2'));
        expect(ok, `${method} ${path}`).toHaveLength(1);
        if (/\/pdf$/.test(path)) expect(operation.responses[ok[0]!].content['application/pdf'].schema, `${method} ${path}`).toBeDefined();
        else expect(operation.responses[ok[0]!].content['application/json'].schema.required, `${method} ${path}`).toContain('successful');
        const header = (operation.parameters ?? []).find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
        const billing =
          /^\/v1\.0\/(plans|subscriptions|invoices|events|webhooks|test_clocks|customers|tax_rates|billable_metrics|usage_events)/.test(
            path,
          );
        expect(Boolean(header), `${method} ${path} Idempotency-Key`).toBe(method === 'post' && billing);
      }
    }
    expect(Object.keys(sandboxDoc.paths[`${PREFIX}/plans`].post.responses)).toContain('201');
  });

  it('declares HTTP Basic authentication for the API', () => {
    for (const doc of [sandboxDoc, productionDoc]) {
      expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
      expect(doc.components.securitySchemes.consoleSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'recur_console' });
      expect(doc.security).toEqual([{ basicAuth: [] }, { consoleSession: [] }]);
    }
  });

  it('documents the card body', () => {
    const card = requestSchema(sandboxDoc, 'post', `${PREFIX}/credit_cards`);
    expect(card.type).toBe('object');
    expect(Object.keys(card.properties).sort()).toEqual([
      'alias',
      'card_expiry',
      'card_holder',
      'card_number',
      'customer_ip',
      'cvv',
      'is_billing',
    ]);
    expect([...card.required].sort()).toEqual(['card_expiry', 'card_holder', 'card_number', 'cvv']);
    expect(card.additionalProperties).toBe(false);
    expect(card.properties.card_number.description).toMatch(/masked/);
    expect(card.properties.cvv.description).toMatch(/never stored/);
    const update = requestSchema(sandboxDoc, 'put', `${PREFIX}/credit_cards/{key}`);
    expect(Object.keys(update.properties).sort()).toEqual(['alias', 'card_expiry']);
  });

  it('documents the purchase body', () => {
    const purchase = requestSchema(sandboxDoc, 'post', `${PREFIX}/purchases`);
    expect(purchase.type).toBe('object');
    // `currency` may be left out: the merchant's default currency.
    expect([...purchase.required].sort()).toEqual(['amount', 'reference']);
    expect(purchase.properties.amount).toMatchObject({ type: 'integer' });
    expect(purchase.properties.currency).toMatchObject({ type: 'string', minLength: 3, maxLength: 3 });
    for (const field of ['card_token', 'card_holder', 'card_number', 'card_expiry', 'cvv', 'customer_ip', 'metadata', 'extra']) {
      expect(purchase.properties, field).toHaveProperty(field);
    }
    const refund = requestSchema(sandboxDoc, 'post', `${PREFIX}/refunds`);
    // transaction_id is optional: an unmatched refund gives a card instead.
    expect([...refund.required].sort()).toEqual(['amount', 'reference']);
    // Billing bodies come from the routes' zod schemas.
    const plan = requestSchema(sandboxDoc, 'post', `${PREFIX}/plans`);
    expect(plan.properties).toHaveProperty('interval');
    const subscription = requestSchema(sandboxDoc, 'post', `${PREFIX}/subscriptions`);
    expect(subscription.required).toEqual(expect.arrayContaining(['plan_id', 'card_token', 'customer_reference']));
  });
});

describe('API docs UI', () => {
  it('serves the browsable UI as HTML without credentials, with its assets and the same document', async () => {
    for (const origin of [app.listeners.urls.sandbox!, app.listeners.urls.production]) {
      const page = await fetchPath(app.agent, origin, `${PREFIX}/docs/`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toMatch(/swagger-ui/i);
      const css = await fetchPath(app.agent, origin, `${PREFIX}/docs/static/swagger-ui.css`);
      expect(css.status).toBe(200);
      const json = await fetchPath(app.agent, origin, `${PREFIX}/docs/json`);
      expect(json.status).toBe(200);
      expect(json.body.openapi).toBe('3.1.0');
    }
    const json = await fetchPath(app.agent, app.listeners.urls.sandbox!, `${PREFIX}/docs/json`);
    expect(json.body.paths).toEqual(sandboxDoc.paths);
  });
});
