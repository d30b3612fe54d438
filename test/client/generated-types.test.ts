import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES, renderClientTypes } from '../../client/scripts/client-types.ts';

// The client's types come from the routes' own OpenAPI document: an endpoint added or changed
// without `npm run client:generate` fails here, so the client never lags the API it calls.
describe('the generated client types', () => {
  it('match what the current routes produce', async () => {
    const expected = await renderClientTypes();
    const checkedIn = await readFile(GENERATED_TYPES, 'utf8');
    expect(checkedIn === expected, 'client/src/generated/recur-api.ts is stale: run `npm run client:generate`').toBe(true);
  });

  it('are the same on every run (regeneration is deterministic)', async () => {
    expect(await renderClientTypes()).toBe(await renderClientTypes());
  });

  it('cover the billing and gateway routes', async () => {
    const checkedIn = await readFile(GENERATED_TYPES, 'utf8');
    for (const path of [
      '/v1.0/plans',
      '/v1.0/subscriptions',
      '/v1.0/invoices',
      '/v1.0/purchases',
      '/v1.0/credit_cards',
      '/v1.0/webhooks',
    ]) {
      expect(checkedIn).toContain(`"${path}": {`);
    }
  });
});
