// The console's operations (docs/console.md): its login and session, its users, and the audit log.
import { ok, PAGE, type OperationDoc } from './operation-doc.ts';

const USER_ID = '3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d';
const MERCHANT_ID = '0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f';
const SESSION = {
  user: { id: USER_ID, email: 'ana@example.com', name: 'Ana Silva', role: 'billing', merchant_id: MERCHANT_ID },
  csrf_token: 'kq3v0Y0m4bQe1yq0l3ZfY9r2p8sJ6hW1uT5cX7dA2gE',
  expires_at: '2026-11-28T10:30:00.000Z',
};
const USER = {
  id: USER_ID,
  merchant_id: MERCHANT_ID,
  email: 'ana@example.com',
  name: 'Ana Silva',
  role: 'billing',
  disabled: false,
  created_at: '2026-11-28T09:00:00.000Z',
  updated_at: '2026-11-28T09:00:00.000Z',
};
const PLAN_ID = '7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const AUDIT_ENTRY = {
  id: '42',
  user_id: USER_ID,
  user_email: 'ana@example.com',
  role: 'billing',
  environment: 'production',
  method: 'POST',
  route: '/plans/:id/archive',
  path: `/v1.0/plans/${PLAN_ID}/archive`,
  object_id: PLAN_ID,
  body: null,
  status: 200,
  outcome: 'succeeded',
  before: { id: PLAN_ID, name: 'Pro', status: 'active', archived_at: null },
  after: { id: PLAN_ID, name: 'Pro', status: 'archived', archived_at: '2026-11-28T09:30:00.000Z' },
  created_at: '2026-11-28T09:30:00.000Z',
};

export const CONSOLE_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /console/sessions': {
    summary: 'Log in to the console',
    description:
      'Starts a console session for a console user (`recur console-user create`): answers the user, the session’s `csrf_token` and when the session ends if unused (`expires_at`), and sets the cookie `recur_console` (HttpOnly, Secure, SameSite=Strict, Path=/), which then authenticates every `/v1.0` request that has no Authorization header, on both listeners. Requests other than GET, HEAD and OPTIONS must also send the `csrf_token` in the `x-csrf-token` header (else 403). A wrong e-mail or password: 401 `Wrong e-mail or password`, the same answer for both; failed logins are throttled as Basic credentials are (429 with Retry-After). Needs no credentials. See docs/console.md.',
    request: { email: 'ana@example.com', password: 'correct horse battery staple' },
    response: ok(SESSION),
  },
  'GET /console/session': {
    summary: 'The current console session',
    description:
      'The session the `recur_console` cookie names: its user, its `csrf_token` and its `expires_at` (each request moves the idle end forward, never past the absolute one). No live session: 401 `No console session: log in again`, and the answer clears the cookie.',
    response: ok(SESSION),
  },
  'DELETE /console/session': {
    summary: 'Log out of the console',
    description: 'Ends the session (it is deleted at once) and clears the cookie. Needs the `x-csrf-token` header like every change.',
    response: ok({ ended: true }),
  },
  'GET /console/users': {
    summary: 'List console users',
    description: 'The merchant’s console users, oldest first, paginated; never a password or its hash. Console sessions: admin only.',
    response: ok([USER], PAGE),
  },
  'GET /console/users/{id}': {
    summary: 'Get a console user',
    description: 'One console user of the merchant. Unknown: 404. Console sessions: admin only.',
    response: ok(USER),
  },
  'POST /console/users': {
    summary: 'Add a console user',
    description:
      'A console user of the merchant: `email` (unique across all console users, in any case: 409 otherwise), `name` (optional), `role` (`viewer`, `support`, `billing` or `admin`: docs/console.md says what each may do) and `password` (12 to 200 characters; stored as a scrypt hash, never answered). Console sessions: admin only.',
    request: { email: 'ana@example.com', name: 'Ana Silva', role: 'billing', password: 'correct horse battery staple' },
    response: ok(USER),
  },
  'PUT /console/users/{id}': {
    summary: 'Change a console user’s role, or turn it off',
    description:
      '`role` and/or `disabled`. A new role holds from the user’s next request; a user turned off loses its sessions at once and cannot log in. Console sessions: admin only.',
    request: { role: 'support' },
    response: ok({ ...USER, role: 'support', updated_at: '2026-11-28T10:00:00.000Z' }),
  },
  'GET /audit': {
    summary: 'The console’s audit log',
    description:
      'Every change made with a console session, and every change refused (`outcome` `refused`, status 403), newest first, paginated, both environments: who (`user_id`, `user_email`, `role`), what (`method`, `route`, `path`, `object_id`, the request `body` without passwords, card numbers or CVVs), when, the answer’s `status`, and the object `before` (as its GET answered just before) and `after` (the answer’s `response`). Filters: `user_id`, `from` and `to` (ISO 8601 instants; `to` excluded). Console sessions: billing and admin.',
    response: ok([AUDIT_ENTRY], PAGE),
  },
};
