// The shape of an operation's documentation and the envelope its examples answer in (operation-docs.ts merges them).

export interface OperationDoc {
  summary: string;
  description: string;
  /** The JSON body of an example request (operations that take one). */
  request?: unknown;
  /** The example answer's envelope. */
  response: unknown;
}

export const ok = (response: unknown, page?: { records: number; total_records: number }) => ({
  successful: true,
  response,
  errors: [],
  test: true,
  ...(page ? { ...page, page: 1, total_pages: Math.max(1, Math.ceil(page.total_records / Math.max(1, page.records))) } : {}),
});

/** The paging fields of an example list with one record. */
export const PAGE = { records: 1, total_records: 1 };
