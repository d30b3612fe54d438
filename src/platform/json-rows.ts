/**
 * Rows handed to one statement as a single JSON document of arrays, one array per row with its
 * values in column order: `jsonRows` writes the document, `jsonRowsSql` reads it back as a
 * relation. For batches of hundreds of rows: serialised natively, where the driver's array
 * parameters cost several microseconds per element in JavaScript; and about a third fewer bytes
 * than one object per row (no key beside each value), which the driver writes and PostgreSQL
 * parses once (`json_to_recordset` lexes its text twice: once to check the `json` value, once to
 * build a hash of each object's keys).
 */

/** Each column's name, as the rows' objects and the relation name it, and its SQL type. */
export type JsonColumns = readonly (readonly [name: string, type: string])[];

/** The relation of the rows in `param` (a JSON text written by `jsonRows` with the same columns), as `alias`. */
export function jsonRowsSql(param: string, columns: JsonColumns, alias: string): string {
  const values = columns.map(([name, type], i) => `(r->>${i})::${type} as ${name}`).join(', ');
  return `(select ${values} from jsonb_array_elements(${param}::jsonb) r) as ${alias}`;
}

/** The JSON text of `rows` for `jsonRowsSql`: a missing value is null. */
export function jsonRows(columns: JsonColumns, rows: readonly object[]): string {
  return JSON.stringify(rows.map((row) => columns.map(([name]) => (row as Record<string, unknown>)[name] ?? null)));
}
