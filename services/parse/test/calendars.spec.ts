// Which calendar a header shape's years belong to, at the edges of each documented range
// (docs/parser.md, Header variants and calendars), and the Buddhist conversion.

import type { Calendar } from '@chatexhibit/proto/calendar';
import { calendarOfDates, toGregorianYears } from '../src/domain/calendars';

const PLAIN = { japaneseEra: false, eraName: null, yearDigits: 4 };

it.each<[number, Calendar]>([
  [2009, 'gregorian'],
  [2399, 'gregorian'],
  [1380, 'persian'],
  [1420, 'persian'],
  [1421, 'islamic'],
  [1480, 'islamic'],
  [2400, 'thai-buddhist'],
  [2699, 'thai-buddhist'],
])('a four-digit first year %i is %s', (year, calendar) => {
  expect(calendarOfDates(PLAIN, year)).toBe(calendar);
});

it('reads two-digit years from 50 as Buddhist, below as Gregorian (both read as 20xx first)', () => {
  expect(calendarOfDates({ ...PLAIN, yearDigits: 2 }, 2049)).toBe('gregorian');
  expect(calendarOfDates({ ...PLAIN, yearDigits: 2 }, 2050)).toBe('thai-buddhist');
});

it('takes an era written in the date over the year', () => {
  expect(calendarOfDates({ ...PLAIN, eraName: 'B.E.' }, 2565)).toBe('thai-buddhist');
  expect(calendarOfDates({ ...PLAIN, eraName: 'พ.ศ.' }, 2565)).toBe('thai-buddhist');
  expect(calendarOfDates({ ...PLAIN, japaneseEra: true, yearDigits: 2 }, 2022)).toBe('japanese-era');
});

it('converts Buddhist years in place, two-digit ones from their 20xx reading', () => {
  const fourDigit = [18, 3, 2565, 1, 1, 2566];
  toGregorianYears(fourDigit, 'thai-buddhist', 4);
  expect(fourDigit).toEqual([18, 3, 2022, 1, 1, 2023]);
  const twoDigit = [18, 3, 2065];
  toGregorianYears(twoDigit, 'thai-buddhist', 2);
  expect(twoDigit).toEqual([18, 3, 2022]);
  const persian = [13, 3, 1402];
  toGregorianYears(persian, 'persian', 4);
  expect(persian).toEqual([13, 3, 1402]);
});
