/** Who is calling, as every module's API sees it: set by the authentication hook. */
export interface Principal {
  merchantId: string;
  environment: 'sandbox' | 'production';
  /** The currencies the merchant may charge in. */
  currencies: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
