import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { environmentName, instant } from '../../platform/entity-columns.ts';

/** One change made, or refused, with a console session (console-audit.service.ts). */
export const ConsoleAuditRow = defineEntity({
  name: 'ConsoleAuditRow',
  schema: 'console',
  tableName: 'audit_entries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    merchantId: p.uuid(),
    environment: environmentName(),
    userId: p.uuid(),
    userEmail: p.string().length(254),
    role: p.string().length(10),
    method: p.string().length(10),
    route: p.string().length(300).nullable(),
    path: p.string().length(2000),
    objectId: p.string().length(300).nullable(),
    body: p.json<unknown>().columnType('jsonb').nullable(),
    status: p.integer(),
    outcome: p.string().length(10),
    before: p.json<unknown>().columnType('jsonb').nullable(),
    after: p.json<unknown>().columnType('jsonb').nullable(),
    createdAt: instant(),
  },
  indexes: [
    { properties: ['merchantId', 'createdAt'], name: 'audit_entries_merchant_index' },
    { properties: ['userId', 'createdAt'], name: 'audit_entries_user_index' },
  ],
});
export type ConsoleAuditRow = InferEntity<typeof ConsoleAuditRow>;
