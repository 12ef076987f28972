import { type ErrorCode, ErrorCodeSchema } from '@chatexhibit/proto/errors';

/** An error that crosses the bus with its code, so the gateway can map it to HTTP at the edge. */
export class BusError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BusError';
  }

  static from(error: unknown): BusError {
    if (error instanceof BusError) return error;
    if (isErrorBody(error)) {
      const code = ErrorCodeSchema.safeParse(error.code);
      return new BusError(code.success ? code.data : 'INTERNAL', error.message);
    }
    return new BusError('INTERNAL', error instanceof Error ? error.message : String(error));
  }

  toJSON(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

const isErrorBody = (value: unknown): value is { code: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';
