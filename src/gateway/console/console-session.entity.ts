import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant } from '../../platform/entity-columns.ts';
import { ConsoleUser } from './console-user.entity.ts';

/**
 * A console session, kept by the keyed hash of its token only: the token itself is in the
 * browser's cookie and nowhere else. It ends when unused for the idle time or at `expiresAt`.
 */
export const ConsoleSessionRow = defineEntity({
  name: 'ConsoleSessionRow',
  schema: 'console',
  tableName: 'sessions',
  properties: {
    tokenHash: p.string().length(64).primary(),
    user: () => p.manyToOne(ConsoleUser).deleteRule('cascade').index('sessions_user_index'),
    createdAt: instant(),
    lastSeenAt: instant(),
    expiresAt: instant().index('sessions_expires_index'),
  },
});
export type ConsoleSessionRow = InferEntity<typeof ConsoleSessionRow>;
