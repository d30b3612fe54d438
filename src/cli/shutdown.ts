import type { Logger } from '../platform/logger.ts';

/**
 * Resolves on the first SIGTERM or SIGINT so the caller can stop accepting work, finish what is
 * in flight and close its connections. A second signal exits at once.
 */
export function onShutdownSignal(logger: Logger): Promise<string> {
  return new Promise((resolve) => {
    let received = false;
    const handler = (signal: NodeJS.Signals) => {
      if (received) {
        logger.warn({ signal }, 'second signal: exiting now');
        process.exit(130);
      }
      received = true;
      logger.info({ signal }, 'shutting down');
      resolve(signal);
    };
    process.on('SIGTERM', handler);
    process.on('SIGINT', handler);
  });
}
