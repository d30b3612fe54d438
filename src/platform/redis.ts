import { Redis } from 'ioredis';

/**
 * Redis connections for BullMQ. Workers block on Redis and must wait out a reconnect
 * (`maxRetriesPerRequest: null`); producers give up after one retry so a request never hangs on Redis.
 */
export function createRedis(url: string, role: 'worker' | 'producer'): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    lazyConnect: false,
  });
}
