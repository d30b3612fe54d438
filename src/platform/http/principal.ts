/** Who is calling, as every module's API sees it: set by the authentication hook. */
export interface Principal {
  merchantId: string;
  environment: 'sandbox' | 'production';
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
