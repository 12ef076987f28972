// A birth date redacted in one message can be told by another: "Happy 9th birthday!" sent on
// 17 April gives the day, the month and, with the age, the year. The rule, warned of and never
// quoted (the filer decides, since a birthday may be anyone's):
// - a message that mentions a birthday or an age ("birthday", "9th birthday", "turns 9", "9 years
//   old"), unredacted, sent within BIRTHDAY_WINDOW_DAYS days before or after the day and month of
//   a date a birth-date redaction removes (in any year; "04/12/2015" read both as 12 April and as
//   4 December);
// - anywhere in the exhibit, a message that says "birthday" with an age, unredacted, when a
//   redaction's reason is a birth date (its date may be written nowhere the exhibit can read it).

import type { Redaction } from '@chatexhibit/proto/exhibit-spec';
import { fullDates, type MonthDay } from '@chatexhibit/proto/redaction-suggestions';
import type { TextRange } from '@chatexhibit/proto/text-range';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { recordedDay } from '../transcript/time-zone';

/** How many days before or after a redacted birth date's day and month a mention is near it. */
export const BIRTHDAY_WINDOW_DAYS = 3;

/** An included message that mentions a birthday or an age, unredacted. */
export interface BirthdayMention {
  message: number;
  /** The day the chat records it on, YYYY-MM-DD. */
  day: string;
  /** Whether it says "birthday" with an age ("9th birthday", "birthday … turns 9"). */
  withAge: boolean;
}

const CARDINALS = String.raw`\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty`;
const ORDINALS = String.raw`\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth`;
const BIRTHDAY = String.raw`(?:birthday|b-?day|bday)`;
/** "birthday", "bday". */
const BIRTHDAY_WORD = new RegExp(String.raw`\b${BIRTHDAY}\b`, 'giu');
/** An age: "9th birthday", "turns 9", "turning nine", "9 years old", "9-year-old", "age 9". */
const AGE = new RegExp(
  String.raw`\b(?:(?:${ORDINALS})\s+${BIRTHDAY}|turn(?:s|ed|ing)?\s+(?:${CARDINALS})|(?:${CARDINALS})[\s-]*(?:years?|yrs?)[\s-]*old|aged?\s+(?:${CARDINALS}))\b`,
  'giu',
);

const ranges = (pattern: RegExp, text: string): TextRange[] =>
  [...text.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));

/** Whether a range keeps a letter or digit outside the removed ranges. */
const readable = (range: TextRange, text: string, removed: readonly TextRange[]): boolean => {
  for (let at = range.start; at < range.end; at++)
    if (/[\p{L}\p{N}]/u.test(text[at]!) && !removed.some((r) => r.start <= at && at < r.end)) return true;
  return false;
};

/** The message's mention of a birthday or an age that its masks leave readable, or null. */
export function birthdayMention(
  message: Pick<TranscriptMessage, 'index' | 'content' | 'timestamp'>,
  removed: readonly TextRange[],
): BirthdayMention | null {
  const text = message.content;
  const words = ranges(BIRTHDAY_WORD, text).filter((range) => readable(range, text, removed));
  const ages = ranges(AGE, text).filter((range) => readable(range, text, removed));
  if (words.length === 0 && ages.length === 0) return null;
  const ordinalBirthday = ages.some((range) => BIRTHDAY_WORD.test(text.slice(range.start, range.end)));
  BIRTHDAY_WORD.lastIndex = 0;
  return {
    message: message.index,
    day: recordedDay(message.timestamp),
    withAge: ordinalBirthday || (words.length > 0 && ages.length > 0),
  };
}

/** The months and days of the dates a birth-date redaction removes from a message's text (any part of the date). */
export function redactedBirthDays(
  text: string,
  masks: ReadonlyArray<TextRange & { field: string; redaction: number }>,
  redactions: readonly Redaction[],
): Array<MonthDay & { redaction: number }> {
  const birthMasks = masks.filter(
    (mask) => mask.field === 'content' && redactions[mask.redaction]!.reason.category === 'birth-date',
  );
  if (birthMasks.length === 0) return [];
  return fullDates(text).flatMap((date) => {
    const mask = birthMasks.find((m) => m.start < date.end && date.start < m.end);
    return mask === undefined
      ? []
      : date.monthDays.map((monthDay) => ({ ...monthDay, redaction: mask.redaction }));
  });
}

const DAY_MS = 86_400_000;

/** Whether `day` (YYYY-MM-DD) is within the window of a month and day, in the year before, of or after it. */
function isNear(day: string, { month, day: date }: MonthDay): boolean {
  const [year, m, d] = day.split('-').map(Number) as [number, number, number];
  const sent = Date.UTC(year, m - 1, d);
  return [year - 1, year, year + 1].some(
    (y) => Math.abs(Date.UTC(y, month - 1, date) - sent) <= BIRTHDAY_WINDOW_DAYS * DAY_MS,
  );
}

/** A mention that can tell a redacted birth date: the redaction, and whether it is near its day and month. */
export type RevealingBirthday = BirthdayMention & { redaction: number; near: boolean };

/** The mentions that can tell a redacted birth date, by the rule above, each with the redaction it may tell. */
export function revealingBirthdays(
  mentions: readonly BirthdayMention[],
  birthDays: ReadonlyArray<MonthDay & { redaction: number }>,
  redactions: readonly Redaction[],
): RevealingBirthday[] {
  const anyBirthDate = redactions.findIndex((redaction) => redaction.reason.category === 'birth-date');
  if (anyBirthDate === -1) return [];
  return mentions.flatMap((mention): RevealingBirthday[] => {
    const near = birthDays.find((birthDay) => isNear(mention.day, birthDay));
    if (near !== undefined) return [{ ...mention, redaction: near.redaction, near: true }];
    return mention.withAge ? [{ ...mention, redaction: anyBirthDate, near: false }] : [];
  });
}
