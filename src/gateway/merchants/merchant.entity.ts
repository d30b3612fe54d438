import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { instant, uuidKey } from '../../platform/entity-columns.ts';

export const DEFAULT_CURRENCIES = ['AUD', 'NZD', 'USD', 'GBP', 'EUR', 'CAD'];

export const Merchant = defineEntity({
  name: 'Merchant',
  schema: 'gateway',
  tableName: 'merchants',
  properties: {
    id: uuidKey(),
    name: p.string().length(200),
    /** Leads every purchase and refund id: `<prefix>-P-XXXXXXXX`. */
    idPrefix: p.string().length(8),
    currencies: p.json<string[]>().columnType('jsonb'),
    /** Production may credit a card without an original purchase (`recur merchant update --unmatched-refunds`). */
    unmatchedRefunds: p.boolean().default(false),
    createdAt: instant(),
  },
});
export type Merchant = InferEntity<typeof Merchant>;
