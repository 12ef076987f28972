// Day/month order comes from every date of the file, never from the first line alone.

import { inferDateOrder } from '../src/domain/date-order';
import { parseChat } from '../src/domain/parse-chat';

/** An Android chat with one message per date (written "a/b/yyyy"), a minute apart. */
function android(dates: string[], time = (i: number) => `10:${String(i).padStart(2, '0')}`): string {
  return dates.map((date, i) => `${date}, ${time(i)} - Ann: message ${i + 1}`).join('\n');
}

describe('date order from the whole file', () => {
  it('reads ambiguous early dates as day/month when a later date has a day above 12', () => {
    const chat = parseChat(android(['01/02/2023', '03/02/2023', '13/02/2023']));
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.messages.map((m) => m.timestamp.slice(0, 10))).toEqual([
      '2023-02-01',
      '2023-02-03',
      '2023-02-13',
    ]);
    expect(chat.warnings).toEqual([]);
  });

  it('reads ambiguous early dates as month/day when a later date has a day above 12', () => {
    const chat = parseChat(android(['01/02/2023', '01/03/2023', '02/13/2023']));
    expect(chat.dateOrder).toBe('MDY');
    expect(chat.messages.map((m) => m.timestamp.slice(0, 10))).toEqual([
      '2023-01-02',
      '2023-01-03',
      '2023-02-13',
    ]);
  });

  it('without a day above 12, takes the order that keeps dates increasing, and says so', () => {
    // Day/month: 5 Jan, 6 Jan, 1 Feb, 2 Feb. Month/day: 1 May, 1 Jun, 2 Jan, 2 Feb (goes back).
    const dmy = parseChat(android(['05/01/2023', '06/01/2023', '01/02/2023', '02/02/2023']));
    expect(dmy.dateOrder).toBe('DMY');
    expect(dmy.warnings).toEqual([
      'No date has a day above 12, so the date order cannot be read from the dates alone; day/month/year was chosen because it keeps the dates increasing (0 backward steps against 1).',
    ]);
    const mdy = parseChat(android(['01/05/2023', '01/06/2023', '02/01/2023', '02/02/2023']));
    expect(mdy.dateOrder).toBe('MDY');
    expect(mdy.messages.map((m) => m.timestamp.slice(0, 10))).toEqual([
      '2023-01-05',
      '2023-01-06',
      '2023-02-01',
      '2023-02-02',
    ]);
  });

  it('when both orders keep dates increasing, takes the part that changes most often as the day', () => {
    const chat = parseChat(android(['01/02/2023', '02/02/2023', '03/02/2023', '04/02/2023']));
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.warnings[0]).toMatch(/day\/month\/year was chosen because the first part changes most often/);
  });

  it('falls back to the header style, with a warning, when nothing in the dates decides', () => {
    const us = parseChat('3/4/24, 1:00\u202FPM - Ann: hi');
    expect(us.dateOrder).toBe('MDY');
    expect(us.messages[0].timestamp).toBe('2024-03-04T13:00:00');
    expect(us.warnings).toEqual([
      'No date has a day above 12, so the date order cannot be read from the dates alone; month/day/year was assumed from the header style. Check the dates against the phone.',
    ]);
    const other = parseChat('3/4/2024, 13:00 - Ann: hi');
    expect(other.dateOrder).toBe('DMY');
    expect(other.messages[0].timestamp).toBe('2024-04-03T13:00:00');
  });

  it('needs no warning when day and month are equal, as both orders give the same dates', () => {
    const chat = parseChat(android(['05/05/2023', '05/05/2023']));
    expect(chat.messages[0].timestamp).toBe('2023-05-05T10:00:00');
    expect(chat.warnings).toEqual([]);
  });

  it('flags a date impossible in every order and keeps it as written', () => {
    const chat = parseChat(android(['30/01/2023', '31/02/2023', '01/03/2023']));
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.messages.map((m) => [m.timestamp, m.flags])).toEqual([
      ['2023-01-30T10:00:00', []],
      ['2023-02-31T10:01:00', ['invalidDate']],
      ['2023-03-01T10:02:00', []],
    ]);
    expect(chat.warnings).toContain(
      '1 message carries a date that does not exist in the DMY order; the timestamp shows the date as written: 0002.',
    );
  });

  it('treats a two-digit year as this century', () => {
    expect(parseChat('24.12.22, 10:15 - Katrin: Hallo').messages[0].timestamp).toBe('2022-12-24T10:15:00');
  });
});

describe('inferDateOrder', () => {
  const hints = { yearFirst: false, usStyle: false };

  it('settles on the order in which every date exists', () => {
    expect(inferDateOrder([13, 1, 2023], hints)).toEqual({ order: 'DMY', warning: null });
    expect(inferDateOrder([1, 13, 2023], hints)).toEqual({ order: 'MDY', warning: null });
    // 31 April does not exist, 4 March 31st does not either: only month/day reads "4/30".
    expect(inferDateOrder([4, 30, 2023], hints)).toEqual({ order: 'MDY', warning: null });
    expect(inferDateOrder([29, 2, 2024], hints)).toEqual({ order: 'DMY', warning: null });
  });

  it('year-first files are year/month/day', () => {
    expect(inferDateOrder([6, 3, 2023], { yearFirst: true, usStyle: false })).toEqual({
      order: 'YMD',
      warning: null,
    });
  });

  it('does not check day-of-month limits in non-Gregorian years', () => {
    // Persian month 2 has 31 days; 1402/02/31 must not count against an order.
    expect(inferDateOrder([31, 2, 1402, 13, 3, 1402], hints)).toEqual({ order: 'DMY', warning: null });
  });
});
