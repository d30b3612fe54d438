import { AppError } from '../../platform/errors.ts';
import type { ConsoleRole } from './console-role.ts';

/** The console's errors (users, sessions, roles); the answers never say whether an e-mail exists. */
export const ConsoleErrors = {
  /** Wrong e-mail or password: one answer for both. No Basic challenge, so a browser shows no dialog. */
  badLogin: () => new AppError('console_login_failed', 'Wrong e-mail or password', { status: 401 }),
  /** A cookie naming no live session: expired, ended or never issued; the answer clears the cookie. */
  noSession: (clearCookie: string | null) =>
    new AppError('console_session_invalid', 'No console session: log in again', {
      status: 401,
      headers: clearCookie ? { 'set-cookie': clearCookie } : {},
    }),
  csrfMissing: () =>
    new AppError('csrf_token_missing', 'CSRF token missing: send the session’s csrf_token in the x-csrf-token header', { status: 403 }),
  csrfWrong: () =>
    new AppError('csrf_token_invalid', 'CSRF token wrong: send the session’s csrf_token in the x-csrf-token header', { status: 403 }),
  roleRefused: (needed: ConsoleRole, role: ConsoleRole) =>
    new AppError('console_role_refused', `This action needs the ${needed} role; this console user is ${role}`, { status: 403 }),
  userExists: () => new AppError('console_user_exists', 'A console user with this e-mail exists', { status: 409 }),
  userNotFound: () => new AppError('console_user_not_found', 'Console user not found', { status: 404 }),
  merchantNotFound: (name: string) => new AppError('merchant_not_found', `No merchant has the id or username ${name}`, { status: 404 }),
  validation: (messages: string[]) => new AppError('validation_failed', messages[0] ?? 'Request is invalid', { status: 422, messages }),
} as const;
