import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { type ExportProgress, ExportProgressSchema } from '@chatexhibit/proto/progress';

export type ProgressListener = (event: ExportProgress) => void;

/**
 * Each export's progress (`progress.<exportId>`): every step publishes, the gateway fans it out
 * over server-sent events. The latest state is kept outside any one process, so a browser that
 * reconnects, to any gateway replica or after a restart, gets it at once. An event that does not
 * supersede the recorded one (see `supersedes`) is dropped, so progress never moves backwards.
 */
export abstract class ProgressChannel {
  abstract publish(exportId: string, event: ExportProgress): Promise<void>;
  abstract latest(exportId: string): Promise<ExportProgress | null>;
  /** Calls `listener` with every event published for the export from now on; returns the unsubscribe. */
  abstract subscribe(exportId: string, listener: ProgressListener): Promise<() => void>;
  /**
   * Replaces whatever is kept of the export's progress with its final `deleted` event, which no
   * later publish supersedes: a step still running when its export is deleted cannot record
   * progress of it again, and a browser asking is told it was deleted.
   */
  abstract erase(exportId: string): Promise<void>;
  abstract close(): Promise<void>;
  abstract check(): Promise<void>;
}

/** Reads a stored or received event; anything that does not match the contract is ignored. */
export const readProgress = (value: unknown): ExportProgress | null => {
  const parsed = ExportProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** What is kept of a deleted export's progress: a final event that names nothing. */
export const DELETED_PROGRESS: ExportProgress = { step: 0, progress: 100, error: PAYMENT_MESSAGES.deleted };
