import type { Runtime } from '../composition/runtime.ts';
import type { MerchantRef } from '../billing/ports/gateway-port.ts';
import {
  BusinessSettingsUpdate,
  CustomerCreate,
  EmailSettingsUpdate,
  InvoicingSettingsUpdate,
  TaxRateCreate,
  TaxSettingsUpdate,
} from '../billing/billing-core.ts';

/**
 * Who the demo merchant is and whom it bills: an Australian business (legal name, address, ABN)
 * with GST and two EU VAT rates and automatic tax on, and one customer per subscription, each
 * with a name, an e-mail and a postal address. Most customers are in Australia (spread over the
 * states), about one in ten is a consumer in Germany, and one is a French business with an EU VAT
 * id. Every invoice is then taxed by its customer's address: GST inside the Australian prices,
 * VAT on top of them for the European customers.
 */

/** The merchant's legal details: what every invoice's `seller` snapshot shows. */
export const DEMO_BUSINESS = {
  legal_name: 'Recur Demo Pty Ltd',
  address: { line1: 'Level 12, 1 Martin Place', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
  tax_id: 'ABN 51 824 753 556',
  email: 'accounts@recur-demo.example.com',
  phone: '+61 2 9000 0000',
} as const;

/**
 * Invoices are final (numbered and charged) as they are written: `draft_hours` 0 keeps each
 * card's story on its dates. One gap-free sequence for the merchant, `INV-` and `CN-`.
 */
export const DEMO_INVOICING = { draft_hours: 0, invoice_prefix: 'INV-', credit_note_prefix: 'CN-', numbering: 'merchant' } as const;

/** The merchant's rates; with automatic tax on, a customer's country picks its own. */
export const DEMO_TAX_RATES = [
  { display_name: 'GST', percentage: '10', inclusive: true, country: 'AU', description: 'Australian GST, inside the price' },
  { display_name: 'DE VAT', percentage: '19', inclusive: false, country: 'DE', description: 'German VAT (Umsatzsteuer), on top' },
  { display_name: 'FR VAT', percentage: '20', inclusive: false, country: 'FR', description: 'French VAT (TVA), on top' },
] as const;

/** The one French business customer: its EU VAT id has a valid format (FR, 2 key characters, the 9-digit SIREN). */
export const FRENCH_BUSINESS = {
  name: 'Atelier Lumière SARL',
  email: 'factures@atelier-lumiere.example.com',
  phone: '+33 1 40 00 00 00',
  address: { line1: '12 rue de Rivoli', city: 'Paris', postal_code: '75004', country: 'FR' },
  tax_ids: [{ type: 'eu_vat', value: 'FR12345678901' }],
  locale: 'fr-FR',
} as const;

/** Share of the customers (other than the French business) who live in Germany. */
const GERMAN_SHARE = 0.1;
/** Share of the Australian customers who are businesses, billed with their ABN. */
const AU_BUSINESS_SHARE = 0.15;

/** States and territories, weighted roughly by population, with a few of their cities. */
const AU_PLACES: readonly { state: string; weight: number; cities: readonly (readonly [string, string])[] }[] = [
  {
    state: 'NSW',
    weight: 32,
    cities: [
      ['Sydney', '2000'],
      ['Newcastle', '2300'],
      ['Wollongong', '2500'],
    ],
  },
  {
    state: 'VIC',
    weight: 26,
    cities: [
      ['Melbourne', '3000'],
      ['Geelong', '3220'],
      ['Ballarat', '3350'],
    ],
  },
  {
    state: 'QLD',
    weight: 20,
    cities: [
      ['Brisbane', '4000'],
      ['Gold Coast', '4217'],
      ['Cairns', '4870'],
    ],
  },
  {
    state: 'WA',
    weight: 10,
    cities: [
      ['Perth', '6000'],
      ['Fremantle', '6160'],
    ],
  },
  { state: 'SA', weight: 7, cities: [['Adelaide', '5000']] },
  {
    state: 'TAS',
    weight: 2,
    cities: [
      ['Hobart', '7000'],
      ['Launceston', '7250'],
    ],
  },
  { state: 'ACT', weight: 2, cities: [['Canberra', '2600']] },
  { state: 'NT', weight: 1, cities: [['Darwin', '0800']] },
];
const AU_STREETS = [
  'George Street',
  'Collins Street',
  'Queen Street',
  'Hay Street',
  'King William Street',
  'Bourke Street',
  'Elizabeth Street',
];
const AU_FIRST = ['Olivia', 'Jack', 'Charlotte', 'Noah', 'Amelia', 'William', 'Mia', 'Oliver', 'Isla', 'Thomas', 'Grace', 'Lachlan'];
const AU_LAST = ['Smith', 'Nguyen', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Anderson', 'Kelly', 'Murphy', 'Singh', 'Chen', 'Walker'];
const AU_TRADES = ['Plumbing', 'Design', 'Consulting', 'Bakery', 'Landscaping', 'Accounting'];

const DE_PLACES = [
  ['Berlin', '10115'],
  ['München', '80331'],
  ['Hamburg', '20095'],
  ['Köln', '50667'],
  ['Leipzig', '04109'],
] as const;
const DE_STREETS = ['Hauptstraße', 'Schillerstraße', 'Gartenweg', 'Bahnhofstraße', 'Lindenallee'];
const DE_FIRST = ['Lena', 'Lukas', 'Hannah', 'Jonas', 'Sophie', 'Felix', 'Marie', 'Paul'];
const DE_LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Schäfer', 'Koch'];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** An e-mail address's local part from a name: lower case, umlauts spelt out, ASCII only. */
const mailbox = (name: string): string =>
  name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]+/g, '.');

/**
 * A valid ABN from 9 digits: the two leading digits are those the ABN checksum asks for (the first
 * digit less one, then the weights 10, 1, 3, …, 19: the sum is a multiple of 89). Every body has
 * exactly one such pair from 10 to 99, since (first − 1) × 10 + second runs over 0 … 89.
 */
export function abnFrom(body: number): string {
  const tail = String(body % 1_000_000_000).padStart(9, '0');
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  for (let lead = 10; lead <= 99; lead++) {
    const digits = `${lead}${tail}`.split('').map(Number);
    digits[0]! -= 1;
    if (digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 89 === 0) {
      const abn = `${lead}${tail}`;
      return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
    }
  }
  throw new Error(`no ABN for ${body}`); // unreachable: see above
}

/** Where a demo customer lives, as the summary counts them. */
export type DemoCountry = 'AU' | 'DE' | 'FR';

/** Customer `i` (1-based in its e-mail): an Australian (a person or a business with an ABN) or a German consumer. */
function customerInput(i: number, random: () => number, country: 'AU' | 'DE'): CustomerCreate {
  const number = 1 + Math.floor(random() * 240);
  if (country === 'DE') {
    const name = `${pick(random, DE_FIRST)} ${pick(random, DE_LAST)}`;
    const [city, postal_code] = pick(random, DE_PLACES);
    return CustomerCreate.parse({
      name,
      email: `${mailbox(name)}.${i}@example.com`,
      address: { line1: `${pick(random, DE_STREETS)} ${number}`, city, postal_code, country: 'DE' },
      locale: 'de-DE',
    });
  }
  let r = random() * AU_PLACES.reduce((sum, p) => sum + p.weight, 0);
  const place = AU_PLACES.find((p) => (r -= p.weight) < 0) ?? AU_PLACES[0]!;
  const [city, postal_code] = pick(random, place.cities);
  const person = `${pick(random, AU_FIRST)} ${pick(random, AU_LAST)}`;
  const business = random() < AU_BUSINESS_SHARE;
  const name = business ? `${person.split(' ')[1]} ${pick(random, AU_TRADES)} Pty Ltd` : person;
  return CustomerCreate.parse({
    name,
    email: `${mailbox(business ? name.replace(/ Pty Ltd$/, '') : name)}.${i}@example.com`,
    address: { line1: `${number} ${pick(random, AU_STREETS)}`, city, state: place.state, postal_code, country: 'AU' },
    tax_ids: business ? [{ type: 'au_abn', value: abnFrom(Math.floor(random() * 1_000_000_000)) }] : undefined,
    locale: 'en-AU',
  });
}

/** The merchant's business details, invoicing settings and tax rates, and automatic tax on. */
export async function setUpMerchant(runtime: Runtime, merchant: MerchantRef): Promise<void> {
  await runtime.billing.updateBusinessSettings(merchant, BusinessSettingsUpdate.parse(DEMO_BUSINESS));
  await runtime.billing.updateInvoicingSettings(merchant, InvoicingSettingsUpdate.parse(DEMO_INVOICING));
  for (const rate of DEMO_TAX_RATES) await runtime.billing.createTaxRate(merchant, TaxRateCreate.parse(rate));
  await runtime.billing.putTaxSettings(merchant, TaxSettingsUpdate.parse({ automatic_tax: true }));
  await runtime.billing.updateEmailSettings(merchant, EmailSettingsUpdate.parse(DEMO_EMAILS));
}

/**
 * The demo's e-mails: the ones that ask something of the customer (a failed payment, a card to
 * update) and the credit notes. They land in the local outbox (a sandbox merchant on a test
 * clock, `sandbox_delivery: outbox`), never at the customers' made-up addresses. Invoices and
 * receipts (one each per invoice, a PDF attached to every invoice) are left off to keep the run
 * short; `PUT /settings/emails` turns them on.
 */
const DEMO_EMAILS = {
  from: 'billing@recur-demo.example.com',
  reply_to: 'accounts@recur-demo.example.com',
  enabled: { payment_failed: true, card_expiring: true, card_expired: true, credit_note_created: true },
  sandbox_delivery: 'outbox',
} as const;

/**
 * Hands out the demo's customers, one per subscription, from a generator of their own (so that
 * the stories, plans and cards drawn by the scenario's generator do not depend on them). The
 * French business goes to the first steady Pro subscription (seats: a business), or to the last
 * subscription when a small demo has none.
 */
export class CustomerDesk {
  readonly #runtime: Runtime;
  readonly #merchant: MerchantRef;
  readonly #random: () => number;
  readonly #count: number;
  #french = false;
  #created = 0;

  constructor(runtime: Runtime, merchant: MerchantRef, random: () => number, count: number) {
    this.#runtime = runtime;
    this.#merchant = merchant;
    this.#random = random;
    this.#count = count;
  }

  /** Creates the next subscription's customer; answers its id and country. */
  async next(subscription: { story: string; plan: string }): Promise<{ id: string; country: DemoCountry }> {
    const i = ++this.#created;
    const french = !this.#french && ((subscription.story === 'steady' && subscription.plan === 'Pro') || i === this.#count);
    let input: CustomerCreate;
    let country: DemoCountry;
    if (french) {
      this.#french = true;
      input = CustomerCreate.parse(FRENCH_BUSINESS);
      country = 'FR';
    } else {
      country = this.#random() < GERMAN_SHARE ? 'DE' : 'AU';
      input = customerInput(i, this.#random, country);
    }
    const customer = await this.#runtime.billing.createCustomer(this.#merchant, input);
    return { id: customer.id, country };
  }
}
