import { z } from 'zod';
import { Timestamp } from '../../platform/timestamps.ts';
import type { Sql } from '../../platform/sql.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';

export const TestClockInput = z.strictObject({ frozen_time: Timestamp, test: z.boolean().optional() });

export interface TestClockView {
  id: string;
  frozen_time: string;
  status: 'ready' | 'advancing';
  created_at: string;
}

/** The row as read: the view's fields, the instants as PostgreSQL prints them. */
type Row = TestClockView;

const toView = (r: Row): TestClockView => ({
  id: r.id,
  frozen_time: new Date(r.frozen_time).toISOString(),
  status: r.status,
  created_at: new Date(r.created_at).toISOString(),
});

export async function createTestClock(db: Sql, merchant: MerchantRef, frozenTime: Date, now: Date): Promise<TestClockView> {
  const rows = await db.query<Row>(
    `insert into billing.test_clocks (id, merchant_id, environment, frozen_time, status, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, 'ready', $4, $4) returning id, frozen_time, status, created_at`,
    [merchant.merchantId, merchant.environment, frozenTime, now],
  );
  return toView(rows[0]!);
}

export async function getTestClock(db: Sql, merchant: MerchantRef, id: string): Promise<TestClockView> {
  const rows = z.uuid().safeParse(id).success
    ? await db.query<Row>(
        'select id, frozen_time, status, created_at from billing.test_clocks where id = $1 and merchant_id = $2 and environment = $3',
        [id, merchant.merchantId, merchant.environment],
      )
    : [];
  if (!rows[0]) throw BillingErrors.notFound('Test clock', id);
  return toView(rows[0]);
}

/**
 * Moves the clock forward (never back) and marks it `advancing`: the scheduler and workers bill
 * everything due up to the new time, then the scheduler marks it `ready` again.
 */
export async function advanceTestClock(db: Sql, merchant: MerchantRef, id: string, to: Date, now: Date): Promise<TestClockView> {
  const current = await getTestClock(db, merchant, id);
  if (to.getTime() <= new Date(current.frozen_time).getTime()) {
    throw BillingErrors.validation([`frozen_time must be later than the clock's current time (${current.frozen_time})`]);
  }
  const rows = await db.query<Row>(
    `update billing.test_clocks set frozen_time = $2, status = 'advancing', updated_at = $3
      where id = $1 and frozen_time < $2 returning id, frozen_time, status, created_at`,
    [id, to, now],
  );
  if (!rows[0]) throw BillingErrors.conflict('The clock was moved by another request; read it and try again');
  return toView(rows[0]);
}
