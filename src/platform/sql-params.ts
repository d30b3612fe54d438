/**
 * The parameters of one statement built in pieces, numbered as they are added: each piece asks
 * for its value's placeholder (`$n`) and the statement is sent with `values`.
 */
export class Params {
  readonly values: unknown[] = [];
  /** The placeholder of `value` (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
