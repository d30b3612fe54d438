/**
 * How a gateway answer is classified (BILLING.md "Declines and dunning"), as versioned data
 * rather than scattered conditions. A new version is a new table: an invoice keeps the
 * classification version its dunning started under.
 */
export const DECLINE_CLASSES = ['approved', 'soft', 'card_data', 'hard'] as const;
export type DeclineClass = (typeof DECLINE_CLASSES)[number];

export interface DeclineTable {
  version: number;
  /** Response codes with a class of their own; any other decline is `fallback`. */
  codes: Readonly<Record<string, DeclineClass>>;
  fallback: DeclineClass;
  /** Merchant advice codes override the code's class. */
  advice: Readonly<Record<string, DeclineClass>>;
  /** `retry_later` without `merchant_advice_retry_after`: the earliest retry is this far out. */
  retryLaterDefaultHours: number;
}

export const DECLINE_TABLE_V1: DeclineTable = {
  version: 1,
  codes: {
    '00': 'approved',
    '08': 'approved',
    '10': 'approved',
    '11': 'approved',
    '16': 'approved',
    '51': 'soft',
    '61': 'soft',
    '65': 'soft',
    '91': 'soft',
    '96': 'soft',
    '09': 'soft',
    '90': 'soft',
    '54': 'card_data',
    '33': 'card_data',
    '14': 'card_data',
    '04': 'hard',
    '07': 'hard',
    '12': 'hard',
    '15': 'hard',
    '41': 'hard',
    '43': 'hard',
    '46': 'hard',
    '57': 'hard',
    '62': 'hard',
  },
  fallback: 'soft',
  advice: { do_not_retry: 'hard', cancelled: 'hard', update_required: 'card_data' },
  retryLaterDefaultHours: 72,
};

export const CURRENT_DECLINE_TABLE = DECLINE_TABLE_V1;

export interface Classification {
  declineClass: DeclineClass;
  /** The earliest moment a retry may run, when the advice sets one. */
  earliestRetryAt: Date | null;
  tableVersion: number;
}

/** Classifies an answer; `at` is the billing time of the attempt (a test clock's time where one applies). */
export function classifyDecline(
  responseCode: string,
  adviceCode: string | null,
  adviceRetryAfter: Date | null,
  at: Date,
  table: DeclineTable = CURRENT_DECLINE_TABLE,
): Classification {
  let declineClass = table.codes[responseCode] ?? table.fallback;
  let earliestRetryAt: Date | null = null;
  if (declineClass !== 'approved' && adviceCode) {
    const advised = table.advice[adviceCode];
    if (advised) declineClass = advised;
    if (adviceCode === 'retry_later') {
      earliestRetryAt = adviceRetryAfter ?? new Date(at.getTime() + table.retryLaterDefaultHours * 3_600_000);
    }
  }
  return { declineClass, earliestRetryAt, tableVersion: table.version };
}
