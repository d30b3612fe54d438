import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { GATEWAY_BODY_DOCS } from '../gateway/api/gateway-openapi.ts';
import { OPERATION_DOCS } from './operation-docs.ts';

const fromZod = createJsonSchemaTransform({});

const TAGS: Record<string, string> = {
  health: 'Gateway',
  credit_cards: 'Cards',
  purchases: 'Purchases',
  refunds: 'Refunds',
  sandbox: 'Sandbox',
  plans: 'Plans',
  subscriptions: 'Subscriptions',
  invoices: 'Invoices',
  events: 'Events',
  webhooks: 'Webhooks',
  test_clocks: 'Test clocks',
  coupons: 'Coupons',
  customers: 'Customers',
  credit_notes: 'Credit notes',
  tax_rates: 'Taxes',
  settings: 'Settings',
  billable_metrics: 'Usage',
  usage_events: 'Usage',
  console: 'Console',
  audit: 'Console',
};

/** Operations that create a record answer 201; every other success is 200. */
const CREATED = new Set([
  'POST /plans',
  'POST /subscriptions',
  'POST /webhooks',
  'POST /test_clocks',
  'POST /customers',
  'POST /invoices/{id}/credit_notes',
  'POST /tax_rates',
  'POST /billable_metrics',
  'POST /console/sessions',
  'POST /console/users',
]);
/** Billing operations whose record may be in a state that refuses them (409 `invalid_state`). */
const STATEFUL =
  /^GET \/invoices\/\{id\}\/pdf$|^POST \/(plans\/\{id\}\/archive|subscriptions\/\{id\}\/\w+|invoices\/\{id\}\/(retry|refund|credit_notes|finalize|lines|void)|webhooks\/\{id\}\/deliveries\/\{delivery_id\}\/retry|test_clocks\/\{id\}\/advance)$|^PUT \/subscriptions\/\{id\}$|^(POST \/customers|(PUT|DELETE) \/customers\/\{id\})$|^POST \/billable_metrics$/;
/** The billing resources, whose POSTs take an Idempotency-Key. */
const BILLING = new Set([
  'plans',
  'subscriptions',
  'invoices',
  'events',
  'webhooks',
  'test_clocks',
  'customers',
  'tax_rates',
  'billable_metrics',
  'usage_events',
]);

const ENVELOPE = {
  type: 'object',
  required: ['successful', 'response', 'errors', 'test'],
  properties: {
    successful: { type: 'boolean' },
    response: { description: 'The record, a list of records, or null on an error' },
    errors: { type: 'array', items: { type: 'string' } },
    test: { type: 'boolean', description: 'true on the sandbox listener' },
    records: { type: 'integer', description: 'lists only: records on this page' },
    total_records: { type: 'integer', description: 'lists only' },
    page: { type: 'integer', description: 'lists only' },
    total_pages: { type: 'integer', description: 'lists only' },
  },
};
const answer = (description: string) => ({ description, content: { 'application/json': { schema: ENVELOPE } } });
/** A document's answer: the PDF itself, not an envelope (its errors still answer in the envelope). */
const PDF_ANSWER = { description: 'The document (PDF)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
/** Operations that answer a PDF document. */
export const isPdfOperation = (operation: string) => /^GET \/[a-z_]+\/\{id\}\/pdf$/.test(operation);

/** The statuses an operation really answers, each with the envelope as its body. */
export function documentedResponses(method: string, path: string, hasInput: boolean): Record<string, unknown> {
  const operation = `${method.toUpperCase()} ${path}`;
  const responses: Record<string, unknown> = {
    [CREATED.has(operation) ? '201' : '200']: isPdfOperation(operation)
      ? PDF_ANSWER
      : answer(CREATED.has(operation) ? 'Created' : 'Success'),
    '401': answer('Missing or wrong credentials'),
    '429': answer('Too many failed authentications from this address or for this username'),
  };
  // A console session's request without its CSRF token, or beyond its user's role (docs/console.md).
  if (operation !== 'POST /console/sessions')
    responses['403'] = answer('A console session’s CSRF token is missing or wrong, or its role does not allow this');
  if (operation === 'POST /console/users') responses['409'] = answer('A console user with this e-mail exists');
  if (path.includes('{')) responses['404'] = answer('Record not found');
  if (hasInput) responses['422'] = answer('Invalid input: the errors say which');
  if (STATEFUL.test(operation)) responses['409'] = answer('The record is in a state that refuses this operation');
  if (operation === 'POST /purchases' || operation === 'POST /refunds') responses['502'] = answer('The upstream acquirer failed');
  // A refund through the gateway whose outcome is not known yet (its amount stays reserved).
  if (operation === 'POST /invoices/{id}/refund' || operation === 'POST /invoices/{id}/credit_notes') {
    responses['502'] = answer('The refund’s outcome is not known yet');
  }
  return responses;
}

type OpenApiOperation = {
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

/**
 * Each operation's summary, description and example request and answer, from the one file that
 * holds them (operation-docs.ts), keyed by method and path under the prefix.
 */
function withOperationDocs(document: OpenApiDocument, prefix: string): OpenApiDocument {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const doc = OPERATION_DOCS[`${method.toUpperCase()} ${path.slice(prefix.length)}`];
      if (!doc) continue;
      operation.summary = doc.summary;
      operation.description = doc.description;
      const body = operation.requestBody?.content?.['application/json'];
      if (body && doc.request !== undefined) body.example = doc.request;
      const success = operation.responses?.['201'] ?? operation.responses?.['200'];
      const answer = success?.content?.['application/json'] ?? success?.content?.['application/pdf'];
      if (answer) answer.example = doc.response;
    }
  }
  return document;
}

/**
 * The API described for its users: an OpenAPI 3.1 document built from the routes' zod schemas
 * (and the documented bodies of routes that check their input by hand), served without
 * credentials at `/v1.0/openapi.json`, and browsable at `/v1.0/docs`.
 */
export function registerOpenApi(app: HttpServer, options: { prefix: string; sandbox: boolean }): void {
  // Registered before the routes, so that the document sees every one of them.
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Recur API',
        version: '1.0',
        description:
          'Card-on-file gateway and recurring billing. Every response is an envelope ' +
          '(`successful`, `response`, `errors`, `test`); money is in integer minor units. ' +
          (options.sandbox ? 'This is the sandbox listener: test cards only.' : 'This is the production listener.'),
      },
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic', description: 'Merchant username and API token' },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'recur_console',
            description: 'A console session (POST /console/sessions), with its csrf_token in x-csrf-token for changes',
          },
        },
      },
      security: [{ basicAuth: [] }, { consoleSession: [] }],
    },
    transform(input) {
      if (!input.url.startsWith(`${options.prefix}/`)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const segment = input.url.slice(options.prefix.length).split('/')[1] ?? '';
      const body = input.schema?.body ? undefined : GATEWAY_BODY_DOCS[`${input.route.method} ${input.url}`];
      const documented = { ...input, schema: { ...input.schema, ...(body ? { body } : {}), tags: [TAGS[segment] ?? 'Other'] } };
      const out = fromZod(documented) as { schema: Record<string, unknown>; url: string };
      const path = input.url.slice(options.prefix.length).replace(/:([A-Za-z_]+)/g, '{$1}');
      const method = String(input.route.method);
      const hasInput = Boolean(documented.schema.body || documented.schema.querystring) || method === 'POST' || method === 'PUT';
      out.schema.response = documentedResponses(method, path, hasInput);
      if (method === 'POST' && BILLING.has(segment)) {
        out.schema.headers = {
          type: 'object',
          properties: {
            'Idempotency-Key': {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              description:
                'Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422.',
            },
          },
        };
      }
      return out;
    },
    transformObject: (input) => withOperationDocs(jsonSchemaTransformObject(input) as OpenApiDocument, options.prefix),
  });
  app.register(fastifySwaggerUi, { routePrefix: `${options.prefix}/docs` });
  app.get(`${options.prefix}/openapi.json`, { schema: { hide: true } }, async (_req, reply) => reply.send(app.swagger()));
}
