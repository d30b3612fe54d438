import { randomBytes } from 'node:crypto';
import { configuredOrigin } from '../platform/hosted-links.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import type { Config } from '../../config/config.ts';
import { buildRuntime, type Runtime } from '../composition/runtime.ts';
import { startRoles, type RecurProcess } from '../composition/roles.ts';
import { createMerchant } from '../gateway/merchants/credentials.service.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import { createProcessLogger } from '../platform/logger.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { seedDemo, seededRandom, sendUsage } from './demo-scenario.ts';
import { refundSome, upgradeMidMonth } from './demo-changes.ts';
import { addMonthsUtc, advanceTo, CardUpdateDesk, monthLabel, settleClock, stopsOfMonth } from './demo-timeline.ts';
import { renderSummary, summarize, type DemoSummary } from './demo-summary.ts';

export type { DemoSummary, DemoMonth } from './demo-summary.ts';

const day = (date: Date): string => date.toISOString().slice(0, 10);

export interface DemoOptions {
  subscriptions: number;
  months: number;
  /** The test clock's start: midnight UTC of the first day billed. */
  start: Date;
  seed: number;
}

/** `recur demo [--subscriptions N] [--months N] [--start YYYY-MM-DD] [--seed N]`; an error is a usage message. */
export function parseDemoArgs(args: string[], clock: Clock = systemClock): { options: DemoOptions } | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { subscriptions: { type: 'string' }, months: { type: 'string' }, start: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { error: (err as Error).message };
  }
  const whole = (name: string, value: string | undefined, fallback: number, max: number): number | string => {
    if (value === undefined) return fallback;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= 1 && n <= max ? n : `--${name} takes a whole number from 1 to ${max}`;
  };
  const subscriptions = whole('subscriptions', values.subscriptions, 300, 5_000);
  // Renewed cards expire 3 years on: a longer window would have a renewal meet a card of the demo's own.
  const months = whole('months', values.months, 12, 36);
  const seed = whole('seed', values.seed, 1, 2 ** 31);
  const now = clock.now();
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  let start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  if (values.start !== undefined) {
    start = new Date(`${values.start}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.start) || Number.isNaN(start.getTime())) return { error: '--start takes a date, YYYY-MM-DD' };
    // Cards that expire during the demo are tokenized today: the sandbox refuses an expiry already past.
    if (start.getTime() < thisMonth) return { error: '--start may not be before the current month' };
  }
  for (const v of [subscriptions, months, seed]) if (typeof v === 'string') return { error: v };
  return { options: { subscriptions: subscriptions as number, months: months as number, start, seed: seed as number } };
}

/**
 * Waits (two minutes at most) until the demo's events are relayed and its e-mails rendered into the
 * local outbox, so that the summary counts them all.
 */
async function drainEmails(runtime: Runtime, recur: RecurProcess, merchant: MerchantRef): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [left] = await runtime.sql.query<{ events: number; emails: number }>(
      `select (select count(*) from billing.events where merchant_id = $1 and environment = $2 and not relayed)::int as events,
              (select count(*) from billing.emails where merchant_id = $1 and environment = $2 and status = 'pending')::int as emails`,
      [merchant.merchantId, merchant.environment],
    );
    if ((left!.events === 0 && left!.emails === 0) || Date.now() > deadline) return;
    recur.scheduler?.poke();
    recur.emails?.poke();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `recur demo`: a year of billing in about a minute, on the embedded sandbox and a test clock, in
 * one process running the scheduler and the workers. Progress goes to `out`; the summary table to
 * stdout. The demo merchant and everything it billed stay in the database, to look at afterwards.
 */
export async function runDemo(config: Config, options: DemoOptions, out: NodeJS.WritableStream = process.stderr): Promise<DemoSummary> {
  const logger = createProcessLogger(config, 2, config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const runtime = await buildRuntime(config, { prepareDatabase: true, logger });
  let recur: RecurProcess | null = null;
  const bar = new SingleBar(
    {
      stream: out,
      format: 'Billing [{bar}] {value}/{total} months | clock {clock} | {duration_formatted}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    },
    Presets.shades_classic,
  );
  try {
    recur = await startRoles(runtime, { api: false, scheduler: true, workers: true });
    const created = await createMerchant(runtime.orm.em.fork(), runtime.clock, runtime.secrets.credentialKey, {
      name: 'Recur Demo',
      currencies: ['AUD'],
    });
    const merchant: MerchantRef = { merchantId: created.merchant_id, environment: 'sandbox' };
    const testClock = await runtime.billing.createTestClock(merchant, options.start);

    out.write(`Recur demo: ${options.subscriptions} subscriptions on a test clock at ${day(options.start)}, seed ${options.seed}\n`);
    const { customers, catalog } = await seedDemo(runtime, merchant, testClock.id, options);
    await settleClock(runtime, merchant, testClock.id);

    const ctx = await runtime.gateway.merchantContext(merchant.merchantId, merchant.environment);
    const early = new Set(customers.filter((c) => c.story === 'expiring' && c.reactsEarly).map((c) => c.cardToken));
    const desk = new CardUpdateDesk(runtime, merchant, ctx, early);
    const expiryUpdates = new Map<string, number>();
    // The API customers' calls draw from a generator of their own: the year's stories stay those of the seed.
    const usageRandom = seededRandom(options.seed ^ 0xa11_ca11);
    bar.start(options.months, 0, { clock: day(options.start) });
    for (let m = 0; m < options.months; m++) {
      const label = monthLabel(addMonthsUtc(options.start, m));
      const stops = stopsOfMonth(options.start, m);
      for (const [s, stop] of stops.entries()) {
        const updates = await advanceTo(runtime, merchant, testClock.id, stop, desk);
        await sendUsage(runtime, merchant, customers, stop, usageRandom);
        if (updates) expiryUpdates.set(label, (expiryUpdates.get(label) ?? 0) + updates);
        // Two weeks in: this month's upgrades, charged at once for the rest of the period.
        if (s === 1) await upgradeMidMonth(runtime, merchant, customers, catalog, m);
      }
      bar.increment(1, { clock: day(stops.at(-1)!) });
    }
    bar.stop();
    await refundSome(runtime, merchant, customers);
    await drainEmails(runtime, recur, merchant);

    const summary = await summarize(runtime.sql, merchant, expiryUpdates);
    const shown = await showOneInvoice(runtime, merchant, config.DATA_DIR);
    const login = await consoleLogin(runtime, merchant);
    process.stdout.write(
      `\nRecur demo: ${options.subscriptions} subscriptions, ${options.months} months from ${day(options.start)} (seed ${options.seed})\n` +
        `Demo merchant ${merchant.merchantId}, sandbox username ${created.sandbox.username} ` +
        `(recur merchant rotate-token --username ${created.sandbox.username} gives it an API token to look around)\n\n` +
        renderSummary(summary) +
        (shown ? `\nOne invoice, ${shown.number}: its PDF is ${shown.pdf}; its page, while \`npm start\` runs: ${shown.url}\n` : '') +
        `\nThe console, while \`npm start\` runs: ${configuredOrigin(config, 'sandbox')}/console/\n` +
        `  sign in as ${login.email} with the password ${login.password} (an admin of the demo merchant; shown once, only here)\n`,
    );
    return summary;
  } finally {
    bar.stop();
    if (recur) await recur.close();
    else await runtime.close();
  }
}

/**
 * An admin console user of the demo merchant, to look at its year in the console: a new e-mail
 * each run (e-mails are unique across merchants) and a random password, printed once.
 */
async function consoleLogin(runtime: Runtime, merchant: MerchantRef): Promise<{ email: string; password: string }> {
  const email = `demo-${randomBytes(4).toString('hex')}@recur.example`;
  const password = randomBytes(12).toString('base64url');
  await runtime.console.createUser(merchant.merchantId, { email, name: 'Demo admin', role: 'admin', password });
  return { email, password };
}

/**
 * The demo's last numbered invoice of a customer with an address, as a customer would see it: its
 * PDF written under DATA_DIR/demo, and a signed link to its page on the sandbox listener (`npm
 * start` serves it from the same database and keys).
 */
async function showOneInvoice(
  runtime: Runtime,
  merchant: MerchantRef,
  dataDir: string,
): Promise<{ number: string; pdf: string; url: string } | null> {
  const [invoice] = await runtime.sql.query<{ id: string; number: string }>(
    `select i.id, i.number from billing.invoices i join billing.customers c on c.id = i.customer_id
      where i.merchant_id = $1 and i.environment = $2 and i.number is not null and c.address is not null
      order by i.finalized_at desc, i.number desc limit 1`,
    [merchant.merchantId, merchant.environment],
  );
  if (!invoice) return null;
  const dir = join(dataDir, 'demo');
  await mkdir(dir, { recursive: true });
  const pdf = join(dir, `${invoice.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
  await writeFile(pdf, (await runtime.billing.invoicePdf(merchant, invoice.id)).pdf);
  const url = runtime.links.url({ purpose: 'invoice', objectId: invoice.id, environment: merchant.environment }, new Date());
  return { number: invoice.number, pdf, url };
}
