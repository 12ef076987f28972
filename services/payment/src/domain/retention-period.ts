import { addDays, addMonths, max } from 'date-fns';
import {
  FREE_EXPORT_RETENTION_DAYS,
  RETENTION_DAYS,
  UNFINISHED_EXPORT_RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';

/** When an export was received and when its files are deleted. */
export interface RetentionDates {
  exportId: string;
  receivedAt: Date;
  deleteAfter: Date;
}

/**
 * An upload's retention from the moment it is received: an upload whose processing never ends
 * (refused, failed) is deleted a day after upload; the decision at its end lengthens it.
 */
export const retentionOf = (exportId: string, receivedAt: string): RetentionDates => ({
  exportId,
  receivedAt: new Date(receivedAt),
  deleteAfter: addDays(new Date(receivedAt), UNFINISHED_EXPORT_RETENTION_DAYS),
});

/** Once processed: a free export is kept 7 days after upload, one that awaits payment 3. */
export const decidedDeleteAfter = (receivedAt: string, free: boolean): Date =>
  addDays(new Date(receivedAt), free ? FREE_EXPORT_RETENTION_DAYS : UNPAID_EXPORT_RETENTION_DAYS);

/** A bought export is kept 90 days after its purchase. */
export const purchasedDeleteAfter = (paidAt: Date): Date => addDays(paidAt, RETENTION_DAYS);

/**
 * Support's extension by `months`, counted from the later of `now` and the current date: a
 * lapsed extension starts afresh.
 */
export const extendedDeleteAfter = (deleteAfter: Date, months: number, now: Date): Date =>
  addMonths(max([deleteAfter, now]), months);
