import { gatewayEntities } from './gateway/entities.ts';

/** Every entity Recur maps, by module. */
export const allEntities = [...gatewayEntities];
