import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { APPROVE, DECLINE, DYNAMIC, createCard, createPlan, expectError, merchantClient, subscribe } from '../../helpers/billing.ts';

// Search (`q` on GET /customers and GET /subscriptions, docs/api.md "Search") through the API:
// each rule that makes a match, what does not match, LIKE's own characters taken literally, and
// another merchant's records never found.

vi.setConfig({ testTimeout: 120_000 });
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  await app?.close();
});

async function customer(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/customers', fields);
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

const ids = async (api: ApiClient, path: string) => {
  const res = await api.get(path);
  expect(res.status, res.text).toBe(200);
  return (res.body.response as { id: string }[]).map((r) => r.id).sort();
};

describe('search', () => {
  it('finds customers and subscriptions by id, name, e-mail, reference and card’s last four', async () => {
    const api = await merchantClient(app, 'Search');
    const plan = await createPlan(api);
    const approve = await createCard(api, APPROVE);
    const decline = await createCard(api, DECLINE, { alias: 'decline-card' });
    const dynamic = await createCard(api, DYNAMIC);
    const ada = await customer(api, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const atelier = await customer(api, { name: 'Atelier Lumière SARL', email: 'compta@atelier.fr' });
    const percent = await customer(api, { name: '100% Pure_Honey', email: 'bees@honey.test' });
    const subAda = await subscribe(api, {
      plan_id: plan.id,
      card_token: approve.token,
      customer_id: ada.id,
      customer_reference: 'crm-ada-1',
    });
    const subAtelier = await subscribe(api, {
      plan_id: plan.id,
      card_token: 'decline-card',
      customer_id: atelier.id,
      customer_reference: 'crm-atl-7',
    });
    const subLoose = await subscribe(api, { plan_id: plan.id, card_token: dynamic.token, customer_reference: 'legacy-42' });
    const other = await merchantClient(app, 'Search elsewhere');
    const otherPlan = await createPlan(other);
    const otherCard = await createCard(other, APPROVE);
    await customer(other, { name: 'Ada Byron', email: 'ada@elsewhere.test' });
    await subscribe(other, { plan_id: otherPlan.id, card_token: otherCard.token, customer_reference: 'crm-ada-9' });

    const customers = (q: string) => ids(api, `/customers?q=${encodeURIComponent(q)}`);
    const subscriptions = (q: string) => ids(api, `/subscriptions?q=${encodeURIComponent(q)}`);

    // Customers: name anywhere (any case), e-mail from its start, id exactly.
    expect(await customers('ada')).toEqual([ada.id]);
    expect(await customers('LUMIÈRE')).toEqual([atelier.id]);
    expect(await customers('compta@')).toEqual([atelier.id]);
    expect(await customers('example.com')).toEqual([]); // an e-mail matches from its start only
    expect(await customers(ada.id)).toEqual([ada.id]);
    // LIKE's own characters are literal: "%" and "_" match themselves only.
    expect(await customers('100%')).toEqual([percent.id]);
    expect(await customers('%')).toEqual([percent.id]);
    expect(await customers('e_h')).toEqual([percent.id]);
    expect(await customers('_')).toEqual([percent.id]);
    // Through a subscription: its reference from its start, its card's last four.
    expect(await customers('crm-')).toEqual([ada.id, atelier.id].sort());
    expect(await customers(APPROVE.slice(-4))).toEqual([ada.id]);
    expect(await customers(DECLINE.slice(-4))).toEqual([atelier.id]); // subscribed by the card's alias
    expect(await customers('0000')).toEqual([]);

    // Subscriptions: id, reference from its start, card's last four, customer's name or e-mail.
    expect(await subscriptions(subLoose.id)).toEqual([subLoose.id]);
    expect(await subscriptions('legacy')).toEqual([subLoose.id]);
    expect(await subscriptions('crm-atl')).toEqual([subAtelier.id]);
    expect(await subscriptions(DYNAMIC.slice(-4))).toEqual([subLoose.id]);
    expect(await subscriptions(DECLINE.slice(-4))).toEqual([subAtelier.id]);
    expect(await subscriptions('lovelace')).toEqual([subAda.id]);
    expect(await subscriptions('ADA@EXAMPLE')).toEqual([subAda.id]);
    expect(await subscriptions('nothing like it')).toEqual([]);
    // With the other filters.
    expect(await ids(api, `/subscriptions?q=crm-&status=active`)).toEqual([subAda.id]); // the declining card's is past due
    expect(await ids(api, `/subscriptions?q=crm-&customer_id=${ada.id}`)).toEqual([subAda.id]);

    // Bad input: empty (after trimming) or too long.
    expectError(await api.get('/customers?q=%20%20'), 422, /q: must not be empty/);
    expectError(await api.get(`/subscriptions?q=${'x'.repeat(101)}`), 422, /q: at most 100 characters/);
  });
});
