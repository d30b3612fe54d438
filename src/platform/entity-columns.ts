import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/postgresql';

/**
 * The column types Recur's tables repeat, each written once: an instant is always `timestamptz`,
 * money always integer minor units, an environment `sandbox` or `production`.
 */
export const instant = () => p.datetime().columnType('timestamptz');
export const minorUnits = () => p.bigint('number');
export const currencyCode = () => p.string().length(3);
export const environmentName = () => p.string().length(10);
/** A random uuid primary key, made when the row is. */
export const uuidKey = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());

/** The first columns of a merchant's billing row: its uuid, the merchant and the environment. */
export const merchantRow = () => ({ id: uuidKey(), merchantId: p.uuid(), environment: environmentName() });
