// The recorded local times, message by message in export order, read in the export's stated (or
// assumed) time zone: which instant each stands for, where the zone's clocks changed between two
// messages, which local times did not exist there and which occurred twice. A time that occurred
// twice (the hour after clocks went back) is read by export order, as WhatsApp exports messages in
// the order they were sent: the first occurrence until a message of that hour reads earlier than
// the one before it, the second from then on.

import { tzOffset } from '@date-fns/tz';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { type ZoneChange, wentForward, zoneChangesBetween } from './time-zone';

/** The stated or assumed zone and the chat's recorded date range (ChatSummary's firstAt and lastAt). */
export interface ChatTimes {
  timeZone: string;
  firstAt: string | null;
  lastAt: string | null;
}

/** What the zone says of one message's recorded time. */
export interface MessageTime {
  /** The zone's offset changes between the message before and this one, in order: each is a row before it. */
  changesBefore: ZoneChange[];
  /** The instant the local time stands for and the zone's offset then; null when there is none. */
  instant: { at: Date; offset: number } | null;
  /** The change whose skipped stretch holds this local time (it did not exist in the zone). */
  skippedBy: ZoneChange | null;
  /** The change whose repeated stretch holds this local time (read by export order). */
  repeatedBy: ZoneChange | null;
  /**
   * The message before, when this one reads as earlier only because the clocks went back
   * between them: in the zone it is the later one.
   */
  laterThan: { timestamp: string; instant: { at: Date; offset: number } } | null;
}

const MINUTE_MS = 60_000;

/** Local time read as if UTC, in milliseconds; NaN for a timestamp that is no real date. */
const wallClock = (timestamp: string): number => {
  const clock = Date.parse(`${timestamp}Z`);
  return !Number.isNaN(clock) && new Date(clock).toISOString().slice(0, 19) === timestamp ? clock : NaN;
};

const UNREADABLE: MessageTime = {
  changesBefore: [],
  instant: null,
  skippedBy: null,
  repeatedBy: null,
  laterThan: null,
};

/**
 * Reads one pass of messages, in export order; a new pass needs a new clock. The zone's offsets
 * come from its changes in the chat's range, so a message costs a few comparisons, not a look-up
 * in the time-zone database.
 */
export class ZoneClock {
  private readonly changes: ZoneChange[];
  /** UTC offset from the start of the range until the first change. */
  private readonly firstOffset: number;
  /** The first change not yet passed. */
  private next = 0;
  private previous: { timestamp: string; clock: number; instant: MessageTime['instant'] } | null = null;

  constructor(readonly times: ChatTimes) {
    const { timeZone, firstAt, lastAt } = times;
    this.changes = firstAt === null || lastAt === null ? [] : zoneChangesBetween(timeZone, firstAt, lastAt);
    this.firstOffset =
      this.changes[0]?.offsetBefore ?? tzOffset(timeZone, new Date(Date.parse(`${firstAt ?? lastAt}Z`)));
  }

  /** The next message's time; a date that cannot be read (an invalid or unconverted date) has none. */
  read(message: { timestamp: string; flags: readonly TranscriptMessage['flags'][number][] }): MessageTime {
    const clock = message.flags.includes('invalidDate') ? NaN : wallClock(message.timestamp);
    if (Number.isNaN(clock)) return UNREADABLE;
    const { previous } = this;
    const changesBefore: ZoneChange[] = [];
    let wentBack = false;
    for (; this.next < this.changes.length; this.next++) {
      const change = this.changes[this.next]!;
      // Back into the repeated stretch from later in it: the clocks went back in between.
      const backInto =
        previous !== null &&
        !wentForward(change) &&
        clock >= change.clockAfter &&
        clock < previous.clock &&
        previous.clock < change.clockBefore;
      if (clock < change.clockBefore && !backInto) break;
      // Changes before the first message are the cover's to state, not a row's.
      if (previous !== null) changesBefore.push(change);
      wentBack ||= backInto;
    }
    const instants = this.instantsOf(clock);
    let instant = instants[0] ?? null;
    let skippedBy: ZoneChange | null = null;
    let repeatedBy: ZoneChange | null = null;
    if (instants.length === 0) {
      skippedBy = this.changes.find((c) => clock >= c.clockBefore && clock < c.clockAfter) ?? null;
    } else if (instants.length === 2) {
      const index = this.changes.findIndex((c) => clock >= c.clockAfter && clock < c.clockBefore);
      repeatedBy = this.changes[index] ?? null;
      // The second occurrence once the message list has passed the change.
      if (index !== -1 && index < this.next) instant = instants[1]!;
    }
    const laterThan =
      wentBack && previous !== null && previous.instant !== null
        ? { timestamp: previous.timestamp, instant: previous.instant }
        : null;
    this.previous = { timestamp: message.timestamp, clock, instant };
    return { changesBefore, instant, skippedBy, repeatedBy, laterThan };
  }

  /** Every instant that shows `clock` in the zone, earliest first: none, one, or two. */
  private instantsOf(clock: number): { at: Date; offset: number }[] {
    const { changes } = this;
    const found: { at: Date; offset: number }[] = [];
    for (let i = 0; i <= changes.length; i++) {
      const offset = i === 0 ? this.firstOffset : changes[i - 1]!.offsetAfter;
      const at = clock - offset * MINUTE_MS;
      if (
        (i === 0 || at >= changes[i - 1]!.at.getTime()) &&
        (i === changes.length || at < changes[i]!.at.getTime())
      )
        found.push({ at: new Date(at), offset });
    }
    return found;
  }
}
