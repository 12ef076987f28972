import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

const correlation = new AsyncLocalStorage<string>();

/**
 * Runs `work` with `correlationId` attached to every log line it writes: an export's work runs
 * under its export reference (never its id, which opens it).
 */
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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const UUIDS = new RegExp(UUID.source, 'gi');
const EMAILS = new RegExp(EMAIL.source, 'g');

/** A UUID's stand-in: a digest that still tells lines of one id apart from another's, and opens nothing. */
const idTag = (id: string): string =>
  `[id ${createHash('sha256').update(id.toLowerCase()).digest('hex').slice(0, 8)}]`;

const scrubText = (text: string): string => text.replace(UUIDS, idTag).replace(EMAILS, '[email]');

/**
 * The last line of defence under the rule that logs carry no id that opens anything and no email
 * address: every UUID in a log line (export, bundle and client ids are UUIDs) becomes a short
 * digest and every email address `[email]`, wherever it is (a field, a message, an error's
 * stack). Lines with neither pass untouched; others are re-encoded value by value, so the line
 * stays valid JSON. The real rule is not to log them: callers name an export by its reference.
 */
export function scrubLogLine(line: string): string {
  if (!UUID.test(line) && !EMAIL.test(line)) return line;
  try {
    const values = JSON.parse(line) as unknown;
    return `${JSON.stringify(values, (_key, value: unknown) => (typeof value === 'string' ? scrubText(value) : value))}\n`;
  } catch {
    return scrubText(line);
  }
}

/** What a readable line leaves out of its fields: what its start already says. */
const SHOWN_FIELDS = new Set(['level', 'time', 'msg', 'part', 'err']);

/**
 * A JSON log line as a person at a terminal reads it: the local time of day, the level, the message,
 * then the other fields as `name=value`, and an error's stack indented below. Not JSON: only for a
 * terminal, never for a file or a collector.
 */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  // The machine's time of day: the terminal's reader is on it.
  const time = typeof entry.time === 'string' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (pino.levels.labels[Number(entry.level)] ?? String(entry.level)).toUpperCase();
  const fields = Object.entries(entry)
    .filter(([name]) => !SHOWN_FIELDS.has(name))
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  const stack =
    typeof err?.stack === 'string' ? err.stack : typeof err?.message === 'string' ? err.message : '';
  const head = [time, level.padEnd(5), String(entry.msg ?? ''), ...fields].filter(Boolean).join(' ');
  return `${head}\n${stack ? `${stack.replace(/^/gm, '    ')}\n` : ''}`;
}

/**
 * The process logger: JSON lines, the part name and the current correlation id on each line.
 * Message content never goes into logs; callers log references and counts. Lines go to stdout
 * unless `destination` says otherwise; `readable` writes them as `readableLogLine` does, for a
 * person at a terminal.
 */
export function createLogger(options: {
  part: string;
  level: string;
  destination?: DestinationStream;
  readable?: boolean;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: { part: options.part },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId === undefined ? {} : { correlationId };
    },
    hooks: {
      streamWrite: options.readable ? (line) => readableLogLine(scrubLogLine(line)) : scrubLogLine,
    },
  };
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
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
