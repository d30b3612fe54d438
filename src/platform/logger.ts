import { pino, type Logger, type DestinationStream } from 'pino';
import { scrubCardNumbers } from './pan-scrub.ts';
import { chooseLogFormat, prettyDestination, type LogFormat } from './log-format.ts';

export type { Logger };

/** Paths never written to a log: card data, credentials, secrets (CONVENTIONS.md habit 9). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  '*.authorization',
  'card_number',
  '*.card_number',
  'cardNumber',
  '*.cardNumber',
  'pan',
  '*.pan',
  'cvv',
  '*.cvv',
  'api_token',
  '*.api_token',
  'apiToken',
  '*.apiToken',
  'password',
  '*.password',
  'secret',
  '*.secret',
  // A console session's cookie and CSRF token, wherever a request's or an answer's headers are logged.
  'req.headers.cookie',
  'headers.cookie',
  'cookie',
  '*.cookie',
  'req.headers["x-csrf-token"]',
  'headers["x-csrf-token"]',
  'csrf_token',
  '*.csrf_token',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
];

/** A copy of a log object with every string in it scrubbed of card numbers (a URL, a message, an id). */
function scrubDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubCardNumbers(value);
  if (depth > 8 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[scrubCardNumbers(key)] = scrubDeep(item, depth + 1);
  return out;
}

export interface LoggerOptions {
  level: string;
  destination?: DestinationStream;
  /** `json` (the default) or `pretty`: the same records, redacted and scrubbed alike, as readable lines. */
  format?: LogFormat;
  /** Colours in pretty lines (a terminal). */
  colorize?: boolean;
}

/**
 * The root logger. Besides redaction by path, every string argument is scrubbed of anything
 * that looks like a card number, so that a careless message cannot leak one.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'recur' },
      // ISO instants, not epoch milliseconds: readable as they stand.
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: (object) => scrubDeep(object, 0) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubCardNumbers(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (err: unknown) => {
          const serialized = pino.stdSerializers.err(err as Error);
          if (typeof serialized.message === 'string') serialized.message = scrubCardNumbers(serialized.message);
          if (typeof serialized.stack === 'string') serialized.stack = scrubCardNumbers(serialized.stack);
          return serialized;
        },
      },
    },
    options.format === 'pretty'
      ? prettyDestination({ destination: options.destination, colorize: options.colorize ?? false })
      : options.destination,
  );
}

/**
 * The logger of a `recur` command writing to stdout (1) or stderr (2): JSON lines unless that
 * output is a terminal in development, or LOG_FORMAT says otherwise.
 */
export function createProcessLogger(
  config: { LOG_LEVEL: string; LOG_FORMAT?: LogFormat; NODE_ENV: string },
  fd: 1 | 2 = 1,
  level = config.LOG_LEVEL,
): Logger {
  const isTty = Boolean((fd === 1 ? process.stdout : process.stderr).isTTY);
  const format = chooseLogFormat({ configured: config.LOG_FORMAT, nodeEnv: config.NODE_ENV, isTty });
  return createLogger({ level, format, colorize: isTty, destination: fd === 2 ? pino.destination(2) : undefined });
}
