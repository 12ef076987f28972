import { addDays, addMonths, max } from 'date-fns';
import { RETENTION_DAYS, UNPURCHASED_RETENTION_DAYS } from '@chatexhibit/proto/constants';

/** When an export was received and when its files are deleted. */
export interface RetentionDates {
  exportId: string;
  receivedAt: Date;
  deleteAfter: Date;
}

/** An export's retention until it is bought: deleted 7 days after upload. */
export const retentionOf = (exportId: string, receivedAt: string): RetentionDates => ({
  exportId,
  receivedAt: new Date(receivedAt),
  deleteAfter: addDays(new Date(receivedAt), UNPURCHASED_RETENTION_DAYS),
});

/** A bought export is kept 90 days after its purchase. */
export const purchasedDeleteAfter = (paidAt: Date): Date => addDays(paidAt, RETENTION_DAYS);

/**
 * Support's extension by `months`, counted from the later of `now` and the current date: a
 * lapsed extension starts afresh.
 */
export const extendedDeleteAfter = (deleteAfter: Date, months: number, now: Date): Date =>
  addMonths(max([deleteAfter, now]), months);
