/** A timestamp as the API shows it (ISO 8601, UTC); raw SQL returns timestamptz as text. */
export function iso(value: string | Date): string;
export function iso(value: string | Date | null): string | null;
export function iso(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
