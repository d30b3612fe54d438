import { reactive } from 'vue';
import { createRecurClient, type RecurSession } from '../../client/src/recur-client.ts';
import { RecurApiError } from '../../client/src/errors.ts';

export { RecurApiError };

/** A record as Recur answers it; each resource's fields are in docs/api.md. */
export type Rec = Record<string, any>;

/** The signed-in console user, from `POST /console/sessions` or `GET /console/session`. */
export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
  role: 'viewer' | 'support' | 'billing' | 'admin';
  merchant_id: string;
}

/**
 * What the whole console knows: the session (its CSRF token goes into every request but a GET),
 * whether this listener is the sandbox (the envelope's `test`), and the other environment's console.
 */
export const state = reactive({
  user: null as ConsoleUser | null,
  /** From the envelopes: true on the sandbox listener. Null until the first answer. */
  test: null as boolean | null,
  environment: null as string | null,
  other: null as { environment: string; url: string } | null,
  /** Session checked: the router waits for it. */
  checked: false,
});

const session: RecurSession = { csrfToken: undefined };

/** The typed client in session mode: no Authorization header, the browser's cookie and the CSRF token. */
export const client = createRecurClient({ baseUrl: location.origin, session, retry: { retries: 1 } });
export const api = client.api;

type Outcome = { data?: unknown; error?: unknown; response: Response };

/** One answer's envelope: the record(s), and a list's paging fields. */
export interface Answer<T> {
  response: T;
  test: boolean;
  page: number;
  total_pages: number;
  total_records: number;
}

/** Called when the API answers 401 (the session ended or expired): the router sends the page to the login. */
export const sessionEnded = { handler: (): void => undefined };

/** The envelope of an answer; RecurApiError (status and the envelope's errors) for a failure. */
export async function call<T = Rec>(request: Promise<Outcome>): Promise<Answer<T>> {
  const { data, error, response } = await request;
  const envelope = (data ?? error) as Rec | undefined;
  if (envelope && typeof envelope.test === 'boolean') state.test = envelope.test;
  if (!response.ok || !envelope || envelope.successful === false) {
    const errors = Array.isArray(envelope?.errors) ? envelope.errors.map(String) : [];
    if (response.status === 401) {
      state.user = null;
      session.csrfToken = undefined;
      sessionEnded.handler();
    }
    throw new RecurApiError(response.status, errors, envelope ?? null);
  }
  return {
    response: envelope.response as T,
    test: envelope.test === true,
    page: Number(envelope.page ?? 1),
    total_pages: Number(envelope.total_pages ?? 1),
    total_records: Number(envelope.total_records ?? 0),
  };
}

/** The record of an answer. */
export async function one<T = Rec>(request: Promise<Outcome>): Promise<T> {
  return (await call<T>(request)).response;
}

/** What to show a person for a failed call: the API's own messages. */
export function problem(err: unknown): string {
  if (err instanceof RecurApiError) {
    if (err.status === 401) return 'Your session has ended: sign in again.';
    if (err.status === 403) return `Your role may not do this. ${err.errors.join(' ')}`.trim();
    return err.errors.length ? err.errors.join('; ') : `Recur answered ${err.status}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The console-session routes (not in the OpenAPI document the client is generated from yet). */
const SESSION_PATH = '/v1.0/console/session';

interface SessionEnvelope {
  successful?: boolean;
  response?: { user: ConsoleUser; csrf_token: string; expires_at: string } | null;
  errors?: string[];
  test?: boolean;
}

async function sessionCall(method: string, path: string, body?: unknown): Promise<{ status: number; envelope: SessionEnvelope | null }> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && session.csrfToken ? { 'x-csrf-token': session.csrfToken } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json().catch(() => null)) as SessionEnvelope | null;
  if (envelope && typeof envelope.test === 'boolean') state.test = envelope.test;
  return { status: res.status, envelope };
}

function adopt(envelope: SessionEnvelope | null): void {
  const answer = envelope?.response;
  if (!answer) return;
  state.user = answer.user;
  session.csrfToken = answer.csrf_token;
}

/**
 * Is someone signed in? `GET /console/session` answers the session (or 401). Where this listener has
 * no console sessions (404) but the API answers anyway (a request authenticated another way), the
 * console works without a user.
 */
export async function checkSession(): Promise<'signed-in' | 'signed-out'> {
  try {
    const { status, envelope } = await sessionCall('GET', SESSION_PATH);
    if (status === 200) {
      adopt(envelope);
      return 'signed-in';
    }
    return 'signed-out';
  } finally {
    state.checked = true;
  }
}

export async function login(email: string, password: string): Promise<void> {
  const { status, envelope } = await sessionCall('POST', '/v1.0/console/sessions', { email, password });
  if (status !== 201 && status !== 200) {
    throw new RecurApiError(status, envelope?.errors ?? [], envelope);
  }
  adopt(envelope);
}

export async function logout(): Promise<void> {
  await sessionCall('DELETE', SESSION_PATH).catch(() => undefined);
  state.user = null;
  session.csrfToken = undefined;
}

/** Where the other environment's console is (environment.json, served beside the console). */
export async function loadEnvironment(): Promise<void> {
  try {
    const res = await fetch('/console/environment.json', { credentials: 'same-origin' });
    if (!res.ok) return;
    const body = (await res.json()) as { environment: string; other: { environment: string; url: string } | null };
    state.environment = body.environment;
    state.other = body.other;
    if (state.test === null) state.test = body.environment === 'sandbox';
  } catch {
    // The banner still follows the envelopes' `test`.
  }
}
