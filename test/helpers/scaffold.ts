import type { ApiClient, TestApp } from './test-app.ts';
import { APPROVE, createCard, createClock, createPlan, merchantClient, settle, subscribe } from './billing.ts';

export interface ScaffoldOptions {
  /** The merchant's name (a fresh merchant each call). */
  merchant?: string;
  /** The card's number (a sandbox card: APPROVE by default, DECLINE, DYNAMIC…). */
  card?: string;
  /** The plan's fields over `createPlan`'s defaults (1,500 AUD a month). */
  plan?: Record<string, unknown>;
  /** A test clock frozen at this instant; without it, no clock. */
  clock?: string;
  /** Fields every `start()` sends beside the plan, the card and the clock (a `start_date`, a `quantity`). */
  subscription?: Record<string, unknown>;
  /** Subscribe at once (`start()`) and wait for the clock to settle: `sub` is the subscription. */
  subscribe?: boolean;
}

export interface Scaffold {
  api: ApiClient;
  card: { token: string; alias: string | null };
  plan: any;
  /** The test clock, or null without `clock`. */
  clock: any;
  /** The subscription `subscribe: true` made, or null. */
  sub: any;
  /** Subscribes on the scaffold's plan, card and clock; `fields` go over `subscription`'s. */
  start(fields?: Record<string, unknown>): Promise<any>;
}

/**
 * What a billing test starts from, built through the public API: a merchant's sandbox client, a
 * card, a plan and (with `clock`) a test clock; with `subscribe`, a subscription on them whose
 * first charge has run.
 */
export async function scaffold(app: TestApp, options: ScaffoldOptions = {}): Promise<Scaffold> {
  const api = await merchantClient(app, options.merchant);
  const card = await createCard(api, options.card ?? APPROVE);
  const plan = await createPlan(api, options.plan);
  const clock = options.clock === undefined ? null : await createClock(api, options.clock);
  const start = (fields: Record<string, unknown> = {}) =>
    subscribe(api, {
      plan_id: plan.id,
      card_token: card.token,
      ...(clock ? { test_clock_id: clock.id } : {}),
      ...options.subscription,
      ...fields,
    });
  let sub: any = null;
  if (options.subscribe) {
    sub = await start();
    if (clock) await settle(api, clock.id);
  }
  return { api, card, plan, clock, sub, start };
}
