import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { formatUtcOffset } from '@chatexhibit/proto/moment-in-zone';
import {
  recordedTime,
  type ZoneChange,
  zoneChangeClocks,
  zoneChangeDate,
  zoneChangeGap,
  wentForward,
} from './time-zone';
import type { MessageTime } from './zone-clock';

/** A message's flags as the transcript prints them on its row (and messages.csv in its Flags column). */
export const FLAG_LABELS: Record<TranscriptMessage['flags'][number], string> = {
  edited: 'EDITED',
  deleted: 'DELETED',
  viewOnce: 'VIEW ONCE',
  outOfOrder: 'OUT OF ORDER',
  invalidDate: 'DATE AS WRITTEN (INVALID)',
};

/** What the time zone says of a row's time, printed beside its flags. */
export const TIME_LABELS = {
  /** The local time did not exist in the zone: its clocks went forward over it. */
  skipped: 'NO SUCH LOCAL TIME',
  /** The local time occurred twice in the zone: its clocks went back over it. */
  repeated: 'REPEATED HOUR',
} as const;

/** A row's flags: `alerts` question the message, `notes` only say how its time is read. */
export interface RowFlags {
  alerts: string[];
  notes: string[];
}

/**
 * A row's flags as the transcript and messages.csv print them: the parser's, except OUT OF ORDER
 * where the clocks going back explain it, then what the zone says of the time.
 */
export function rowFlags(message: Pick<TranscriptMessage, 'flags'>, time: MessageTime): RowFlags {
  const alerts = message.flags
    .filter((flag) => flag !== 'outOfOrder' || time.laterThan === null)
    .map((flag) => FLAG_LABELS[flag]);
  if (time.skippedBy !== null) alerts.push(TIME_LABELS.skipped);
  const notes =
    time.repeatedBy !== null && time.instant !== null
      ? [`${TIME_LABELS.repeated} (${formatUtcOffset(time.instant.offset)})`]
      : [];
  return { alerts, notes };
}

/** The row that marks a change of the zone's offset where it falls among the messages. */
export function zoneChangeRow(change: ZoneChange, timeZone: string): string {
  const clocks = zoneChangeClocks(change);
  const row = `${clocks.charAt(0).toUpperCase()}${clocks.slice(1)} (${timeZone}, ${zoneChangeDate(change)}): local times ${zoneChangeGap(change)}`;
  return wentForward(change) ? `${row}.` : `${row}, the first time above this line and the second below it.`;
}

/** "20 minutes", "1 minute 5 seconds": how far apart two instants are. */
function span(milliseconds: number): string {
  const seconds = Math.round(Math.abs(milliseconds) / 1000);
  const parts = [
    [Math.floor(seconds / 60), 'minute'],
    [seconds % 60, 'second'],
  ] as const;
  const said = parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  return said.length === 0 ? 'no time' : said.join(' ');
}

/**
 * The sentence under a row whose time the zone questions or explains: a local time that did not
 * exist, or one that reads as earlier than the message before only because the clocks went back.
 * Null for every other row.
 */
export function timeExplanation(
  message: Pick<TranscriptMessage, 'timestamp' | 'secondsRecorded'>,
  time: MessageTime,
  timeZone: string,
): string | null {
  const shown = (timestamp: string): string => recordedTime(timestamp, message.secondsRecorded);
  if (time.skippedBy !== null) {
    return `${shown(message.timestamp)} did not exist on ${zoneChangeDate(time.skippedBy)} in ${timeZone}, where ${zoneChangeClocks(time.skippedBy)}: no UTC time follows from it.`;
  }
  if (time.laterThan !== null && time.instant !== null) {
    const before = time.laterThan.instant;
    return `Reads as earlier than the message before, but the clocks went back between them: this ${shown(message.timestamp)} (${formatUtcOffset(time.instant.offset)}) is ${span(time.instant.at.getTime() - before.at.getTime())} after that message's ${shown(time.laterThan.timestamp)} (${formatUtcOffset(before.offset)}).`;
  }
  return null;
}

/** The lines of the chat text a message came from, as the transcript prints them: "L12", "L12-14". */
export const sourceLines = (message: Pick<TranscriptMessage, 'line' | 'lineEnd'>): string =>
  message.line === message.lineEnd ? `L${message.line}` : `L${message.line}-${message.lineEnd}`;
