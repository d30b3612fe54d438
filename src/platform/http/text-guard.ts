/**
 * Text PostgreSQL cannot store, refused at the edge. A `text` or `jsonb` value may not hold the
 * NUL character (U+0000), and a lone UTF-16 surrogate (`"\ud800"` in JSON) has no UTF-8 form:
 * either would fail the write (a 500) or be stored and break what later reads it (events,
 * webhooks). One walk over every string a request carries (body fields and keys, query string,
 * path parameters), for every route and every field added later, answers a 422 naming the field
 * without repeating its value.
 */

/** With the `u` flag a surrogate pair is one code point: `\p{Cs}` matches only a lone half. */
const UNSTORABLE = /\u0000|\p{Cs}/u;

/** True when `value` has a NUL character or a UTF-16 surrogate without its pair. */
export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

const MAX_DEPTH = 64;
const MAX_FIELDS = 20;

function walk(value: unknown, path: string, depth: number, out: string[]): void {
  if (out.length >= MAX_FIELDS) return;
  if (typeof value === 'string') {
    if (isUnstorableText(value)) out.push(path);
  } else if (Array.isArray(value)) {
    if (depth > MAX_DEPTH) return;
    value.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1, out));
  } else if (value !== null && typeof value === 'object') {
    if (depth > MAX_DEPTH) return;
    for (const [key, item] of Object.entries(value)) {
      // A key that cannot be stored is named by where it sits, never by itself.
      const badKey = isUnstorableText(key);
      const at = badKey ? `${path ? `${path}.` : ''}<key>` : path ? `${path}.${key}` : key;
      if (badKey) out.push(at);
      walk(item, at, depth + 1, out);
    }
  }
}

/** One message per field of the request holding text that cannot be stored; empty when there is none. */
export function unstorableTextFields(request: { body: unknown; query: unknown; params: unknown }): string[] {
  const paths: string[] = [];
  walk(request.body, '', 0, paths);
  const queryPaths: string[] = [];
  walk({ query: request.query }, '', 0, queryPaths);
  const paramPaths: string[] = [];
  walk(request.params, '', 0, paramPaths);
  return [
    ...[...new Set([...paths.map((p) => p || 'body'), ...queryPaths])].map(
      (path) => `${path} may not contain a NUL character or an unpaired UTF-16 surrogate`,
    ),
    ...[...new Set(paramPaths)].map((path) => `path parameter ${path} may not contain a NUL character or an unpaired UTF-16 surrogate`),
  ];
}
