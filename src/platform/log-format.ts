import type { DestinationStream } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines for machines (production, and any output that is not a terminal: a file, a pipe, a
 * log shipper), readable lines for a person at a terminal in development. `LOG_FORMAT` wins.
 */
export function chooseLogFormat(options: { configured?: LogFormat; nodeEnv: string; isTty: boolean }): LogFormat {
  if (options.configured) return options.configured;
  return options.nodeEnv === 'development' && options.isTty ? 'pretty' : 'json';
}

/**
 * pino-pretty as a plain stream in this thread (no transport worker): it reads the lines pino
 * writes, after redaction and card-number scrubbing, so it can show nothing JSON would not.
 */
export function prettyDestination(options: { destination?: DestinationStream | number; colorize: boolean }): DestinationStream {
  return PinoPretty({
    destination: options.destination ?? 1,
    sync: true,
    colorize: options.colorize,
    translateTime: 'UTC:yyyy-mm-dd HH:MM:ss.l"Z"',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
}
