import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant, minorUnits } from '../../platform/entity-columns.ts';

/**
 * Audit trail of vault access, credential changes and failed logins (PCI DSS 10.2). Details
 * never hold card data: tokens and masked numbers at most.
 */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  schema: 'gateway',
  tableName: 'audit_events',
  properties: {
    id: minorUnits().primary().autoincrement(),
    merchantId: p.uuid().nullable(),
    environment: environmentName().nullable(),
    action: p.string().length(40),
    actor: p.string().length(64).nullable(),
    detail: p.json<Record<string, unknown>>().columnType('jsonb'),
    createdAt: instant(),
  },
  indexes: [{ properties: ['merchantId', 'createdAt'], name: 'audit_events_merchant_index' }],
});
export type AuditEvent = InferEntity<typeof AuditEvent>;
