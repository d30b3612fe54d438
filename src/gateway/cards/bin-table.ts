import type { CardScheme } from './card-scheme.ts';

export interface BinInfo {
  category: string;
  subcategory: string;
  issuer: string;
  country: string;
}

/**
 * A small bundled BIN table for the published sandbox cards and common ranges; anything else
 * gets the scheme's defaults. Longest prefix wins.
 */
const TABLE: Record<string, BinInfo> = {
  '512345': { category: 'Credit', subcategory: 'Standard', issuer: 'Recur Test Bank', country: 'AU' },
  '531358': { category: 'Credit', subcategory: 'Standard', issuer: 'Recur Test Bank', country: 'AU' },
  '555555': { category: 'Credit', subcategory: 'Standard', issuer: 'Recur Test Bank', country: 'US' },
  '222100': { category: 'Credit', subcategory: 'Standard', issuer: 'Recur Test Bank', country: 'US' },
  '400555': { category: 'Debit', subcategory: 'Classic', issuer: 'Recur Test Bank', country: 'AU' },
  '455701': { category: 'Credit', subcategory: 'Gold', issuer: 'Recur Test Bank', country: 'AU' },
  '424242': { category: 'Credit', subcategory: 'Classic', issuer: 'Recur Test Bank', country: 'US' },
  '411111': { category: 'Credit', subcategory: 'Classic', issuer: 'Recur Test Bank', country: 'US' },
  '400000': { category: 'Credit', subcategory: 'Classic', issuer: 'Recur Test Bank', country: 'US' },
  '345678': { category: 'Credit', subcategory: 'Green', issuer: 'American Express', country: 'AU' },
  '371449': { category: 'Credit', subcategory: 'Green', issuer: 'American Express', country: 'US' },
  '370000': { category: 'Credit', subcategory: 'Green', issuer: 'American Express', country: 'US' },
  '376070': { category: 'Credit', subcategory: 'Gold', issuer: 'American Express', country: 'AU' },
  '353011': { category: 'Credit', subcategory: 'Standard', issuer: 'JCB Co.', country: 'JP' },
  '356600': { category: 'Credit', subcategory: 'Standard', issuer: 'JCB Co.', country: 'JP' },
  '625094': { category: 'Debit', subcategory: 'Standard', issuer: 'China UnionPay', country: 'CN' },
  '622282': { category: 'Credit', subcategory: 'Standard', issuer: 'China UnionPay', country: 'CN' },
  '601133': { category: 'Credit', subcategory: 'Standard', issuer: 'Discover Bank', country: 'US' },
  '601111': { category: 'Credit', subcategory: 'Standard', issuer: 'Discover Bank', country: 'US' },
  '367001': { category: 'Credit', subcategory: 'Standard', issuer: 'Diners Club', country: 'US' },
};

const DEFAULTS: Record<CardScheme, BinInfo> = {
  VISA: { category: 'Credit', subcategory: 'Classic', issuer: 'Unknown', country: 'Unknown' },
  MasterCard: { category: 'Credit', subcategory: 'Standard', issuer: 'Unknown', country: 'Unknown' },
  AMEX: { category: 'Credit', subcategory: 'Green', issuer: 'American Express', country: 'Unknown' },
  JCB: { category: 'Credit', subcategory: 'Standard', issuer: 'Unknown', country: 'JP' },
  Diners: { category: 'Credit', subcategory: 'Standard', issuer: 'Diners Club', country: 'Unknown' },
  Discover: { category: 'Credit', subcategory: 'Standard', issuer: 'Unknown', country: 'US' },
  'China UnionPay': { category: 'Credit', subcategory: 'Standard', issuer: 'Unknown', country: 'CN' },
};

export function lookupBin(pan: string, scheme: CardScheme): BinInfo {
  for (let len = 8; len >= 4; len--) {
    const hit = TABLE[pan.slice(0, len)];
    if (hit) return hit;
  }
  return DEFAULTS[scheme];
}
