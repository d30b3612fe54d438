/**
 * The base of every error a caller may branch on: a stable `code`, the HTTP status it maps to,
 * whether retrying the same operation can help, and the messages shown in the envelope's
 * `errors` array (CONVENTIONS.md habit 3). Each module keeps its own small catalog.
 */
export interface AppErrorOptions {
  status: number;
  messages?: string[];
  retryable?: boolean;
  cause?: unknown;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly messages: string[];
  readonly retryable: boolean;
  readonly headers: Record<string, string>;

  constructor(code: string, message: string, options: AppErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.messages = options.messages ?? [message];
    this.retryable = options.retryable ?? false;
    this.headers = options.headers ?? {};
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Shared errors of the HTTP layer. */
export const PlatformErrors = {
  malformedJson: () => new AppError('malformed_json', 'Request body is not valid JSON', { status: 400 }),
  bodyTooLarge: (limit: number) =>
    new AppError('body_too_large', `Request body is larger than the limit of ${limit} bytes`, { status: 413 }),
  tooDeep: (limit: number) => new AppError('body_too_deep', `Request body is nested more than ${limit} levels deep`, { status: 400 }),
  unsupportedMediaType: () => new AppError('unsupported_media_type', 'Request body must be JSON', { status: 415 }),
  notFound: () => new AppError('not_found', 'Record not found', { status: 404 }),
  validation: (messages: string[]) => new AppError('validation_failed', messages[0] ?? 'Request is invalid', { status: 422, messages }),
  unavailable: (what: string, cause?: unknown) =>
    new AppError('service_unavailable', `${what} is unavailable`, { status: 503, retryable: true, cause }),
  internal: (cause?: unknown) => new AppError('internal_error', 'Internal error; the request was not completed', { status: 500, cause }),
} as const;
