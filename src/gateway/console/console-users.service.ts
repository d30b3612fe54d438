import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { violatedConstraint, type Sql } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';
import { readPage, type Page, type Paginated } from '../../platform/pagination.ts';
import { CONSOLE_ROLES, type ConsoleRole } from './console-role.ts';
import { ConsoleErrors } from './console-errors.ts';
import { hashPassword } from './console-password.ts';

export const ConsoleUserCreate = z.strictObject({
  email: z.email({ error: 'email must be an e-mail address' }).max(254),
  name: z.string().trim().min(1).max(200).nullish(),
  role: z.enum(CONSOLE_ROLES, { error: `role must be one of ${CONSOLE_ROLES.join(', ')}` }),
  password: z.string().min(12, { error: 'password must be at least 12 characters' }).max(200),
});
export type ConsoleUserCreate = z.infer<typeof ConsoleUserCreate>;

export const ConsoleUserUpdate = z.strictObject({
  role: z.enum(CONSOLE_ROLES, { error: `role must be one of ${CONSOLE_ROLES.join(', ')}` }).optional(),
  disabled: z.boolean().optional(),
});
export type ConsoleUserUpdate = z.infer<typeof ConsoleUserUpdate>;

/** A console user as answers show it: never its password hash. */
export interface ConsoleUserView {
  id: string;
  merchant_id: string;
  email: string;
  name: string | null;
  role: ConsoleRole;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, merchant_id, email, name, role, disabled, created_at, updated_at';

interface UserRow {
  id: string;
  merchant_id: string;
  email: string;
  name: string | null;
  role: ConsoleRole;
  disabled: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

function toView(row: UserRow): ConsoleUserView {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A merchant named by its id or by one of its API usernames (what `recur console-user` takes). */
export async function findMerchantId(db: Sql, idOrUsername: string): Promise<string> {
  const isUuid = z.uuid().safeParse(idOrUsername).success;
  const rows = await db.query<{ id: string }>(
    `select m.id from gateway.merchants m
      where ($1::uuid is not null and m.id = $1::uuid)
         or exists (select 1 from gateway.credentials c where c.merchant_id = m.id and c.username = lower($2))
      limit 1`,
    [isUuid ? idOrUsername : null, idOrUsername],
  );
  if (!rows[0]) throw ConsoleErrors.merchantNotFound(idOrUsername);
  return rows[0].id;
}

export async function createConsoleUser(db: Sql, clock: Clock, merchantId: string, input: ConsoleUserCreate): Promise<ConsoleUserView> {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  try {
    const [row] = await db.query<UserRow>(
      `insert into console.users (id, merchant_id, email, name, role, password_hash, disabled, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, false, $7, $7) returning ${COLUMNS}`,
      [randomUUID(), merchantId, input.email.trim(), input.name ?? null, input.role, passwordHash, now],
    );
    return toView(row!);
  } catch (err) {
    if (violatedConstraint(err) === 'users_email_unique') throw ConsoleErrors.userExists();
    throw err;
  }
}

export async function listConsoleUsers(db: Sql, merchantId: string, page: Page): Promise<Paginated<ConsoleUserView>> {
  return readPage<UserRow, ConsoleUserView>(
    db,
    page,
    {
      select: `select ${COLUMNS}`,
      from: 'from console.users where merchant_id = $1',
      orderBy: 'order by created_at, id',
      params: [merchantId],
    },
    toView,
  );
}

export async function getConsoleUser(db: Sql, merchantId: string, id: string): Promise<ConsoleUserView> {
  const [row] = await db.query<UserRow>(`select ${COLUMNS} from console.users where merchant_id = $1 and id = $2`, [merchantId, id]);
  if (!row) throw ConsoleErrors.userNotFound();
  return toView(row);
}

/** Changes a user's role or turns it off: a user turned off loses its sessions at once; a new role holds from the next request. */
export async function updateConsoleUser(
  db: Sql,
  clock: Clock,
  merchantId: string,
  id: string,
  input: ConsoleUserUpdate,
): Promise<ConsoleUserView> {
  const [row] = await db.query<UserRow>(
    `with changed as (
       update console.users set role = coalesce($3, role), disabled = coalesce($4, disabled), updated_at = $5
        where merchant_id = $1 and id = $2 returning ${COLUMNS}),
     ended as (delete from console.sessions where user_id in (select id from changed where disabled) returning 1)
     select * from changed`,
    [merchantId, id, input.role ?? null, input.disabled ?? null, clock.now()],
  );
  if (!row) throw ConsoleErrors.userNotFound();
  return toView(row);
}
