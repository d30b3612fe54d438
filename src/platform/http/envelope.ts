import type { Paginated } from '../pagination.ts';

/** `{successful, response, errors, test}` on every response; `errors` is always an array. */
export interface Envelope<T> {
  successful: boolean;
  response: T;
  errors: string[];
  test: boolean;
}

export interface ListEnvelope<T> extends Envelope<T[]> {
  records: number;
  total_records: number;
  page: number;
  total_pages: number;
}

export function ok<T>(response: T, test: boolean): Envelope<T> {
  return { successful: true, response, errors: [], test };
}

export function failure<T>(errors: string[], test: boolean, response: T): Envelope<T> {
  return { successful: false, response, errors, test };
}

export function list<T>(result: Paginated<T>, test: boolean): ListEnvelope<T> {
  return {
    successful: true,
    response: result.items,
    errors: [],
    test,
    records: result.items.length,
    total_records: result.total,
    page: result.page.page,
    total_pages: Math.ceil(result.total / result.page.limit),
  };
}
