// Calendars a phone can be set to, as data: how each shows in a header's year and how (or
// whether) its dates become Gregorian ones. A date is converted only where the arithmetic is
// exact (a fixed year offset, an era's first year); Persian and Islamic dates need month
// tables that differ between phones (Umm al-Qura, civil, astronomical), so they are recognised
// and reported but never converted: a wrong date shown as right is worse than none.

import type { Calendar } from '@chatexhibit/proto/calendar';

/** Japanese eras by the letter phones write before the era year ("R4"), with the Gregorian year of the era's year 1. */
export const JAPANESE_ERAS: ReadonlyArray<readonly [letter: string, firstYear: number]> = [
  ['M', 1868], // Meiji
  ['T', 1912], // Taisho
  ['S', 1926], // Showa: S64 = 1989
  ['H', 1989], // Heisei: H1 = 1989, H31 = 2019
  ['R', 2019], // Reiwa: R1 = 2019, R4 = 2022
];

/** Era names written after a date ("18/3/2565 BE"), with their calendar. */
export const ERA_NAMES_AFTER_DATE: ReadonlyArray<readonly [name: string, calendar: Calendar]> = [
  ['BE', 'thai-buddhist'],
  ['B.E.', 'thai-buddhist'],
  ['พ.ศ.', 'thai-buddhist'],
];

/**
 * Calendars told apart by their years alone (four digits, no era written), each range kept to
 * years WhatsApp can have written (it exists since 2009). Gregorian years are 1900-2399.
 */
const CALENDARS_BY_YEAR: ReadonlyArray<{
  calendar: Calendar;
  firstYear: number;
  lastYear: number;
}> = [
  { calendar: 'persian', firstYear: 1380, lastYear: 1420 },
  { calendar: 'islamic', firstYear: 1421, lastYear: 1480 },
  { calendar: 'thai-buddhist', firstYear: 2400, lastYear: 2699 },
];

/**
 * Thai phones write two-digit Buddhist years ("18/3/65" = 2565 = 2022): a two-digit year from
 * this one on cannot be a Gregorian 20xx year WhatsApp wrote, so it is Buddhist (25xx).
 */
const FIRST_TWO_DIGIT_BUDDHIST_YEAR = 50;
const BUDDHIST_ERA_OFFSET = 543;

/** What decides a header shape's calendar. */
export interface CalendarMarks {
  japaneseEra: boolean;
  eraName: string | null;
  yearDigits: number;
}

/**
 * The calendar of one header shape's dates: from the era its dates write, otherwise from its
 * first year as read (two-digit years as 20xx).
 */
export function calendarOfDates(marks: CalendarMarks, firstYear: number): Calendar {
  if (marks.japaneseEra) return 'japanese-era';
  if (marks.eraName !== null) {
    const key = eraKey(marks.eraName);
    return ERA_NAMES_AFTER_DATE.find(([name]) => eraKey(name) === key)?.[1] ?? 'gregorian';
  }
  if (marks.yearDigits === 2)
    return firstYear % 100 >= FIRST_TWO_DIGIT_BUDDHIST_YEAR ? 'thai-buddhist' : 'gregorian';
  const byYear = CALENDARS_BY_YEAR.find(
    ({ firstYear: first, lastYear }) => firstYear >= first && firstYear <= lastYear,
  );
  return byYear?.calendar ?? 'gregorian';
}

/** Whether dates of this calendar are converted to Gregorian ones (Japanese eras are, as each line is read). */
export function isConverted(calendar: Calendar): boolean {
  return calendar !== 'persian' && calendar !== 'islamic';
}

/**
 * Turns the years of date runs (day/month, day/month, year, repeated) into Gregorian years, in
 * place. Two-digit Buddhist years were read as 20xx: 65 is 2065 here, 2565 on the phone.
 */
export function toGregorianYears(runs: number[], calendar: Calendar, yearDigits: number): void {
  if (calendar !== 'thai-buddhist') return;
  const offset = yearDigits === 2 ? 500 - BUDDHIST_ERA_OFFSET : -BUDDHIST_ERA_OFFSET;
  for (let i = 2; i < runs.length; i += 3) runs[i] += offset;
}

function eraKey(name: string): string {
  return name.replace(/[.\s]/g, '').toUpperCase();
}
