import {
  type ErrorCode,
  ErrorCodeSchema,
  type ErrorBody,
  type ErrorReasons,
} from '@chatexhibit/proto/errors';

/**
 * An error that crosses the bus with its code, so the gateway can map it to HTTP at the edge,
 * and, when a module refused, the module's reason.
 */
export class BusError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'BusError';
  }

  /** A module's refusal by its reason: code and message from the module's table in proto. */
  static of<Reason extends string>(
    reasons: ErrorReasons<Reason>,
    reason: Reason,
    message?: string,
  ): BusError {
    const { code, message: stated } = reasons[reason];
    return new BusError(code, message ?? stated, reason);
  }

  static from(error: unknown): BusError {
    if (error instanceof BusError) return error;
    if (isErrorBody(error)) {
      const code = ErrorCodeSchema.safeParse(error.code);
      const reason = typeof error.reason === 'string' ? error.reason : undefined;
      return new BusError(code.success ? code.data : 'INTERNAL', error.message, reason);
    }
    return new BusError('INTERNAL', error instanceof Error ? error.message : String(error));
  }

  toJSON(): ErrorBody {
    return this.reason === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, reason: this.reason, message: this.message };
  }
}

const isErrorBody = (value: unknown): value is { code: string; message: string; reason?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';
