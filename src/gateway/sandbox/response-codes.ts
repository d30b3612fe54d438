/** Codes that mean the issuer approved. A client library requires the message to be "Approved". */
export const APPROVAL_CODES = new Set(['00', '08', '10', '11', '16']);

const MESSAGES: Record<string, string> = {
  '01': 'Refer to Card Issuer',
  '02': 'Refer to Card Issuer',
  '03': 'No Merchant',
  '04': 'Refer to Card Issuer',
  '05': 'Refer to Card Issuer',
  '06': 'Merchant/Acquirer Error',
  '07': 'Refer to Card Issuer',
  '09': 'Acquirer Busy',
  '12': 'Invalid Transaction',
  '13': 'Invalid Amount',
  '14': 'Invalid Card Number',
  '15': 'No Issuer',
  '31': 'Bank Not Supported',
  '33': 'Expired Card',
  '51': 'Insufficient Funds',
  '54': 'Expired Card',
  '90': 'Declined - Please Retry',
  '99': 'System Error - Contact Gateway if error persists',
};

/** The message a dynamic sandbox card answers with for a response code (GATEWAY.md). */
export function messageForCode(code: string): string {
  if (APPROVAL_CODES.has(code)) return 'Approved';
  const known = MESSAGES[code];
  if (known) return known;
  return 'Declined';
}

export function isApproval(code: string): boolean {
  return APPROVAL_CODES.has(code);
}
