import type { TestCardKind } from './test-cards.ts';
import { isApproval, messageForCode } from './response-codes.ts';
import type { ScriptedOutcome, AdviceCode } from './sandbox-script.ts';

export interface SimulatedOutcome {
  responseCode: string;
  message: string;
  successful: boolean;
  adviceCode: AdviceCode | null;
  adviceRetryAfter: Date | null;
  fault: { kind: 'delay' | 'drop'; delayMs: number } | null;
}

/**
 * The sandbox issuer: predetermined cards answer the same whatever the amount; dynamic cards
 * answer with the amount's last two digits as the response code. A scripted outcome, when one
 * is queued on the card, overrides the code and adds advice or a transport fault.
 */
export function simulatePurchase(
  kind: TestCardKind | undefined,
  amount: number,
  options: { expired: boolean; scripted?: ScriptedOutcome | null },
): SimulatedOutcome {
  const scripted = options.scripted ?? undefined;
  let code: string;
  if (scripted?.response_code) code = scripted.response_code;
  // A card past its expiry is declined as the issuer would: 54, Expired Card.
  else if (options.expired) code = '54';
  else if (kind === 'approved') code = '00';
  else if (kind === 'declined') code = '05';
  else code = String(amount % 100).padStart(2, '0');

  const successful = isApproval(code);
  // The predetermined declining cards answer with the plain "Declined" the seed documents.
  const message = kind === 'declined' && !scripted?.response_code ? 'Declined' : messageForCode(code);
  const advice = successful ? null : (scripted?.merchant_advice_code ?? null);
  let retryAfter: Date | null = null;
  if (advice === 'retry_later' && scripted?.merchant_advice_retry_after) {
    retryAfter = new Date(scripted.merchant_advice_retry_after);
  }
  return {
    responseCode: code,
    message,
    successful,
    adviceCode: advice,
    adviceRetryAfter: retryAfter,
    fault: scripted?.fault ? { kind: scripted.fault, delayMs: scripted.delay_ms ?? 30_000 } : null,
  };
}
