/** The console session's cookie: HttpOnly (no script reads it), Secure, SameSite=Strict, the whole host. */
export const SESSION_COOKIE = 'recur_console';
const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Strict; Path=/';

/** The session token a Cookie header carries (whatever its value: a wrong one names no session); null when none. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    return part
      .slice(eq + 1)
      .trim()
      .slice(0, 200);
  }
  return null;
}

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ${ATTRIBUTES}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}
