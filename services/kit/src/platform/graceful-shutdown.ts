import type { Logger } from '../logging/logger';

const FORCED_EXIT_AFTER_MS = 25_000;

/**
 * On SIGINT (Ctrl-C) or SIGTERM (docker stop, Kubernetes): stop taking work, let what is in
 * hand finish, close connections, exit 0. A close that hangs is cut off with exit 1 well
 * inside Kubernetes' default 30 s grace period.
 */
export function closeOnSignals(close: () => Promise<void>, logger: Logger): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'stopping');
    setTimeout(() => {
      logger.error('stop took too long; exiting');
      process.exit(1);
    }, FORCED_EXIT_AFTER_MS).unref();
    close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'stopped with an error');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
