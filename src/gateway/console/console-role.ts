/**
 * The roles of a console user, least to most: each includes the rights of the roles before it.
 * What each role may do, route by route, is the table in src/api/console-roles.ts.
 */
export const CONSOLE_ROLES = ['viewer', 'support', 'billing', 'admin'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export function isConsoleRole(value: unknown): value is ConsoleRole {
  return typeof value === 'string' && (CONSOLE_ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds the rights of `needed` (a billing user may do what support may). */
export function roleCovers(role: ConsoleRole, needed: ConsoleRole): boolean {
  return CONSOLE_ROLES.indexOf(role) >= CONSOLE_ROLES.indexOf(needed);
}
