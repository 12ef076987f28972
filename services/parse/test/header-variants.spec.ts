// Header variants beyond the plain date-then-time Gregorian header, each from a hand-written
// export read back message by message: the time before the date, non-Gregorian calendars, AM/PM
// markers of every language table, digits of other scripts. Expected timestamps are worked out
// by hand from the calendar arithmetic (Buddhist year = Gregorian + 543; Reiwa 1 = 2019,
// Heisei 1 = 1989, Showa 1 = 1926), not taken from the parser.

import type { Calendar } from '@chatexhibit/proto/calendar';
import type { MessageFlag, MessageType, ParsedChat } from '../src/domain/chat-model';
import { parseChat } from '../src/domain/parse-chat';
import type { SystemEvent } from '../src/domain/system-events';
import { fixtureBytes, fixtureText } from './support/fixtures';
import { lineAccountingProblems } from './support/line-accounting';

type Row = [line: number, timestamp: string, sender: string | null, content: string, flags?: MessageFlag[]];

function rows(chat: ParsedChat): Row[] {
  return chat.messages.map((m) => {
    const row: Row = [m.line, m.timestamp, m.sender, m.content];
    if (m.flags.length > 0) row.push([...m.flags]);
    return row;
  });
}

function parseFixture(name: string): ParsedChat {
  const chat = parseChat(fixtureBytes(name));
  expect(chat.preamble).toEqual([]);
  expect(lineAccountingProblems(fixtureText(name), chat)).toEqual([]);
  return chat;
}

/** The one warning naming the calendar, and nothing else. */
function expectCalendarNamed(chat: ParsedChat, calendar: Calendar, name: string): void {
  expect(chat.calendar).toBe(calendar);
  expect(chat.warnings).toHaveLength(1);
  expect(chat.warnings[0]).toContain(name);
}

describe('time before the date', () => {
  it('reads iOS "[14:56:01, 3/18/22] "', () => {
    const chat = parseFixture('ios-time-first.txt');
    expect(chat.format).toBe('ios');
    expect(chat.dateOrder).toBe('MDY');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-03-18T14:56:01', 'Hannah', 'Morning'],
      [2, '2022-03-18T14:57:30', 'Omar', 'Two lines\nstill Omar'],
      [4, '2022-03-19T09:05:00', 'Hannah', 'Next day'],
      [5, '2022-03-19T23:59:59', 'Omar', 'Late'],
    ]);
    expect(chat.calendar).toBe('gregorian');
    expect(chat.warnings).toEqual([]);
  });

  it('reads a whole Vietnamese export written "HH:mm dd/MM/yyyy - " (CLDR\'s Vietnamese order)', () => {
    const chat = parseFixture('vi-time-first.txt');
    expect(chat.format).toBe('android');
    type Kind = [timestamp: string, sender: string | null, type: MessageType, event: SystemEvent | null];
    expect(chat.messages.map((m): Kind => [m.timestamp, m.sender, m.type, m.event])).toEqual<Kind[]>([
      ['2023-03-14T20:00:00', null, 'system', 'encryption'],
      ['2023-03-14T20:01:00', null, 'system', 'group-created'],
      ['2023-03-14T20:02:00', null, 'system', 'member-added'],
      ['2023-03-15T08:03:00', 'Lina', 'text', null],
      ['2023-03-15T08:04:00', 'Lina', 'omitted-media', null],
      ['2023-03-15T23:05:00', 'Omar', 'deleted', null],
      ['2023-03-16T00:06:00', 'Lina', 'image', null],
      ['2023-03-16T00:07:00', null, 'system', 'member-left'],
    ]);
    expect(chat.messages[6].attachment).toBe('IMG-20230314-WA0001.jpg');
    expect(chat.participants).toEqual(['Lina', 'Omar']);
    expect(chat.warnings).toEqual([]);
  });
});

describe('calendars', () => {
  it("reads a whole Thai export with Buddhist years (2566 = 2023; 29/02/2567 is 2024's leap day)", () => {
    const chat = parseFixture('th-buddhist-era.txt');
    expect(chat.messages.map((m) => [m.timestamp, m.sender, m.type, m.event])).toEqual([
      ['2023-03-14T20:00:00', null, 'system', 'encryption'],
      ['2023-03-14T20:01:00', null, 'system', 'group-created'],
      ['2023-03-14T20:02:00', null, 'system', 'member-added'],
      ['2024-02-29T09:03:00', 'Lina', 'text', null],
      ['2024-02-29T09:04:00', 'Lina', 'omitted-media', null],
      ['2024-02-29T21:05:00', 'Omar', 'deleted', null],
      ['2024-03-01T07:06:00', 'Lina', 'image', null],
      ['2024-03-01T07:07:00', null, 'system', 'member-left'],
    ]);
    expect(chat.messages.some((m) => m.flags.includes('invalidDate'))).toBe(false);
    expectCalendarNamed(chat, 'thai-buddhist', 'Thai Buddhist');
  });

  it('reads Thai digits and two-digit Buddhist years (65 = 2565 = 2022)', () => {
    const chat = parseFixture('th-thai-digits-two-digit-year.txt');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-03-18T14:56:00', 'Lina', 'สวัสดี'],
      [2, '2022-03-18T15:01:00', 'Omar', 'สวัสดีครับ'],
      [3, '2023-01-02T09:30:00', 'Lina', 'สวัสดีปีใหม่'],
    ]);
    expectCalendarNamed(chat, 'thai-buddhist', 'Thai Buddhist');
  });

  it('reads a Buddhist year named after the date ("18/3/2565 BE")', () => {
    const chat = parseFixture('ios-buddhist-era-named.txt');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-03-18T14:56:01', 'Omar', 'hi'],
      [2, '2022-03-18T14:57:02', 'Lina', 'hello'],
      [3, '2022-04-01T08:00:00', 'Omar', 'April'],
    ]);
    expectCalendarNamed(chat, 'thai-buddhist', 'Thai Buddhist');
  });

  it('reads Japanese era years across Showa, Heisei and Reiwa (S64 = H1 = 1989, H31 = R1 = 2019, R4 = 2022)', () => {
    const chat = parseFixture('ja-japanese-era.txt');
    expect(chat.dateOrder).toBe('YMD');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '1989-01-07T23:00:00', '健', '昭和最後の日'],
      [2, '1989-01-08T08:00:00', '花子', '平成元年'],
      [3, '2019-04-30T23:59:00', '健', '平成最後'],
      [4, '2019-05-01T00:01:00', '花子', '令和元年'],
      [5, '2022-03-18T14:56:00', '健', 'こんにちは'],
    ]);
    expectCalendarNamed(chat, 'japanese-era', 'Japanese era');
  });

  it('reads a Japanese era year written last ("[3/18/R4, 14:56:01] ")', () => {
    const chat = parseFixture('ios-japanese-era-year-last.txt');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-03-18T14:56:01', 'Ken', 'hi'],
      [2, '2022-03-19T09:00:00', 'Hana', 'morning'],
    ]);
    expectCalendarNamed(chat, 'japanese-era', 'Japanese era');
  });

  it('never shows an Islamic (Hijri) date as a Gregorian one: kept as written, flagged, named', () => {
    const chat = parseFixture('ar-hijri.txt');
    expect(rows(chat)).toEqual<Row[]>([
      [1, '1443-08-15T14:56:00', 'أحمد', 'مرحبا', ['invalidDate']],
      [2, '1443-08-15T14:58:00', 'سارة', 'أهلا', ['invalidDate']],
      [3, '1443-08-16T09:00:00', 'أحمد', 'صباح الخير', ['invalidDate']],
    ]);
    expectCalendarNamed(chat, 'islamic', 'Islamic (Hijri)');
    expect(chat.warnings[0]).toContain('not a Gregorian date');
  });
});

describe('digits of other scripts', () => {
  it('reads Devanagari digits with am/pm', () => {
    expect(rows(parseFixture('hi-devanagari-digits.txt'))).toEqual<Row[]>([
      [1, '2022-03-18T09:56:00', 'राज', 'नमस्ते'],
      [2, '2022-03-18T14:56:00', 'सीमा', 'नमस्ते राज'],
      [3, '2022-04-12T00:05:00', 'राज', 'शुभ रात्रि'],
    ]);
  });

  it('reads Bengali digits with AM/PM', () => {
    expect(rows(parseFixture('bn-bengali-digits.txt'))).toEqual<Row[]>([
      [1, '2022-03-18T09:56:00', 'রহিম', 'নমস্কার'],
      [2, '2022-03-18T14:56:00', 'করিম', 'কেমন আছ'],
      [3, '2022-03-20T12:00:00', 'রহিম', 'দুপুর'],
    ]);
  });
});

/** Headers of 18 March 2022, 9:05 and 15:05, as each language writes them with its AM/PM markers. */
const MERIDIEM_HEADERS: ReadonlyArray<readonly [language: string, morning: string, afternoon: string]> = [
  ['en', '3/18/22, 9:05 AM - ', '3/18/22, 3:05 PM - '],
  ['es', '18/3/2022, 9:05 a. m. - ', '18/3/2022, 3:05 p. m. - '],
  ['nb', '18.03.2022, 9:05 a.m. - ', '18.03.2022, 3:05 p.m. - '],
  ['de', '18.03.22, 9:05 vorm. - ', '18.03.22, 3:05 nachm. - '],
  ['ja', '2022/03/18 午前9:05 - ', '2022/03/18 午後3:05 - '],
  ['zh', '2022/3/18 上午9:05 - ', '2022/3/18 下午3:05 - '],
  ['ko', '2022. 3. 18. 오전 9:05 - ', '2022. 3. 18. 오후 3:05 - '],
  ['ar', '18/3/2022، 9:05 ص - ', '18/3/2022، 3:05 م - '],
  ['fa', '2022/3/18، 9:05 ق.ظ - ', '2022/3/18، 3:05 ب.ظ. - '],
  ['ms', '18/03/22, 9:05 PG - ', '18/03/22, 3:05 PTG - '],
  ['vi', '18/03/2022, 9:05 SA - ', '18/03/2022, 3:05 CH - '],
  ['th', '18/03/2022 9:05 ก่อนเที่ยง - ', '18/03/2022 3:05 หลังเที่ยง - '],
  ['he', '18.3.2022, 9:05 לפנה״צ - ', '18.3.2022, 3:05 אחה״צ - '],
  ['hi', '18/3/22, 9:05 पूर्वाह्न - ', '18/3/22, 3:05 अपराह्न - '],
  ['bn', '18/3/22, 9:05 পূর্বাহ্ণ - ', '18/3/22, 3:05 অপরাহ্ণ - '],
  ['uk', '18.03.22, 9:05 дп - ', '18.03.22, 3:05 пп - '],
  ['ru', '18.03.2022, 9:05 ДП - ', '18.03.2022, 3:05 ПП - '],
  ['el', '18/3/2022, 9:05 π.μ. - ', '18/3/2022, 3:05 μ.μ. - '],
  ['hu', '2022. 03. 18. de. 9:05 - ', '2022. 03. 18. du. 3:05 - '],
  ['tr', '18.03.2022 ÖÖ 9:05 - ', '18.03.2022 ÖS 3:05 - '],
  ['sv', '2022-03-18 9:05 fm - ', '2022-03-18 3:05 em - '],
  ['fi', '18.3.2022 klo 9.05 ap. - ', '18.3.2022 klo 3.05 ip. - '],
  ['cs', '18.03.22 9:05 dop. - ', '18.03.22 3:05 odp. - '],
  ['sk', '18.03.22 9:05 dop. - ', '18.03.22 3:05 pop. - '],
  ['zh (早上, 晚上)', '2022/3/18 早上9:05 - ', '2022/3/18 晚上3:05 - '],
  ['zh (凌晨, 中午)', '2022/3/18 凌晨9:05 - ', '2022/3/18 中午3:05 - '],
  ['he (typed with plain quotes)', '18.3.2022, 9:05 לפנה"צ - ', '18.3.2022, 3:05 אחה"צ - '],
];

describe.each(MERIDIEM_HEADERS)('AM/PM markers: %s', (_language, morning, afternoon) => {
  it('reads the morning and the afternoon', () => {
    const text = `${morning}Ana: one\n${afternoon}Ben: two\n${morning}Ana: three\n`;
    const chat = parseChat(text);
    expect(chat.messages.map((m) => [m.timestamp, m.sender, m.content])).toEqual([
      ['2022-03-18T09:05:00', 'Ana', 'one'],
      ['2022-03-18T15:05:00', 'Ben', 'two'],
      ['2022-03-18T09:05:00', 'Ana', 'three'],
    ]);
  });
});
