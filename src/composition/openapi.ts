import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { HttpServer } from '../platform/http/server-kit.ts';
import { GATEWAY_BODY_DOCS } from '../gateway/api/gateway-openapi.ts';

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
};

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
      components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic', description: 'Merchant username and API token' } } },
      security: [{ basicAuth: [] }],
    },
    transform(input) {
      if (!input.url.startsWith(`${options.prefix}/`)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const segment = input.url.slice(options.prefix.length).split('/')[1] ?? '';
      const body = input.schema?.body ? undefined : GATEWAY_BODY_DOCS[`${input.route.method} ${input.url}`];
      const documented = { ...input, schema: { ...input.schema, ...(body ? { body } : {}), tags: [TAGS[segment] ?? 'Other'] } };
      return fromZod(documented);
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.register(fastifySwaggerUi, { routePrefix: `${options.prefix}/docs` });
  app.get(`${options.prefix}/openapi.json`, { schema: { hide: true } }, async (_req, reply) => reply.send(app.swagger()));
}
