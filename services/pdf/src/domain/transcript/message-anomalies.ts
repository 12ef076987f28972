// Oddities in the messages themselves that the cover names by message number: a sender writing
// after leaving, a media file named with a date far from its message's, a line repeated; and what
// the stated zone says of their times: local times that did not exist there, and messages that
// read as earlier than the one before only because its clocks went back.

import type { Calendar } from '@chatexhibit/proto/calendar';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { type ChatTimes, type MessageTime, ZoneClock } from './zone-clock';

/** A media name's date further than this many days from its message's date is named on the cover. */
export const MEDIA_DATE_TOLERANCE_DAYS = 2;

export interface WroteAfterLeaving {
  index: number;
  sender: string;
  /** The system event that said the sender left or was removed. */
  leftAt: number;
}

export interface MediaDateMismatch {
  index: number;
  name: string;
  /** 'YYYY-MM-DD' from the name, and the message's recorded date. */
  nameDate: string;
  messageDate: string;
  days: number;
}

export interface MessageAnomalies {
  wroteAfterLeaving: WroteAfterLeaving[];
  mediaDateMismatches: MediaDateMismatch[];
  /** Messages identical to the one before them: same time, sender, kind, text and attachment. */
  duplicates: number[];
  /** Messages whose local time did not exist in the zone (its clocks went forward over it). */
  skippedTimes: number[];
  /** Messages that read as earlier than the one before only because the zone's clocks went back between them. */
  laterAfterClocksWentBack: number[];
}

/** Android: IMG-20230607-WA0003.jpg, PTT-, AUD-, VID-, STK-, DOC-; iOS: 00000012-PHOTO-2023-06-07-15-13-20.jpg. */
const ANDROID_MEDIA_NAME = /^(?:IMG|VID|AUD|PTT|STK|DOC)-(\d{4})(\d{2})(\d{2})-WA\d+/;
const IOS_MEDIA_NAME = /^\d{8}-[A-Z]+-(\d{4})-(\d{2})-(\d{2})-\d{2}-\d{2}-\d{2}\./;

/** The date a WhatsApp media name carries, 'YYYY-MM-DD', or null for other names and impossible dates. */
export function mediaNameDate(name: string): string | null {
  const match = ANDROID_MEDIA_NAME.exec(name) ?? IOS_MEDIA_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string): number =>
  Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS);

/** Kinds whose identical repetition is ordinary: WhatsApp writes the same placeholder for each. */
const PLACEHOLDER_TYPES = new Set<TranscriptMessage['type']>(['deleted', 'omitted-media', 'system', 'call']);

/** Marks, joiners and no-break spaces that phones put around names; removed before names are looked for. */
const NAME_NOISE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const plain = (text: string): string =>
  text
    .replace(NAME_NOISE, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2011/g, '-');

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The participants a system event's text names, longest names first so that "Sam Carter left"
 * names Sam Carter and not also Sam. A name counts only where it is not part of a longer word.
 */
export function participantsNamed(text: string, participants: readonly string[]): string[] {
  const haystack = plain(text);
  const taken: boolean[] = new Array<boolean>(haystack.length).fill(false);
  const named: string[] = [];
  const byLength = participants
    .map((name) => ({ name, needle: plain(name) }))
    .filter(({ needle }) => needle.trim() !== '')
    .sort((a, b) => b.needle.length - a.needle.length);
  for (const { name, needle } of byLength) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const free = !taken.slice(at, end).some(Boolean);
      const bounded =
        !LETTER_OR_DIGIT.test(haystack.charAt(at - 1)) && !LETTER_OR_DIGIT.test(haystack.charAt(end));
      if (free && bounded) {
        taken.fill(true, at, end);
        named.push(name);
        break;
      }
    }
  }
  return named;
}

const sameMessage = (a: TranscriptMessage, b: TranscriptMessage): boolean =>
  a.timestamp === b.timestamp &&
  a.sender === b.sender &&
  a.type === b.type &&
  a.content === b.content &&
  a.attachment === b.attachment;

/** Adds `message` to the time anomalies its time (read in export order) shows. */
export function noteTimeAnomalies(
  found: Pick<MessageAnomalies, 'skippedTimes' | 'laterAfterClocksWentBack'>,
  message: TranscriptMessage,
  time: MessageTime,
): void {
  if (time.skippedBy !== null) found.skippedTimes.push(message.index);
  // The ones the reading flagged as earlier than the message before.
  if (time.laterThan !== null && message.flags.includes('outOfOrder'))
    found.laterAfterClocksWentBack.push(message.index);
}

/**
 * One pass over the messages. A left or removed event counts only when it names exactly one
 * participant (in "A removed B" it cannot be told which one left without the language's grammar);
 * any added or joined event naming a participant counts as bringing them back.
 */
export async function findMessageAnomalies(
  pages: AsyncIterable<readonly TranscriptMessage[]>,
  participants: readonly string[],
  calendar: Calendar,
  times: ChatTimes,
): Promise<MessageAnomalies> {
  const found: MessageAnomalies = {
    wroteAfterLeaving: [],
    mediaDateMismatches: [],
    duplicates: [],
    skippedTimes: [],
    laterAfterClocksWentBack: [],
  };
  const clock = new ZoneClock(times);
  // Persian and Islamic dates stay as written, so they cannot be compared with a Gregorian name.
  const datesComparable = calendar !== 'persian' && calendar !== 'islamic';
  /** Participant → the event that said they left, while no later event brought them back. */
  const gone = new Map<string, number>();
  let previous: TranscriptMessage | null = null;
  for await (const page of pages) {
    for (const message of page) {
      if (message.type === 'system') {
        const named = participantsNamed(message.content, participants);
        if ((message.event === 'member-left' || message.event === 'member-removed') && named.length === 1) {
          gone.set(named[0], message.index);
        } else if (message.event === 'member-added' || message.event === 'member-joined') {
          for (const name of named) gone.delete(name);
        }
      } else if (message.sender !== null && gone.has(message.sender)) {
        found.wroteAfterLeaving.push({
          index: message.index,
          sender: message.sender,
          leftAt: gone.get(message.sender)!,
        });
      }
      const nameDate = message.attachment === null ? null : mediaNameDate(message.attachment);
      if (nameDate !== null && datesComparable && !message.flags.includes('invalidDate')) {
        const messageDate = message.timestamp.slice(0, 10);
        const days = daysBetween(nameDate, messageDate);
        if (days > MEDIA_DATE_TOLERANCE_DAYS) {
          found.mediaDateMismatches.push({
            index: message.index,
            name: message.attachment!,
            nameDate,
            messageDate,
            days,
          });
        }
      }
      if (
        previous !== null &&
        message.sender !== null &&
        !PLACEHOLDER_TYPES.has(message.type) &&
        (message.content !== '' || message.attachment !== null) &&
        sameMessage(previous, message)
      ) {
        found.duplicates.push(message.index);
      }
      noteTimeAnomalies(found, message, clock.read(message));
      previous = message;
    }
  }
  return found;
}
