/** The published sandbox cards (GATEWAY.md). Any other number is refused in the sandbox. */
export const ALWAYS_APPROVED = new Set(['5123456789012346', '4005550000000001', '345678901234564', '3530111333300000', '6250946000000016']);

export const ALWAYS_DECLINED = new Set(['5313581000123430', '4557012345678902', '371449635398431', '3566002020360505', '6250947000000014']);

/** Dynamic cards answer with the response code equal to the amount's last two digits. */
export const DYNAMIC = new Set([
  '5555555555554444',
  '2221001234567896',
  '4242424242424242',
  '4111111111111111',
  '4000001234562345678',
  '370000000000002',
  '376070166331008',
  '6222821234560017',
  '6011332560618887',
  '6011111111111117',
  '36700102000000',
]);

export type TestCardKind = 'approved' | 'declined' | 'dynamic';

export function testCardKind(pan: string): TestCardKind | undefined {
  if (ALWAYS_APPROVED.has(pan)) return 'approved';
  if (ALWAYS_DECLINED.has(pan)) return 'declined';
  if (DYNAMIC.has(pan)) return 'dynamic';
  return undefined;
}

export function isTestCard(pan: string): boolean {
  return testCardKind(pan) !== undefined;
}

const BY_MASK = new Map<string, TestCardKind>();
for (const pan of [...ALWAYS_APPROVED, ...ALWAYS_DECLINED, ...DYNAMIC]) {
  BY_MASK.set(`${pan.slice(0, 6)}|${pan.slice(-4)}|${pan.length}`, testCardKind(pan)!);
}

/**
 * The kind of a stored sandbox card from its unencrypted parts: the published test cards differ
 * in first six, last four and length, so the sandbox never needs to open the vault to simulate.
 */
export function testCardKindOfStored(first6: string, last4: string, length: number): TestCardKind | undefined {
  return BY_MASK.get(`${first6}|${last4}|${length}`);
}
