import { TZDate, tzOffset, tzScan } from '@date-fns/tz';
import { format } from 'date-fns';

/** "UTC+05:30", "UTC−03:00" (a true minus sign), "UTC+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '\u2212' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** A moment in the export's zone, SPEC's "dd MMM yyyy, HH:mm", with its UTC offset: "23 Nov 2026, 14:05 (UTC+01:00)". */
export function formatMomentInZone(moment: Date, timeZone: string): string {
  const local = new TZDate(moment, timeZone);
  return `${format(local, 'dd MMM yyyy, HH:mm')} (${formatUtcOffset(tzOffset(timeZone, moment))})`;
}

/** A recorded local timestamp ('YYYY-MM-DDTHH:mm:ss') as the date heading, SPEC's "dd MMMM yyyy". */
export function formatRecordedDate(timestamp: string): string {
  return format(parseRecorded(timestamp), 'dd MMMM yyyy');
}

/** The month of a recorded local timestamp, "MMMM yyyy", as the transcript's bookmarks name it. */
export function formatRecordedMonth(timestamp: string): string {
  return format(parseRecorded(timestamp), 'MMMM yyyy');
}

/**
 * A recorded local timestamp as "dd MMM yyyy, HH:mm" (no zone: the device wrote none), or as
 * "dd MMM yyyy" when the transcript leaves times of day out.
 */
export function formatRecordedMoment(timestamp: string, withTime = true): string {
  return format(parseRecorded(timestamp), withTime ? 'dd MMM yyyy, HH:mm' : 'dd MMM yyyy');
}

/** Time of day of a recorded timestamp, "HH:mm". */
export const recordedTime = (timestamp: string): string => timestamp.slice(11, 16);

/** Calendar day of a recorded timestamp, 'YYYY-MM-DD'. */
export const recordedDay = (timestamp: string): string => timestamp.slice(0, 10);

/** The recorded wall-clock fields as a Date in this process's zone; only ever formatted, never converted. */
function parseRecorded(timestamp: string): Date {
  const [date, time = '00:00:00'] = timestamp.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return new Date(year!, month! - 1, day!, hours, minutes, seconds);
}

export interface ZoneChange {
  /** Local date of the change in the export's zone, as a heading date. */
  date: string;
  from: string;
  to: string;
}

/**
 * The export's zone's offset changes (daylight saving, or a change of the zone's rules) between
 * two recorded timestamps. The timestamps carry no zone, so the range is widened by a day on each
 * side: a change on the first or last day is never missed.
 */
export function zoneChangesBetween(timeZone: string, firstAt: string, lastAt: string): ZoneChange[] {
  const start = new Date(Date.parse(`${firstAt}Z`) - 86_400_000);
  const end = new Date(Date.parse(`${lastAt}Z`) + 86_400_000);
  return tzScan(timeZone, { start, end }).map((change) => ({
    date: format(new TZDate(change.date, timeZone), 'dd MMMM yyyy'),
    from: formatUtcOffset(change.offset - change.change),
    to: formatUtcOffset(change.offset),
  }));
}

/** "+02:00", "-03:00", "+00:00": an offset in minutes as ISO 8601 writes it. */
export function isoOffset(minutes: number): string {
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * The one instant a recorded local time ('YYYY-MM-DDTHH:mm:ss') stands for in `timeZone`, with the
 * zone's offset then; null when there is none (an impossible date, a time the zone skipped when
 * its clocks went forward) or two (a time it lived twice when they went back).
 */
export function recordedInstant(timestamp: string, timeZone: string): { at: Date; offset: number } | null {
  const wall = Date.parse(`${timestamp}Z`);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 19) !== timestamp) return null;
  const candidates = new Set(
    [-1, 0, 1].map((days) => tzOffset(timeZone, new Date(wall + days * 86_400_000))),
  );
  const found: { at: Date; offset: number }[] = [];
  for (const offset of candidates) {
    if (!Number.isFinite(offset)) continue;
    const at = new Date(wall - offset * 60_000);
    if (tzOffset(timeZone, at) === offset) found.push({ at, offset });
  }
  return found.length === 1 ? found[0]! : null;
}
