import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant } from '../../platform/entity-columns.ts';

/**
 * Failed logins counted per source address, and per source address and username, in a fixed
 * window (PCI DSS 8.3.4). The key is a keyed HMAC of what it counts: neither the address nor a
 * username (which a client may fill with anything, a card number included) is stored in clear.
 */
export const AuthFailure = defineEntity({
  name: 'AuthFailure',
  schema: 'gateway',
  tableName: 'auth_failures',
  properties: {
    key: p.string().length(64).primary(),
    failures: p.integer(),
    windowStart: instant(),
  },
  // Lapsed counters are deleted by window start, a few at a time, on each failure.
  indexes: [{ properties: ['windowStart'], name: 'auth_failures_window_start_index' }],
});
export type AuthFailure = InferEntity<typeof AuthFailure>;
