import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type ApiClient, type TestApp } from '../../helpers/test-app.ts';
import { advance, eventsOf, expectError } from '../../helpers/billing.ts';
import { scaffold } from '../../helpers/scaffold.ts';

// Billable metrics and usage events through the public API over HTTPS: the metric rules, a batch
// mixing accepted, duplicate and refused events (and what is written), a race of one
// transaction_id, and each aggregation over [from, to) on a test clock.

vi.setConfig({ testTimeout: 180_000 });
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
});
afterAll(async () => {
  console.log(
    app.logs
      .filter((l) => /"level":(50|40)/.test(l))
      .slice(0, 4)
      .join('\n'),
  );
  await app?.close();
});

const START = '2027-01-10T00:00:00.000Z';
const at = (day: number, hour = 12) => new Date(Date.UTC(2027, 0, day, hour)).toISOString();

async function metric(api: ApiClient, fields: Record<string, unknown>) {
  const res = await api.post('/billable_metrics', { name: String(fields.code), ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.response;
}

/** A merchant with a subscription on a clock at START, advanced to Jan 25 (inside its first period). */
async function setup(name: string) {
  const s = await scaffold(app, { merchant: name, clock: START, subscribe: true });
  await advance(s.api, s.clock.id, at(25, 0));
  return s;
}

async function send(api: ApiClient, events: unknown[]) {
  const res = await api.post('/usage_events', { events });
  expect(res.status, res.text).toBe(200);
  return res.body.response;
}

async function storedEvents(merchantSub: string): Promise<{ transaction_id: string; code: string }[]> {
  return app.runtime.sql.query(`select transaction_id, code from billing.usage_events where subscription_id = $1 order by transaction_id`, [
    merchantSub,
  ]);
}

describe('billable metrics', () => {
  it('creates, reads by code and by id, lists, archives; a taken code is 409; events are emitted', async () => {
    const { api } = await scaffold(app, { merchant: 'Metrics' });
    const calls = await metric(api, { code: 'api_calls', name: 'API calls', aggregation: 'count', filters: { region: ['eu', 7] } });
    expect(calls).toMatchObject({
      code: 'api_calls',
      aggregation: 'count',
      field: null,
      filters: { region: ['eu', '7'] },
      status: 'active',
    });
    const gb = await metric(api, { code: 'storage', aggregation: 'max', field: 'gb' });
    expect((await api.get('/billable_metrics/api_calls')).body.response).toEqual(calls);
    expect((await api.get(`/billable_metrics/${calls.id}`)).body.response).toEqual(calls);
    expect((await api.get('/billable_metrics')).body.response.map((m: any) => m.code)).toEqual(['storage', 'api_calls']);
    expectError(
      await api.post('/billable_metrics', { code: 'api_calls', name: 'Again', aggregation: 'count' }),
      409,
      /api_calls already exists/,
    );
    const archived = (await api.post(`/billable_metrics/${gb.id}/archive`)).body.response;
    expect(archived).toMatchObject({ code: 'storage', status: 'archived', archived_at: expect.any(String) });
    expect((await api.post('/billable_metrics/storage/archive')).body.response.archived_at).toBe(archived.archived_at);
    expectError(await api.get('/billable_metrics/nope'), 404);
    expectError(await api.post('/billable_metrics/nope/archive'), 404);
    expect((await eventsOf(api, 'billable_metric.created')).map((e) => e.data.billable_metric.code).sort()).toEqual([
      'api_calls',
      'storage',
    ]);
    // Archiving twice emits one event.
    expect((await eventsOf(api, 'billable_metric.archived')).map((e) => e.data.billable_metric.code)).toEqual(['storage']);
    // Another merchant sees none of them, and may use the same code.
    const other = await scaffold(app, { merchant: 'Metrics Other' });
    expectError(await other.api.get('/billable_metrics/api_calls'), 404);
    await metric(other.api, { code: 'api_calls', aggregation: 'count' });
  });

  it('refuses bad metrics naming the field, and writes nothing', async () => {
    const { api } = await scaffold(app, { merchant: 'Metrics Bad' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ code: 'a', name: 'A', aggregation: 'sum' }, /field: field is required with aggregation sum/],
      [{ code: 'a', name: 'A', aggregation: 'unique_count' }, /field: field is required/],
      [{ code: 'a', name: 'A', aggregation: 'count', field: 'x' }, /field: field goes only with/],
      [{ code: 'a', name: 'A', aggregation: 'average', field: 'x' }, /aggregation/],
      [{ code: 'a b', name: 'A', aggregation: 'count' }, /code/],
      [{ code: 'a', aggregation: 'count' }, /name/],
      [{ code: 'a', name: 'A', aggregation: 'count', filters: { region: [] } }, /filters\.region: a filter needs at least one value/],
      [{ code: 'a', name: 'A', aggregation: 'sum', field: 'bad field' }, /field/],
      [{ code: 'a', name: 'A', aggregation: 'count', extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) expectError(await api.post('/billable_metrics', body), 422, message);
    expect((await api.get('/billable_metrics')).body.response).toEqual([]);
  });
});

describe('usage events', () => {
  it('answers a mixed batch event by event and writes exactly the accepted ones', async () => {
    const { api, sub } = await setup('Usage Batch');
    await metric(api, { code: 'calls', aggregation: 'count' });
    await metric(api, { code: 'bytes', aggregation: 'sum', field: 'bytes' });
    await metric(api, { code: 'old', aggregation: 'count' });
    await api.post('/billable_metrics/old/archive');
    const first = await send(api, [{ transaction_id: 't-0', subscription_id: sub.id, code: 'calls', timestamp: at(11) }]);
    expect(first).toEqual({ accepted: 1, duplicates: 0, refused: 0, events: [{ index: 0, transaction_id: 't-0', status: 'accepted' }] });

    const ok = { subscription_id: sub.id, code: 'calls', timestamp: at(12) };
    const answer = await send(api, [
      { ...ok, transaction_id: 't-1' },
      { ...ok, transaction_id: 't-0' }, // sent before
      { ...ok, transaction_id: 't-1' }, // earlier in this batch
      { ...ok, transaction_id: 't-2', subscription_id: '00000000-0000-4000-8000-000000000000' },
      { ...ok, transaction_id: 't-3', code: 'nope' },
      { ...ok, transaction_id: 't-4', code: 'old' },
      { ...ok, transaction_id: 't-5', timestamp: '2027-01-09T23:59:59Z' }, // before the start
      { ...ok, transaction_id: 't-6', timestamp: '2027-02-01T00:00:00Z' }, // past the clock
      { ...ok, transaction_id: 't-7', code: 'bytes', properties: {} },
      { ...ok, transaction_id: 't-8', code: 'bytes', properties: { bytes: 1.5 } },
      { ...ok, transaction_id: 't-9', timestamp: 'yesterday' },
      { ...ok, transaction_id: 't-10', customer_id: '00000000-0000-4000-8000-000000000000' },
      { ...ok, transaction_id: 't-11', code: 'bytes', properties: { bytes: '2048' } },
      'not an event',
    ]);
    const statuses = answer.events.map((e: any) => [e.transaction_id, e.status, e.reason?.code ?? null]);
    expect(statuses).toEqual([
      ['t-1', 'accepted', null],
      ['t-0', 'duplicate', null],
      ['t-1', 'duplicate', null],
      ['t-2', 'refused', 'subscription_not_found'],
      ['t-3', 'refused', 'metric_not_found'],
      ['t-4', 'refused', 'metric_archived'],
      ['t-5', 'refused', 'outside_subscription'],
      ['t-6', 'refused', 'outside_subscription'],
      ['t-7', 'refused', 'missing_field'],
      ['t-8', 'refused', 'missing_field'],
      ['t-9', 'refused', 'invalid_event'],
      ['t-10', 'refused', 'invalid_event'],
      ['t-11', 'accepted', null],
      [null, 'refused', 'invalid_event'],
    ]);
    expect(answer).toMatchObject({ accepted: 2, duplicates: 2, refused: 10 });
    expect(answer.events.map((e: any) => e.index)).toEqual([...Array(14).keys()]);
    expect(answer.events[5].reason.message).toBe('Billable metric old is archived');
    expect(answer.events[6].reason.message).toMatch(/is before subscription .* started/);
    expect(answer.events[7].reason.message).toMatch(/is in the future of subscription .* clock reads 2027-01-25T00:00:00.000Z/);
    expect(answer.events[8].reason.message).toBe('properties.bytes is required by metric bytes (sum)');
    expect(answer.events[8 + 1].reason.message).toBe('properties.bytes must be an integer for metric bytes (sum)');
    expect(answer.events[9 + 1].reason.message).toMatch(/^timestamp: /);
    expect(answer.events[10 + 1].reason.message).toBe('subscription_id: give exactly one of subscription_id and customer_id');
    expect(await storedEvents(sub.id)).toEqual([
      { transaction_id: 't-0', code: 'calls' },
      { transaction_id: 't-1', code: 'calls' },
      { transaction_id: 't-11', code: 'bytes' },
    ]);

    // The body itself: 422 for no events, more than 1,000, or a body that is not JSON.
    expectError(await api.post('/usage_events', { events: [] }), 422, /events needs at least one event/);
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...ok, transaction_id: `m-${i}` }));
    expectError(await api.post('/usage_events', { events: many }), 422, /at most 1,000 events/);
    expect(await storedEvents(sub.id)).toHaveLength(3);
  });

  it('takes one event as the body, and a customer_id for the customer’s live subscription', async () => {
    const s = await scaffold(app, { merchant: 'Usage Customer', clock: START });
    const customer = (await s.api.post('/customers', { name: 'Ada' })).body.response;
    const lonely = (await s.api.post('/customers', { name: 'Nobody' })).body.response;
    const sub = await s.start({ customer_id: customer.id });
    await advance(s.api, s.clock.id, at(20, 0));
    await metric(s.api, { code: 'calls', aggregation: 'count' });
    const one = await s.api.post('/usage_events', { transaction_id: 'c-1', customer_id: customer.id, code: 'calls', timestamp: at(15) });
    expect(one.status, one.text).toBe(200);
    expect(one.body.response).toEqual({
      accepted: 1,
      duplicates: 0,
      refused: 0,
      events: [{ index: 0, transaction_id: 'c-1', status: 'accepted' }],
    });
    const again = await s.api.post('/usage_events', { transaction_id: 'c-1', customer_id: customer.id, code: 'calls', timestamp: at(15) });
    expect(again.body.response.events[0].status).toBe('duplicate');
    const refused = await send(s.api, [
      { transaction_id: 'c-2', customer_id: lonely.id, code: 'calls', timestamp: at(15) },
      { transaction_id: 'c-3', customer_id: customer.id, code: 'calls', timestamp: at(5) },
      { transaction_id: 'c-4', customer_id: '00000000-0000-4000-8000-000000000000', code: 'calls', timestamp: at(15) },
    ]);
    expect(refused.events.map((e: any) => e.reason.code)).toEqual([
      'no_subscription_at_timestamp',
      'no_subscription_at_timestamp',
      'customer_not_found',
    ]);
    // A second live subscription of the customer makes its events ambiguous: refused, naming subscription_id.
    await s.start({ customer_id: customer.id });
    const ambiguous = await send(s.api, [{ transaction_id: 'c-5', customer_id: customer.id, code: 'calls', timestamp: at(20, 0) }]);
    expect(ambiguous.events[0].reason).toEqual({
      code: 'several_subscriptions',
      message: `Customer ${customer.id} has 2 subscriptions live at ${at(20, 0)}; send subscription_id`,
    });
    expect(await storedEvents(sub.id)).toEqual([{ transaction_id: 'c-1', code: 'calls' }]);
  });

  it('refuses each malformed event as invalid_event naming its field, and takes the largest well-formed one', async () => {
    const { api, sub } = await setup('Usage Shapes');
    await metric(api, { code: 'calls', aggregation: 'count' });
    const ok = { transaction_id: 's-ok', subscription_id: sub.id, code: 'calls', timestamp: at(12) };
    const many = (n: number, value: unknown = 1) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, value]));
    const cases: [unknown, RegExp][] = [
      [{ ...ok, transaction_id: undefined }, /^transaction_id: is required$/],
      [{ ...ok, transaction_id: 'x'.repeat(256) }, /^transaction_id: must be 1 to 255 characters long$/],
      [{ ...ok, transaction_id: 7 }, /^transaction_id: must be a string, not a number$/],
      [{ ...ok, transaction_id: 's-1', subscription_id: 'not-a-uuid' }, /^subscription_id: must be a UUID$/],
      [{ ...ok, transaction_id: 's-2', subscription_id: undefined, customer_id: 42 }, /^customer_id: must be a UUID$/],
      [{ ...ok, transaction_id: 's-3', code: '' }, /^code: must be 1 to 64 characters long$/],
      [{ ...ok, transaction_id: 's-4', code: 'c'.repeat(65) }, /^code: must be 1 to 64 characters long$/],
      [{ ...ok, transaction_id: 's-5', timestamp: '2027-01-12' }, /^timestamp: /],
      [{ ...ok, transaction_id: 's-6', properties: [1] }, /^properties: must be an object, not a list$/],
      [
        { ...ok, transaction_id: 's-7', properties: { a: { b: 1 } } },
        /^properties\.a: must be a string, a number, a boolean or null, not an object$/,
      ],
      [{ ...ok, transaction_id: 's-8', properties: { a: 'x'.repeat(1001) } }, /^properties\.a: must be at most 1,000 characters long$/],
      [{ ...ok, transaction_id: 's-9', properties: many(51) }, /^properties: properties holds at most 50 properties$/],
      [
        { ...ok, transaction_id: 's-10', properties: { ['k'.repeat(101)]: 1 } },
        /^properties: a property name must be 1 to 100 characters long$/,
      ],
      [{ ...ok, transaction_id: 's-11', extra: true }, /^unknown field extra$/],
      [
        { ...ok, transaction_id: 's-12', customer_id: sub.customer_id ?? '00000000-0000-4000-8000-000000000000' },
        /^subscription_id: give exactly one/,
      ],
      [17, /^an event must be an object, not a number$/],
      [null, /^an event must be an object, not null$/],
    ];
    const largest = {
      ...ok,
      transaction_id: 'y'.repeat(255),
      code: 'calls',
      properties: { ...many(49, 'v'.repeat(1000)), ['k'.repeat(100)]: null, p0: true, p1: -1.5, p2: '' },
    };
    const answer = await send(api, [...cases.map(([event]) => event), largest]);
    expect(answer).toMatchObject({ accepted: 1, duplicates: 0, refused: cases.length });
    cases.forEach(([, message], i) => {
      expect(answer.events[i].reason.code, String(message)).toBe('invalid_event');
      expect(answer.events[i].reason.message).toMatch(message);
    });
    expect(answer.events.at(-1)).toEqual({ index: cases.length, transaction_id: largest.transaction_id, status: 'accepted' });
    expect(await storedEvents(sub.id)).toEqual([{ transaction_id: largest.transaction_id, code: 'calls' }]);
  });

  it('stores any text as sent (tabs, newlines, backslashes), and a batch sent again with new events writes only the new ones', async () => {
    const { api, sub } = await setup('Usage Text');
    await metric(api, { code: 'calls', aggregation: 'count' });
    await metric(api, { code: 'regions', aggregation: 'unique_count', field: 'region' });
    // The characters COPY's text format escapes (backslash, tab, newline, carriage return), its end marker, quotes and non-ASCII.
    const awkward = ['tab\there', 'line\nbreak\r', 'back\\slash\\', '\\.', '"quoted", \'single\'', 'Größe 東京 🚀', '\\N'];
    const events = awkward.map((text, i) => ({
      transaction_id: text,
      subscription_id: sub.id,
      code: i % 2 === 0 ? 'calls' : 'regions',
      timestamp: at(12),
      properties: { region: text, [`key\t${i}`]: `\\u0041 ${text}`, n: i, yes: true, none: null },
    }));
    const first = await send(api, events);
    expect(first).toMatchObject({ accepted: awkward.length, duplicates: 0, refused: 0 });
    const stored = await app.runtime.sql.query<{ transaction_id: string; properties: unknown }>(
      `select transaction_id, properties from billing.usage_events where subscription_id = $1`,
      [sub.id],
    );
    expect(new Map(stored.map((r) => [r.transaction_id, r.properties]))).toEqual(
      new Map(events.map((e) => [e.transaction_id, e.properties])),
    );
    const keys = await app.runtime.sql.query<{ transaction_id: string }>(
      `select transaction_id from billing.usage_event_keys where transaction_id = any($1::text[])`,
      [awkward],
    );
    expect(keys.map((k) => k.transaction_id).sort()).toEqual([...awkward].sort());

    // The same batch again with two new events: the old ones are duplicates, the new ones written.
    const fresh = ['fresh-1', 'fresh-2'].map((transaction_id) => ({
      transaction_id,
      subscription_id: sub.id,
      code: 'calls',
      timestamp: at(13),
    }));
    const again = await send(api, [...events.slice(0, 3), fresh[0], ...events.slice(3), fresh[1]]);
    expect(again.events.map((e: any) => e.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'accepted',
      ...awkward.slice(3).map(() => 'duplicate'),
      'accepted',
    ]);
    expect(await storedEvents(sub.id)).toHaveLength(awkward.length + 2);
  });

  it('accepts exactly one of two requests racing with the same transaction_id', async () => {
    const { api, sub } = await setup('Usage Race');
    await metric(api, { code: 'calls', aggregation: 'count' });
    for (let round = 0; round < 10; round++) {
      const event = { transaction_id: `race-${round}`, subscription_id: sub.id, code: 'calls', timestamp: at(12) };
      // Each request also carries events of its own, so that both statements are in flight together.
      const own = (side: string) => Array.from({ length: 200 }, (_, i) => ({ ...event, transaction_id: `race-${round}-${side}-${i}` }));
      const [a, b] = await Promise.all([send(api, [...own('a'), event]), send(api, [event, ...own('b')])]);
      const statuses = [a.events.at(-1).status, b.events[0].status].sort();
      expect(statuses).toEqual(['accepted', 'duplicate']);
      expect(a.accepted + b.accepted).toBe(401);
    }
    const [row] = await app.runtime.sql.query<{ n: string }>(
      `select count(*) as n from billing.usage_events where subscription_id = $1 and transaction_id like 'race-_'`,
      [sub.id],
    );
    expect(Number(row!.n)).toBe(10);
  });
});

describe('aggregation', () => {
  it('counts, sums, maxes, unique-counts and takes the latest over [from, to), with filters; the current period by default', async () => {
    const { api, sub } = await setup('Usage Aggregation');
    await metric(api, { code: 'calls', aggregation: 'count', filters: { region: ['eu', 'us'] } });
    await metric(api, { code: 'bytes', aggregation: 'sum', field: 'bytes' });
    await metric(api, { code: 'peak', aggregation: 'max', field: 'gb' });
    await metric(api, { code: 'users', aggregation: 'unique_count', field: 'user' });
    await metric(api, { code: 'seats', aggregation: 'latest', field: 'seats' });
    await metric(api, { code: 'idle', aggregation: 'sum', field: 'n' });
    const e = (id: string, code: string, day: number, properties: Record<string, unknown> = {}, hour = 12) => ({
      transaction_id: id,
      subscription_id: sub.id,
      code,
      timestamp: at(day, hour),
      properties,
    });
    const answer = await send(api, [
      e('c1', 'calls', 11, { region: 'eu' }),
      e('c2', 'calls', 12, { region: 'us' }),
      e('c3', 'calls', 12, { region: 'apac' }), // filtered out
      e('c4', 'calls', 13),
      e('c5', 'calls', 20, { region: 'eu' }),
      e('b1', 'bytes', 11, { bytes: 1000 }),
      e('b2', 'bytes', 14, { bytes: '2500' }),
      e('b3', 'bytes', 20, { bytes: -500 }),
      e('p1', 'peak', 11, { gb: 7 }),
      e('p2', 'peak', 12, { gb: 19 }),
      e('p3', 'peak', 20, { gb: 3 }),
      e('u1', 'users', 11, { user: 'ada' }),
      e('u2', 'users', 12, { user: 'bob' }),
      e('u3', 'users', 13, { user: 'ada' }),
      e('u4', 'users', 20, { user: 'cy' }),
      e('s1', 'seats', 11, { seats: 5 }),
      e('s2', 'seats', 14, { seats: 9 }),
      e('s3', 'seats', 20, { seats: 4 }),
    ]);
    expect(answer).toMatchObject({ accepted: 18, refused: 0 });
    const usage = async (query = '') => {
      const res = await api.get(`/subscriptions/${sub.id}/usage${query}`);
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(res.body.response.metrics.map((m: any) => [m.code, [m.quantity, m.events]]));
    };
    // The current period: Jan 10 to Feb 10.
    const period = (await api.get(`/subscriptions/${sub.id}/usage`)).body.response;
    expect(period).toMatchObject({ subscription_id: sub.id, from: START, to: '2027-02-10T00:00:00.000Z' });
    expect(await usage()).toEqual({
      calls: [3, 3],
      bytes: [3000, 3],
      peak: [19, 3],
      users: [3, 4],
      seats: [4, 3],
      idle: [0, 0],
    });
    // [Jan 11, Jan 20 12:00): the events at Jan 20 12:00 fall out (to is exclusive); from is inclusive.
    expect(await usage(`?from=${at(11)}&to=${at(20)}`)).toEqual({
      calls: [2, 2],
      bytes: [3500, 2],
      peak: [19, 2],
      users: [2, 3],
      seats: [9, 2],
      idle: [0, 0],
    });
    expectError(await api.get(`/subscriptions/${sub.id}/usage?from=${at(20)}&to=${at(11)}`), 422, /to must be after from/);
    expectError(await api.get(`/subscriptions/${sub.id}/usage?from=soon`), 422, /from/);
    expectError(await api.get('/subscriptions/00000000-0000-4000-8000-000000000000/usage'), 404);
  });

  it('for count and sum, any split of a range into two parts aggregates to the whole (property)', async () => {
    const { api, sub } = await setup('Usage Split');
    await metric(api, { code: 'calls', aggregation: 'count' });
    await metric(api, { code: 'bytes', aggregation: 'sum', field: 'bytes' });
    const from = Date.parse(START);
    const to = Date.parse(at(25, 0));
    // 300 events at random instants (on whole seconds, some sharing one) of the clock's range.
    const events = fc
      .sample(fc.record({ s: fc.integer({ min: 0, max: (to - from) / 1000 - 1 }), bytes: fc.integer({ min: -50, max: 10_000 }) }), {
        numRuns: 300,
        seed: 28,
      })
      .map((e, i) => ({
        transaction_id: `s-${i}`,
        subscription_id: sub.id,
        code: i % 2 ? 'bytes' : 'calls',
        timestamp: new Date(from + e.s * 1000).toISOString(),
        properties: { bytes: e.bytes },
      }));
    expect(await send(api, events)).toMatchObject({ accepted: 300 });
    const usage = async (a: number, b: number) => {
      const res = await api.get(`/subscriptions/${sub.id}/usage?from=${new Date(a).toISOString()}&to=${new Date(b).toISOString()}`);
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(res.body.response.metrics.map((m: any) => [m.code, m.quantity]));
    };
    const whole = await usage(from, to);
    expect(whole.calls).toBe(150);
    expect(whole.bytes).toBe(events.filter((_, i) => i % 2).reduce((t, e) => t + e.properties.bytes, 0));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: from + 1000, max: to - 1 }), async (mid) => {
        // Split on whole seconds too, so that events at the split instant fall in the second part only.
        const split = mid - (mid % 1000);
        const [left, right] = await Promise.all([usage(from, split), usage(split, to)]);
        expect(left.calls + right.calls).toBe(whole.calls);
        expect(left.bytes + right.bytes).toBe(whole.bytes);
      }),
      { numRuns: 40, seed: 28 },
    );
  });
});
