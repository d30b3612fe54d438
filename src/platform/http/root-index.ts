import type { HttpServer } from './server-kit.ts';
import { ok } from './envelope.ts';

/** What `GET /` of a listener says: which listener this is and where to go from here. */
export interface RootIndex {
  /** `sandbox`, `production` or `ops`. */
  listener: string;
  /** One sentence on what the listener serves. */
  description: string;
  /** Paths on this listener, by what they are. */
  links: Record<string, string>;
}

/**
 * `GET /` (and `HEAD /`) of a listener, without credentials: a short enveloped JSON naming the
 * listener and linking its documentation and health, so that a person who opens the address in
 * a browser learns what is there. It names no merchant, queue or setting.
 */
export function registerRootIndex(app: HttpServer, index: RootIndex, test: boolean): void {
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.send(ok({ name: 'Recur', ...index }, test)));
}
