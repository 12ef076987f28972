import { TZDate, tzOffset, tzScan } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatUtcOffset } from '@chatexhibit/proto/moment-in-zone';

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

/** Time of day of a recorded timestamp: "HH:mm", or "HH:mm:ss" when the export recorded seconds. */
export const recordedTime = (timestamp: string, withSeconds: boolean): string =>
  timestamp.slice(11, withSeconds ? 19 : 16);

/** Calendar day of a recorded timestamp, 'YYYY-MM-DD'. */
export const recordedDay = (timestamp: string): string => timestamp.slice(0, 10);

/** The recorded wall-clock fields as a Date in this process's zone; only ever formatted, never converted. */
function parseRecorded(timestamp: string): Date {
  const [date, time = '00:00:00'] = timestamp.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return new Date(year!, month! - 1, day!, hours, minutes, seconds);
}

/** A change of the export's zone's UTC offset (daylight saving, or a change of the zone's rules). */
export interface ZoneChange {
  /** The instant of the change. */
  at: Date;
  /** UTC offsets in minutes before and after it. */
  offsetBefore: number;
  offsetAfter: number;
  /**
   * The zone's wall clock just before and just after the change, as milliseconds of the local time
   * read as if UTC (how recorded timestamps are compared): 02:00 then 03:00 when clocks go
   * forward, 02:00 then 01:00 when they go back.
   */
  clockBefore: number;
  clockAfter: number;
}

/** Whether the clocks went forward at the change (a stretch of local times did not exist). */
export const wentForward = (change: ZoneChange): boolean => change.offsetAfter > change.offsetBefore;

/** A wall-clock reading (local time as if UTC, in milliseconds) as a recorded timestamp, 'YYYY-MM-DDTHH:mm:ss'. */
const wallTimestamp = (clock: number): string => new Date(clock).toISOString().slice(0, 19);

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The export's zone's offset changes that fall between two recorded timestamps: those with a
 * recorded time on each side, or one in the hour the change skipped or repeated. The timestamps
 * carry no zone, so the scan is widened by a day on each side and its changes are then kept by
 * their wall-clock times. tzScan finds each change to the hour; it is narrowed to the minute, as
 * some zones change on the half hour.
 */
export function zoneChangesBetween(timeZone: string, firstAt: string, lastAt: string): ZoneChange[] {
  const firstClock = Date.parse(`${firstAt}Z`);
  const lastClock = Date.parse(`${lastAt}Z`);
  const start = new Date(firstClock - DAY_MS);
  const end = new Date(lastClock + DAY_MS);
  const inRange = (change: ZoneChange): boolean =>
    firstClock < Math.max(change.clockBefore, change.clockAfter) &&
    lastClock >= Math.min(change.clockBefore, change.clockAfter);
  return tzScan(timeZone, { start, end })
    .map((change): ZoneChange => {
      const offsetAfter = change.offset;
      const offsetBefore = change.offset - change.change;
      // The offset is offsetBefore an hour before tzScan's instant and offsetAfter at it.
      let before = change.date.getTime() - HOUR_MS;
      let after = change.date.getTime();
      while (after - before > MINUTE_MS) {
        const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
        if (tzOffset(timeZone, new Date(middle)) === offsetAfter) after = middle;
        else before = middle;
      }
      return {
        at: new Date(after),
        offsetBefore,
        offsetAfter,
        clockBefore: after + offsetBefore * MINUTE_MS,
        clockAfter: after + offsetAfter * MINUTE_MS,
      };
    })
    .filter(inRange);
}

/** "HH:mm" of a wall-clock reading. */
const clockTime = (clock: number): string => wallTimestamp(clock).slice(11, 16);

/** The local day of a change, 'YYYY-MM-DD'. */
export const zoneChangeDay = (change: ZoneChange): string => wallTimestamp(change.clockBefore).slice(0, 10);

/** The local date of a change, as a heading writes dates ("09 March 2025"). */
export const zoneChangeDate = (change: ZoneChange): string =>
  formatRecordedDate(wallTimestamp(change.clockBefore));

/** "clocks went forward 02:00 → 03:00, UTC−05:00 → UTC−04:00" (or back). */
export function zoneChangeClocks(change: ZoneChange): string {
  const way = wentForward(change) ? 'forward' : 'back';
  return `clocks went ${way} ${clockTime(change.clockBefore)} \u2192 ${clockTime(change.clockAfter)}, ${formatUtcOffset(change.offsetBefore)} \u2192 ${formatUtcOffset(change.offsetAfter)}`;
}

/**
 * The local times a change skipped or repeated, in words: "from 02:00 to 02:59 did not exist",
 * "from 01:00 to 01:59 occurred twice".
 */
export function zoneChangeGap(change: ZoneChange): string {
  const [from, to] = wentForward(change)
    ? [change.clockBefore, change.clockAfter]
    : [change.clockAfter, change.clockBefore];
  const span = `from ${clockTime(from)} to ${clockTime(to - MINUTE_MS)}`;
  return wentForward(change) ? `${span} did not exist` : `${span} occurred twice`;
}

/**
 * An instant in ISO 8601 UTC, to the second, or to the minute when the export recorded no seconds
 * (none are invented): "2025-03-09T07:10:05Z", "2025-03-09T07:10Z".
 */
export const isoUtc = (at: Date, withSeconds: boolean): string =>
  `${at.toISOString().slice(0, withSeconds ? 19 : 16)}Z`;

/** An instant as the transcript's UTC column shows it: "10 Mar 03:00", or "10 Mar 03:00:40" with recorded seconds. */
export const formatUtcColumn = (at: Date, withSeconds: boolean): string =>
  format(new TZDate(at, 'UTC'), withSeconds ? 'dd MMM HH:mm:ss' : 'dd MMM HH:mm');

/** "+02:00", "-03:00", "+00:00": an offset in minutes as ISO 8601 writes it. */
export function isoOffset(minutes: number): string {
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}
