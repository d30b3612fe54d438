import type { Runtime } from '../composition/runtime.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import type { MerchantContext } from '../gateway/merchants/credentials.service.ts';
import { MAX_PAGE_SIZE } from '../platform/pagination.ts';

const DAY_MS = 86_400_000;
/** How often a settling clock is read: short, since a step's work takes a fraction of a second. */
const POLL_MS = 25;

/** `months` calendar months after `date` (UTC), clamped to the end of a shorter month. */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) + (date.getTime() % DAY_MS));
}

export const monthLabel = (date: Date): string => date.toISOString().slice(0, 7);

/**
 * Where the clock stops within month `m` of the demo: every 7 days, and the month's last
 * millisecond. Billing time is the clock's time, so a charge runs at the first stop after it
 * falls due: weekly stops keep charges, dunning retries (1 to 7 days apart) and card checks within
 * days of their dates, and no charge due in a month runs in the next (where a card valid through
 * the month would already read as expired).
 */
export function stopsOfMonth(start: Date, m: number): Date[] {
  const from = addMonthsUtc(start, m).getTime();
  const last = addMonthsUtc(start, m + 1).getTime() - 1;
  const weekly = [7, 14, 21, 28].map((d) => from + d * DAY_MS).filter((t) => t < last);
  return [...weekly, last].map((t) => new Date(t));
}

/** Waits until the clock reads `ready`: everything due up to its time has an outcome. */
export async function settleClock(runtime: Runtime, merchant: MerchantRef, clockId: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const clock = await runtime.billing.testClock(merchant, clockId);
    if (clock.status === 'ready') return;
    if (Date.now() > deadline) throw new Error(`the test clock is still ${clock.status} at ${clock.frozen_time} after ${timeoutMs} ms`);
    // Retry rounds and the clock's `ready` are decided on scheduler ticks: ask for one now rather
    // than wait out the tick interval once per round.
    runtime.pokeScheduler();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A replacement card's expiry is the old one's month this many years on. */
export const RENEWAL_YEARS = 3;

function renewedExpiry(cardExpiry: string): string {
  const [year, month] = cardExpiry.split('-');
  return `${month}/${Number(year) + RENEWAL_YEARS}`;
}

/**
 * The merchant's side of card expiry: reads `card.expiring` and `card.expired` and sends the
 * card's new expiry, as a merchant's integration would with `PUT /credit_cards/{token}`. Customers
 * who react early answer the reminder; the others only after a charge was held for their card.
 */
export class CardUpdateDesk {
  readonly #runtime: Runtime;
  readonly #merchant: MerchantRef;
  readonly #ctx: MerchantContext;
  readonly #early: ReadonlySet<string>;
  readonly #seen = new Set<string>();
  readonly #updated = new Set<string>();

  constructor(runtime: Runtime, merchant: MerchantRef, ctx: MerchantContext, earlyCards: ReadonlySet<string>) {
    this.#runtime = runtime;
    this.#merchant = merchant;
    this.#ctx = ctx;
    this.#early = earlyCards;
  }

  /** Answers the card events not seen yet; returns how many cards were updated. */
  async answer(): Promise<number> {
    let updates = 0;
    for (const type of ['card.expiring', 'card.expired'] as const) {
      for (const event of await this.#events(type)) {
        if (this.#seen.has(event.id)) continue;
        this.#seen.add(event.id);
        const token = String(event.data.card_token);
        if (this.#updated.has(token) || (type === 'card.expiring' && !this.#early.has(token))) continue;
        await this.#runtime.gateway.updateCard(this.#ctx, token, { card_expiry: renewedExpiry(String(event.data.card_expiry)) });
        this.#updated.add(token);
        updates++;
      }
    }
    return updates;
  }

  async #events(type: string) {
    const events = [];
    for (let page = 1; ; page++) {
      const listed = await this.#runtime.billing.events(
        this.#merchant,
        { limit: MAX_PAGE_SIZE, page, skip: (page - 1) * MAX_PAGE_SIZE },
        { type },
      );
      events.push(...listed.items);
      if (page * MAX_PAGE_SIZE >= listed.total) return events;
    }
  }
}

/**
 * One stop: moves the clock, waits for it to settle, then lets the merchant answer card events;
 * an update releases a held charge, so the clock is settled again until nothing is left to answer.
 * Returns the number of card updates.
 */
export async function advanceTo(runtime: Runtime, merchant: MerchantRef, clockId: string, to: Date, desk: CardUpdateDesk): Promise<number> {
  await runtime.billing.advanceTestClock(merchant, clockId, to);
  let updates = 0;
  for (;;) {
    await settleClock(runtime, merchant, clockId);
    const made = await desk.answer();
    if (made === 0) return updates;
    updates += made;
  }
}
