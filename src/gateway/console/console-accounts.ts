import type { Sql } from '../../platform/sql.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Page, Paginated } from '../../platform/pagination.ts';
import type { Environment } from '../environment.ts';
import type { AuthPolicy, MerchantContext } from '../merchants/credentials.service.ts';
import {
  createConsoleUser,
  getConsoleUser,
  listConsoleUsers,
  updateConsoleUser,
  type ConsoleUserCreate,
  type ConsoleUserUpdate,
  type ConsoleUserView,
} from './console-users.service.ts';
import { logIn, logOut, resumeSession, type ConsoleSession, type SessionPolicy } from './console-sessions.service.ts';
import {
  listConsoleAudit,
  recordConsoleAudit,
  type AuditFilter,
  type ConsoleAuditEntry,
  type ConsoleAuditView,
} from './console-audit.service.ts';

export interface ConsoleAccountsDeps {
  sql: Sql;
  clock: Clock;
  auth: AuthPolicy;
  sessions: SessionPolicy;
  /** The merchant's context in an environment, as the gateway core gives it to trusted callers. */
  merchantContext(merchantId: string, environment: Environment): Promise<MerchantContext>;
}

/** The console's users, sessions and audit log, as the API and the CLI use them. */
export class ConsoleAccounts {
  readonly #deps: ConsoleAccountsDeps;
  constructor(deps: ConsoleAccountsDeps) {
    this.#deps = deps;
  }

  get sessionPolicy(): SessionPolicy {
    return this.#deps.sessions;
  }

  logIn(email: string, password: string, source: string, environment: Environment) {
    const { sql, clock, auth, sessions } = this.#deps;
    return logIn(sql, clock, auth, sessions, { email, password, source, environment });
  }

  /** The session and the merchant context a cookie's token stands for on a listener of `environment`; null when none. */
  async resume(token: string, environment: Environment): Promise<{ session: ConsoleSession; merchant: MerchantContext } | null> {
    const { sql, clock, auth, sessions } = this.#deps;
    const session = await resumeSession(sql, clock, auth.credentialKey, sessions, token);
    if (!session) return null;
    const context = await this.#deps.merchantContext(session.user.merchant_id, environment);
    // The gateway's own audit rows name the console user who acted.
    return { session, merchant: { ...context, username: `console:${session.user.id}` } };
  }

  logOut(token: string): Promise<void> {
    return logOut(this.#deps.sql, this.#deps.auth.credentialKey, token);
  }

  createUser(merchantId: string, input: ConsoleUserCreate): Promise<ConsoleUserView> {
    return createConsoleUser(this.#deps.sql, this.#deps.clock, merchantId, input);
  }
  users(merchantId: string, page: Page): Promise<Paginated<ConsoleUserView>> {
    return listConsoleUsers(this.#deps.sql, merchantId, page);
  }
  user(merchantId: string, id: string): Promise<ConsoleUserView> {
    return getConsoleUser(this.#deps.sql, merchantId, id);
  }
  updateUser(merchantId: string, id: string, input: ConsoleUserUpdate): Promise<ConsoleUserView> {
    return updateConsoleUser(this.#deps.sql, this.#deps.clock, merchantId, id, input);
  }

  record(entry: ConsoleAuditEntry): Promise<void> {
    return recordConsoleAudit(this.#deps.sql, this.#deps.clock.now(), entry);
  }
  audit(merchantId: string, filter: AuditFilter, page: Page): Promise<Paginated<ConsoleAuditView>> {
    return listConsoleAudit(this.#deps.sql, merchantId, filter, page);
  }
}
