import type { Runtime } from '../composition/runtime.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import { PlanCreate } from '../billing/billing-core.ts';
import type { ScriptedOutcome } from '../gateway/sandbox/sandbox-script.ts';
import { addMonthsUtc, RENEWAL_YEARS } from './demo-timeline.ts';
import { CustomerDesk, setUpMerchant, type DemoCountry } from './demo-customers.ts';

/**
 * The demo's customers: what happens to each one's card over the year. Shares are of the
 * subscriptions; every story but `steady` gets at least one subscription so that a small demo
 * still shows recoveries, losses and card updates.
 */
export const STORIES = [
  { story: 'recovering', share: 0.12 }, // soft declines in one month, paid by a dunning retry
  { story: 'exhausting', share: 0.04 }, // soft declines past the last retry: the plan's final action
  { story: 'hard', share: 0.04 }, // lost, stolen, closed: never retried
  { story: 'expiring', share: 0.1 }, // the card expires during the year; the merchant sends the new expiry
] as const;
export type Story = (typeof STORIES)[number]['story'] | 'steady';

export interface DemoCustomer {
  subscriptionId: string;
  story: Story;
  cardToken: string;
  /** Updates the card on `card.expiring`; the others only once a charge was held (`card.expired`). */
  reactsEarly: boolean;
  /** A steady Starter customer who upgrades to Pro mid-month (effective now, prorated), in this month of the demo. */
  upgradeMonth: number | null;
  /** The subscription's customer, and the country of its address (which decides its tax). */
  customerId: string;
  country: DemoCountry;
  /** On the API plan: its calls are sent as usage events through the year, and billed in arrears. */
  usage: boolean;
  /** When its subscription starts (billing time). */
  startsAt: Date;
}

/** The demo's plan and coupon ids, for what happens during the year. */
export interface DemoCatalog {
  proPlanId: string;
}

/** The sandbox cards that approve whatever the amount (GATEWAY.md "Sandbox cards"). */
const APPROVING = ['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016'];
const SOFT = ['51', '61', '65', '91', '96'];
const HARD = ['41', '43', '46', '04', '57', '62'];

/** Amounts in minor units; each plan ends dunning differently so that every final action shows up. */
const PLANS = [
  { name: 'Starter', amount: 990, interval: 'month', weight: 50, dunning: { retry_days: [1, 3, 5, 7], final_action: 'cancel' } },
  // Seats, and a joining fee on the first invoice.
  {
    name: 'Pro',
    amount: 2900,
    interval: 'month',
    weight: 35,
    setup_fee: 4900,
    dunning: { retry_days: [1, 3, 5, 7], final_action: 'mark_unpaid' },
  },
  { name: 'Annual', amount: 19900, interval: 'year', weight: 15, dunning: { retry_days: [1, 3, 5, 7], final_action: 'leave_past_due' } },
  // A platform fee and the API calls on graduated tiers, billed in arrears: some steady Starter customers take it instead (below).
  { name: 'API', amount: 1900, interval: 'month', weight: 0, dunning: { retry_days: [1, 3, 5, 7], final_action: 'cancel' } },
  // A base fee and seats on graduated tiers, billed in advance: some steady Starter customers take it instead (below).
  { name: 'Team', amount: 4900, interval: 'month', weight: 0, dunning: { retry_days: [1, 3, 5, 7], final_action: 'cancel' } },
  // An instalment plan: a fixed number of payments, then `completed` (one customer takes it).
  { name: 'Instalments', amount: 12000, interval: 'month', weight: 0, dunning: { retry_days: [1, 3, 5, 7], final_action: 'cancel' } },
] as const;

/** The API plan's usage price: the first 5,000 calls of a month free, then 1 cent (AUD 0.01) a call. */
export const API_CALLS = { code: 'api_calls', name: 'API calls', aggregation: 'sum', field: 'calls' } as const;
const API_CALLS_PRICE = {
  metric_code: API_CALLS.code,
  model: 'graduated',
  tiers: [
    { up_to: 5000, unit_amount: 0 },
    { up_to: null, unit_amount: 1 },
  ],
} as const;

/** The Team plan's seats price (docs/pricing.md, "Seats"): the first 5 seats at AUD 15, the next 15 at AUD 12, then AUD 9. */
export const TEAM_SEATS_PRICE = {
  metric_code: 'seats',
  model: 'graduated',
  tiers: [
    { up_to: 5, unit_amount: 1500 },
    { up_to: 20, unit_amount: 1200 },
    { up_to: null, unit_amount: 900 },
  ],
} as const;

/** A launch discount some customers join with. */
const LAUNCH_COUPON = {
  code: 'LAUNCH20',
  name: 'Launch: 20% off three months',
  percent_off: 20,
  duration: 'repeating',
  duration_in_periods: 3,
} as const;

/** mulberry32: a small seeded generator, so that `--seed` replays the same year. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const mmYYYY = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

/** Each subscription's story: fixed counts per story (at least one each), in a seeded order. */
function castStories(count: number, random: () => number): Story[] {
  const stories: Story[] = [];
  for (const { story, share } of STORIES) {
    const n = Math.max(1, Math.round(count * share));
    for (let i = 0; i < n && stories.length < count; i++) stories.push(story);
  }
  while (stories.length < count) stories.push('steady');
  for (let i = stories.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [stories[i], stories[j]] = [stories[j]!, stories[i]!];
  }
  return stories;
}

/** What the card answers, purchase by purchase: approvals until the story's month, then its declines. */
function scriptFor(story: Story, declineMonth: number, random: () => number): ScriptedOutcome[] {
  const before: ScriptedOutcome[] = Array.from({ length: declineMonth }, () => ({ response_code: '00' }));
  if (story === 'recovering') {
    const declines = 1 + Math.floor(random() * 3); // paid by retry 1, 2 or 3
    return [...before, ...Array.from({ length: declines }, () => ({ response_code: pick(random, SOFT) }))];
  }
  if (story === 'exhausting') return [...before, ...Array.from({ length: 5 }, () => ({ response_code: pick(random, SOFT) }))];
  if (story === 'hard') return [...before, { response_code: pick(random, HARD) }];
  return [];
}

export interface SeedOptions {
  subscriptions: number;
  months: number;
  start: Date;
  seed: number;
}

/**
 * The merchant's business details, tax rates and automatic tax (demo-customers.ts); plans; one
 * customer with an address per subscription; one card per customer (distinct number and expiry
 * pairs: tokenizing the same pair twice gives the same card, and a shared card would share its
 * dunning rhythm and network caps); the cards' scripts; and the subscriptions on the test clock,
 * starting over the first 28 days.
 */
export async function seedDemo(
  runtime: Runtime,
  merchant: MerchantRef,
  clockId: string,
  options: SeedOptions,
): Promise<{ customers: DemoCustomer[]; catalog: DemoCatalog }> {
  const random = seededRandom(options.seed);
  const ctx = await runtime.gateway.merchantContext(merchant.merchantId, merchant.environment);
  await setUpMerchant(runtime, merchant);
  // Customers draw from a generator of their own: the year's stories stay those of the seed.
  const desk = new CustomerDesk(runtime, merchant, seededRandom(options.seed ^ 0x5eed_c0de), options.subscriptions);
  await runtime.billing.createBillableMetric(merchant, { ...API_CALLS });
  const plans = await Promise.all(
    PLANS.map(async (plan) => {
      const input = PlanCreate.parse({
        name: plan.name,
        amount: plan.amount,
        currency: 'AUD',
        interval: plan.interval,
        dunning: plan.dunning,
        setup_fee: 'setup_fee' in plan ? plan.setup_fee : 0,
        // Completes inside the window: the payments fit in all but its last month.
        billing_cycles: plan.name === 'Instalments' ? Math.max(1, Math.min(6, options.months - 1)) : null,
        ...(plan.name === 'API' ? { prices: [API_CALLS_PRICE] } : plan.name === 'Team' ? { prices: [TEAM_SEATS_PRICE] } : {}),
      });
      return { ...plan, id: (await runtime.billing.createPlan(merchant, input)).id };
    }),
  );
  await runtime.billing.createCoupon(merchant, { ...LAUNCH_COUPON });
  const monthly = plans.filter((p) => p.interval === 'month' && p.weight > 0);
  const instalments = plans.find((p) => p.name === 'Instalments')!;
  const pro = plans.find((p) => p.name === 'Pro')!;
  const api = plans.find((p) => p.name === 'API')!;
  const team = plans.find((p) => p.name === 'Team')!;
  const totalWeight = plans.reduce((sum, p) => sum + p.weight, 0);
  const choosePlan = () => {
    let r = random() * totalWeight;
    return plans.find((p) => (r -= p.weight) < 0) ?? plans[0]!;
  };
  const startYear = options.start.getUTCFullYear();
  // Past the window, and past the renewals the merchant sends for expiring cards: no pair repeats.
  const farYear = startYear + Math.ceil(options.months / 12) + RENEWAL_YEARS + 2;
  // A card valid through month E is refused on a charge in month E+1: E + 1 must fall inside the window.
  const expiringMonths = Math.max(0, options.months - 1);
  let farCards = 0;
  let expiringCards = 0;
  /**
   * The k-th card of a pool: expiring cards spread over the window's months first, then over the
   * numbers (past five a month, customers share cards, as households do); the others cycle
   * through the numbers, then far-off expiries, and never repeat a pair.
   */
  const nextCard = (expiring: boolean): { number: string; expiry: string } => {
    const k = expiring ? expiringCards++ : farCards++;
    const [slot, round] = expiring ? [Math.floor(k / expiringMonths), k % expiringMonths] : [k, Math.floor(k / APPROVING.length)];
    const expiry = expiring ? addMonthsUtc(options.start, round) : new Date(Date.UTC(farYear + Math.floor(round / 12), round % 12, 1));
    return { number: APPROVING[slot % APPROVING.length]!, expiry: mmYYYY(expiry.getUTCMonth() + 1, expiry.getUTCFullYear()) };
  };
  const customers: DemoCustomer[] = [];
  const stories = castStories(options.subscriptions, random);
  const instalmentCustomer = stories.indexOf('steady');
  // Upgrades happen in the second month (the first when the demo is one month long).
  const upgradeMonth = Math.min(1, options.months - 1);
  for (const [i, castStory] of stories.entries()) {
    const story: Story = castStory === 'expiring' && expiringMonths === 0 ? 'steady' : castStory;
    const drawn = story === 'expiring' ? pick(random, monthly) : i === instalmentCustomer ? instalments : choosePlan();
    // One steady Starter customer in four bills its API calls instead (a monthly plan too: the year's draws stay the same).
    const usage = story === 'steady' && drawn.name === 'Starter' && i % 4 === 1;
    // And one in four takes the Team plan's seats (a quantity from 3 to 22, drawn without the generator: the year's draws stay the same).
    const seats = story === 'steady' && drawn.name === 'Starter' && i % 4 === 3;
    const plan = usage ? api : seats ? team : drawn;
    const { number, expiry } = nextCard(story === 'expiring');
    const card = await runtime.gateway.tokenize(ctx, {
      card_holder: `Customer ${i + 1}`,
      card_number: number,
      card_expiry: expiry,
      cvv: '123',
    });
    // A yearly plan charges once in a year: its story has to happen on that charge.
    const declineMonth = plan.interval === 'year' ? 0 : Math.floor(random() * Math.max(1, options.months - 1));
    const script = scriptFor(story, declineMonth, random);
    if (script.length) await runtime.gateway.scriptSandboxCard(ctx, card.token, script);
    const startAt = new Date(options.start.getTime() + Math.floor(random() * 28 * 86_400_000));
    const customer = await desk.next({ story, plan: plan.name });
    const subscription = await runtime.billing.createSubscription(merchant, {
      plan_id: plan.id,
      customer_id: customer.id,
      card_token: card.token,
      customer_reference: `demo-customer-${i + 1}`,
      start_date: startAt.toISOString(),
      test_clock_id: clockId,
      metadata: { story },
      quantity: plan.name === 'Pro' ? 1 + Math.floor(random() * 5) : seats ? 3 + ((i * 7) % 20) : 1,
      // Coupons only for steady cards: a discounted amount would not change a scripted story, but keep stories plain.
      coupon: story === 'steady' && plan.name !== 'Instalments' && random() < 0.2 ? LAUNCH_COUPON.code : undefined,
    });
    // About one steady Starter customer in seven upgrades, and at least one does.
    const upgrades =
      story === 'steady' &&
      drawn.name === 'Starter' &&
      (random() < 0.15 || !customers.some((c) => c.upgradeMonth !== null)) &&
      !usage &&
      !seats;
    customers.push({
      subscriptionId: subscription.id,
      story,
      cardToken: card.token,
      reactsEarly: random() < 0.5,
      upgradeMonth: upgrades ? upgradeMonth : null,
      customerId: customer.id,
      country: customer.country,
      usage,
      startsAt: startAt,
    });
  }
  return { customers, catalog: { proPlanId: pro.id } };
}

/**
 * The API customers' calls since the last stop, one usage event each at the clock's time `at`:
 * 200 to 3,000 calls a week (so a month crosses the free 5,000 for most), from a generator of
 * their own. Every event is accepted or the demo stops: a refusal would be a bug.
 */
export async function sendUsage(
  runtime: Runtime,
  merchant: MerchantRef,
  customers: readonly DemoCustomer[],
  at: Date,
  random: () => number,
): Promise<number> {
  const events = customers
    .filter((c) => c.usage && c.startsAt.getTime() <= at.getTime())
    .map((c) => ({
      transaction_id: `demo-${c.subscriptionId}-${at.getTime()}`,
      subscription_id: c.subscriptionId,
      code: API_CALLS.code,
      timestamp: at.toISOString(),
      properties: { calls: 200 + Math.floor(random() * 2800) },
    }));
  if (events.length === 0) return 0;
  const answer = await runtime.billing.ingestUsage(merchant, events);
  if (answer.refused > 0)
    throw new Error(`the demo's usage events were refused: ${JSON.stringify(answer.events.filter((e) => e.status === 'refused'))}`);
  return answer.accepted;
}
