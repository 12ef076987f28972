/**
 * The calendars a phone can write an export's dates in. The parser converts the exact ones
 * (Thai Buddhist, Japanese era) to Gregorian dates and only reports Persian and Islamic dates,
 * whose month lengths differ between phones; the transcript's cover names the calendar.
 * Plain data without zod, so that the parser and its CLI load without it (about 50 ms); the
 * transcript contract makes the schema.
 */
export const CALENDARS = ['gregorian', 'thai-buddhist', 'japanese-era', 'persian', 'islamic'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** A calendar's name for readers of warnings and of the cover. */
export const CALENDAR_NAMES: Readonly<Record<Calendar, string>> = {
  gregorian: 'Gregorian',
  'thai-buddhist': 'Thai Buddhist (Buddhist era = Gregorian year + 543)',
  'japanese-era': 'Japanese era (Reiwa, Heisei, Showa…)',
  persian: 'Persian (Solar Hijri)',
  islamic: 'Islamic (Hijri)',
};
