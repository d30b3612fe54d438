/**
 * The text a gateway of Recur's card-on-file API answers to a purchase or refund whose merchant
 * reference is already used (a re-send, or two requests with one reference): part of the API's
 * wire vocabulary, which real clients match on (GATEWAY.md). Written here once, where the gateway
 * that answers it and the gateway client that reads a remote gateway's answer both reach it.
 */
export const REFERENCE_TAKEN_TEXT = 'Reference is already taken';
