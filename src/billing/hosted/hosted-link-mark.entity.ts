import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant } from '../../platform/entity-columns.ts';

/**
 * What happened to a signed customer link after it was issued: used (a card-update link serves
 * once) or revoked by the merchant. Links themselves are not stored (they are signed), so this
 * table holds only the marks, by the link's id (its nonce), per merchant and environment.
 */
export const HostedLinkMark = defineEntity({
  name: 'HostedLinkMark',
  schema: 'billing',
  tableName: 'hosted_link_marks',
  properties: {
    merchantId: p.uuid().primary(),
    environment: p.string().length(20).primary(),
    linkId: p.string().length(32).primary(),
    /** `used` or `revoked`; a revoked link stays revoked. */
    mark: p.string().length(20),
    at: instant(),
  },
});
export type HostedLinkMark = InferEntity<typeof HostedLinkMark>;
