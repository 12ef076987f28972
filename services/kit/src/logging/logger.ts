import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

const correlation = new AsyncLocalStorage<string>();

/** Runs `work` with `correlationId` (usually the export id) attached to every log line it writes. */
export const withCorrelationId = <T>(correlationId: string, work: () => T): T =>
  correlation.run(correlationId, work);
export const currentCorrelationId = (): string | undefined => correlation.getStore();
/**
 * Runs `work` with no correlation id: for callbacks of shared resources (a connection pool's
 * errors), which would otherwise carry the id of whichever job opened the connection.
 */
export const withoutCorrelationId = <T>(work: () => T): T => correlation.exit(work);

/** Fields that may hold secrets; pino replaces them wherever they appear in a log object. */
const SECRET_PATHS = [
  'password',
  '*.password',
  'secretKey',
  '*.secretKey',
  'accessKey',
  '*.accessKey',
  'smtpUrl',
  '*.smtpUrl',
  'databaseUrl',
  '*.databaseUrl',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
];

/**
 * The process logger: JSON lines, the part name and the current correlation id on each line.
 * Message content never goes into logs; callers log ids and counts.
 */
export function createLogger(options: { part: string; level: string }): Logger {
  return pino({
    level: options.level,
    base: { part: options.part },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId === undefined ? {} : { correlationId };
    },
  });
}

/** Shows a URL with its password replaced, for logs that name an endpoint. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '[unparseable url]';
  }
}

/** Lets Nest's own messages go through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  /** Nest's own start-up chatter (every module, every route) is for debugging, not for operators. */
  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
