import { z } from 'zod';
import { iso } from '../../platform/time.ts';
import type { Sql, SqlPool } from '../../platform/sql.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import type { MerchantRef } from '../ports/gateway-port.ts';
import { BillingErrors } from '../errors.ts';
import { merchantScope } from '../merchant-scope.ts';
import { recordEvents } from '../events/events.service.ts';
import { AGGREGATIONS, type Aggregation } from './billable-metric.entity.ts';

const Code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, "-" and "_"');
/** An event property's name, as `field` and the filters name it. */
const PropertyName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'a property name may hold only letters, digits, ".", "-" and "_"');
const FilterValue = z.union([z.string().min(1).max(255), z.number().finite()]).transform(String);

export const BillableMetricCreate = z
  .strictObject({
    code: Code,
    name: z.string().trim().min(1).max(200),
    aggregation: z.enum(AGGREGATIONS),
    field: PropertyName.optional(),
    filters: z
      .record(PropertyName, z.array(FilterValue).min(1, 'a filter needs at least one value').max(100))
      .refine((f) => Object.keys(f).length <= 10, 'filters holds at most 10 properties')
      .optional(),
    test: z.boolean().optional(),
  })
  .superRefine((m, ctx) => {
    if (m.aggregation === 'count' && m.field !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['field'], message: 'field goes only with sum, max, unique_count and latest' });
    }
    if (m.aggregation !== 'count' && m.field === undefined) {
      ctx.addIssue({ code: 'custom', path: ['field'], message: `field is required with aggregation ${m.aggregation}` });
    }
  });
export type BillableMetricCreate = z.infer<typeof BillableMetricCreate>;

export interface BillableMetricView {
  id: string;
  code: string;
  name: string;
  aggregation: Aggregation;
  field: string | null;
  filters: Record<string, string[]>;
  status: 'active' | 'archived';
  created_at: string;
  archived_at: string | null;
}

interface MetricRow extends Omit<BillableMetricView, 'created_at' | 'archived_at'> {
  created_at: Date;
  archived_at: Date | null;
}

const COLUMNS = 'id, code, name, aggregation, field, filters, status, created_at, archived_at';

function toView(r: MetricRow): BillableMetricView {
  return { ...r, created_at: iso(r.created_at)!, archived_at: iso(r.archived_at) };
}

export async function createBillableMetric(
  db: SqlPool,
  merchant: MerchantRef,
  input: BillableMetricCreate,
  now: Date,
): Promise<BillableMetricView> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<MetricRow>(
      `insert into billing.billable_metrics (id, merchant_id, environment, code, name, aggregation, field, filters, status, created_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, 'active', $8)
       on conflict on constraint billable_metrics_code_unique do nothing returning ${COLUMNS}`,
      [
        merchant.merchantId,
        merchant.environment,
        input.code,
        input.name,
        input.aggregation,
        input.field ?? null,
        JSON.stringify(input.filters ?? {}),
        now,
      ],
    );
    if (!rows[0]) throw BillingErrors.conflict(`A billable metric with code ${input.code} already exists`);
    const view = toView(rows[0]);
    await recordEvents(tx, now, [{ ...merchant, type: 'billable_metric.created', data: { billable_metric: view } }]);
    return view;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A metric named by its code or its id. */
const BY_CODE_OR_ID = `(code = $1 or id = $4::uuid) and merchant_id = $2 and environment = $3`;
const keyParams = (merchant: MerchantRef, key: string) => [key, merchant.merchantId, merchant.environment, UUID.test(key) ? key : null];

export async function getBillableMetric(db: Sql, merchant: MerchantRef, key: string): Promise<BillableMetricView> {
  const rows = await db.query<MetricRow>(
    `select ${COLUMNS} from billing.billable_metrics where ${BY_CODE_OR_ID}`,
    keyParams(merchant, key),
  );
  if (!rows[0]) throw BillingErrors.notFound('Billable metric', key);
  return toView(rows[0]);
}

export function listBillableMetrics(db: Sql, merchant: MerchantRef, page: Page): Promise<Paginated<BillableMetricView>> {
  const scope = merchantScope('billing.billable_metrics', merchant);
  return readPage(db, page, { select: `select ${COLUMNS}`, orderBy: 'order by created_at desc, id desc', ...scope }, toView);
}

/** An archived metric refuses new events; the events it counted stay and can still be aggregated. */
export async function archiveBillableMetric(db: SqlPool, merchant: MerchantRef, key: string, now: Date): Promise<BillableMetricView> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<MetricRow & { was: string }>(
      `update billing.billable_metrics m set status = 'archived', archived_at = coalesce(archived_at, $5)
         from (select id, status as was from billing.billable_metrics where ${BY_CODE_OR_ID} for update) old
        where m.id = old.id returning ${COLUMNS.split(', ')
          .map((c) => `m.${c}`)
          .join(', ')}, old.was`,
      [...keyParams(merchant, key), now],
    );
    if (!rows[0]) throw BillingErrors.notFound('Billable metric', key);
    const { was, ...row } = rows[0];
    const view = toView(row);
    if (was !== 'archived')
      await recordEvents(tx, now, [{ ...merchant, type: 'billable_metric.archived', data: { billable_metric: view } }]);
    return view;
  });
}

/** The metrics events name, by code (archived ones too: an event for one is refused with that reason). */
export async function metricsByCode(db: Sql, merchant: MerchantRef, codes: string[]): Promise<Map<string, BillableMetricView>> {
  const rows = await db.query<MetricRow>(
    `select ${COLUMNS} from billing.billable_metrics where merchant_id = $1 and environment = $2 and code = any($3::text[])`,
    [merchant.merchantId, merchant.environment, codes],
  );
  return new Map(rows.map((r) => [r.code, toView(r)]));
}

/** Every metric of a merchant and environment, active first then archived, by code. */
export async function allMetrics(db: Sql, merchant: MerchantRef): Promise<BillableMetricView[]> {
  const rows = await db.query<MetricRow>(
    `select ${COLUMNS} from billing.billable_metrics where merchant_id = $1 and environment = $2 order by status, code`,
    [merchant.merchantId, merchant.environment],
  );
  return rows.map(toView);
}
