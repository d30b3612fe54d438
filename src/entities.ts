import { gatewayEntities } from './gateway/entities.ts';
import { billingEntities } from './billing/entities.ts';

/** Every entity Recur maps, by module. */
export const allEntities = [...gatewayEntities, ...billingEntities];
