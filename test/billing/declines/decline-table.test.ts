import { describe, expect, it } from 'vitest';
import { classifyDecline, DECLINE_TABLE_V1 } from '../../../src/billing/declines/decline-table.ts';

const at = new Date('2027-03-01T00:00:00Z');

describe('decline classification (table v1)', () => {
  it.each([
    [['00', '08', '10', '11', '16'], 'approved'],
    [['51', '61', '65', '91', '96', '09', '90', '05', '01', '30'], 'soft'],
    [['54', '33', '14'], 'card_data'],
    [['04', '07', '12', '15', '41', '43', '46', '57', '62'], 'hard'],
  ] as const)('classifies %j as %s', (codes, expected) => {
    for (const code of codes) expect(classifyDecline(code, null, null, at).declineClass, code).toBe(expected);
  });

  it('lets advice override the code', () => {
    expect(classifyDecline('51', 'do_not_retry', null, at).declineClass).toBe('hard');
    expect(classifyDecline('51', 'cancelled', null, at).declineClass).toBe('hard');
    expect(classifyDecline('51', 'update_required', null, at).declineClass).toBe('card_data');
    expect(classifyDecline('00', 'do_not_retry', null, at).declineClass).toBe('approved');
  });

  it('sets the earliest retry from retry_later, 72 hours when no time is given', () => {
    const given = new Date('2027-03-05T12:00:00Z');
    expect(classifyDecline('51', 'retry_later', given, at)).toEqual({ declineClass: 'soft', earliestRetryAt: given, tableVersion: 1 });
    expect(classifyDecline('51', 'retry_later', null, at).earliestRetryAt).toEqual(new Date('2027-03-04T00:00:00Z'));
    expect(classifyDecline('51', null, null, at).earliestRetryAt).toBeNull();
  });

  it('is versioned data', () => {
    expect(DECLINE_TABLE_V1.version).toBe(1);
    expect(classifyDecline('43', null, null, at).tableVersion).toBe(1);
  });
});
