/** Recur answered with `successful: false`: the status and the envelope's `errors`, as sent. */
export class RecurApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  /** The whole envelope, for fields a caller may need (`response` holds a failed purchase, for one). */
  readonly body: unknown;

  constructor(status: number, errors: string[], body: unknown) {
    super(errors.length ? `Recur answered ${status}: ${errors.join('; ')}` : `Recur answered ${status}`);
    this.name = 'RecurApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/** No answer: the connection failed or closed early, after every allowed retry. */
export class RecurNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RecurNetworkError';
  }
}
