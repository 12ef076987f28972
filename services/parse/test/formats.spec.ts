// One hand-written export per header shape of FORMATS.md, each read back exactly: the line each
// message starts on, its local timestamp, sender, type, attached file and display content.

import type { MessageFlag, MessageType, ParsedChat } from '../src/domain/chat-model';
import { parseChat } from '../src/domain/parse-chat';
import { fixtureBytes, fixtureText } from './support/fixtures';
import { lineAccountingProblems } from './support/line-accounting';

type Row = [
  line: number,
  timestamp: string,
  sender: string | null,
  type: MessageType,
  attachment: string | null,
  content: string,
  flags?: MessageFlag[],
];

const FIXTURES = [
  'android-dmy-24h.txt',
  'android-mdy-12h.txt',
  'android-de-dots.txt',
  'android-pt-no-comma.txt',
  'android-ymd.txt',
  'android-dashes.txt',
  'android-fi-klo.txt',
  'android-fr-a.txt',
  'android-es-12h.txt',
  'ios-dmy.txt',
  'ios-mdy-12h.txt',
  'ios-de.txt',
  'older-colon.txt',
  'zh-meridiem-before.txt',
  'ko-meridiem-before.txt',
  'de-vorm-nachm.txt',
  'ar-arabic-indic-digits.txt',
  'fa-persian-digits.txt',
];

function parseFixture(name: string): ParsedChat {
  return parseChat(fixtureBytes(name));
}

it.each(FIXTURES)('%s: every line belongs to exactly one message', (name) => {
  const chat = parseFixture(name);
  expect(chat.preamble).toEqual([]);
  expect(lineAccountingProblems(fixtureText(name), chat)).toEqual([]);
});

function rows(chat: ParsedChat): Row[] {
  return chat.messages.map((m) => {
    const row: Row = [m.line, m.timestamp, m.sender, m.type, m.attachment, m.content];
    if (m.flags.length > 0) row.push([...m.flags]);
    return row;
  });
}

const LRM = '\u200E';

describe('Android, day/month/year, 24-hour clock', () => {
  const chat = parseFixture('android-dmy-24h.txt');

  it('reads the header format and the date order', () => {
    expect(chat.format).toBe('android');
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.encoding).toBe('utf-8');
  });

  it('reads every message', () => {
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-03-14T19:58:00', null, 'system', null, 'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.'],
      [2, '2023-03-14T19:58:00', null, 'system', null, 'Omar created group "Plans: spring 2023"'],
      // Content drops the embedding marks around the number; raw keeps them.
      [3, '2023-03-14T19:59:00', null, 'system', null, 'Omar added +44 7700\u2011900123'],
      [4, '2023-03-14T20:01:00', 'Omar', 'text', null, 'hi all'],
      [5, '2023-03-14T20:02:00', 'Jean - Luc', 'text', null, 'Salut: ça va?'],
      [6, '2023-03-14T20:03:00', '+44 7700-900123', 'text', null, 'Joined, thanks 👍🏽'],
      [7, '2023-03-14T20:04:00', '~ María', 'text', null, 'Meeting notes:\n15/03/2023, 09:00 budget review\n[14/03/2023, 20:05:00] not a header here\n\nsee https://example.com/a?b=c:d'],
      [12, '2023-03-14T20:05:00', 'Omar', 'image', 'IMG-20230314-WA0003.jpg', 'The view from the office'],
      [14, '2023-03-14T20:06:00', 'Omar', 'document', 'Report Q3 - final.pdf', ''],
      [15, '2023-03-14T20:07:00', 'Jean - Luc', 'voice', 'PTT-20230314-WA0004.opus', ''],
      [16, '2023-03-14T20:08:00', 'Jean - Luc', 'audio', 'AUD-20230314-WA0005.mp3', ''],
      [17, '2023-03-14T20:09:00', '🦊 Fox', 'video', 'VID-20230314-WA0006.mp4', ''],
      [18, '2023-03-14T20:10:00', '🦊 Fox', 'sticker', 'STK-20230314-WA0007.webp', ''],
      [19, '2023-03-14T20:11:00', 'Omar', 'contact', 'Omar Khan.vcf', ''],
      [20, '2023-03-14T20:12:00', '🦊 Fox', 'omitted-media', null, '<Media omitted>'],
      [21, '2023-03-14T20:13:00', 'Omar', 'deleted', null, 'This message was deleted', ['deleted']],
      [22, '2023-03-14T20:14:00', '🦊 Fox', 'deleted', null, 'You deleted this message', ['deleted']],
      [23, '2023-03-14T20:15:00', 'Omar', 'text', null, 'See you at 9', ['edited']],
      [24, '2023-03-14T20:16:00', 'Omar', 'location', null, 'location: https://maps.google.com/?q=51.5007,-0.1246'],
      [25, '2023-03-14T20:17:00', 'Omar', 'poll', null, 'POLL:\nWhere do we meet?\nOPTION: Café (2 votes)\nOPTION: Park (0 votes)'],
      [29, '2023-03-14T20:18:00', null, 'system', null, 'Omar changed the subject from "Plans: spring 2023" to "Plans: summer"'],
      [30, '2023-03-14T20:19:00', null, 'system', null, "Omar changed this group's icon"],
      [31, '2023-03-14T20:20:00', null, 'system', null, 'Omar changed the group description'],
      [32, '2023-03-14T20:21:00', null, 'system', null, '~\u202FMaría left'],
      [33, '2023-03-14T20:22:00', null, 'system', null, "🦊 Fox joined using this group's invite link"],
      [34, '2023-03-14T20:23:00', null, 'system', null, 'Your security code with Omar changed. Tap to learn more.'],
      [35, '2023-03-14T20:24:00', null, 'system', null, "Omar turned on disappearing messages. New messages will disappear from this chat 7 days after they're sent."],
      [36, '2023-03-14T20:25:00', null, 'system', null, 'Omar removed +44 7700\u2011900123'],
    ]);
  });

  it('names each system event', () => {
    expect(chat.messages.filter((m) => m.sender === null).map((m) => m.event)).toEqual([
      'encryption',
      'group-created',
      'member-added',
      'subject-changed',
      'icon-changed',
      'description-changed',
      'member-left',
      'member-joined',
      'security-code-changed',
      'disappearing-messages',
      'member-removed',
    ]);
  });

  it('keeps raw text exactly as written, markers and all', () => {
    const raw = (line: number): string | undefined => chat.messages.find((m) => m.line === line)?.raw;
    expect(raw(12)).toBe('IMG-20230314-WA0003.jpg (file attached)\nThe view from the office');
    expect(raw(23)).toBe('See you at 9 <This message was edited>');
    expect(raw(36)).toBe('Omar removed \u202A+44 7700\u2011900123\u202C');
    expect(chat.messages[6]).toMatchObject({ line: 7, lineEnd: 11 });
  });

  it('lists participants as written, marks removed, in order of their first message', () => {
    expect(chat.participants).toEqual(['Omar', 'Jean - Luc', '+44 7700-900123', '~ María', '🦊 Fox']);
  });

  it('reports the line that only looks like a header', () => {
    expect(chat.warnings).toEqual([
      "1 line starts like a message header but does not match the file's header format, so the text was kept in the message before: line 9.",
    ]);
  });
});

describe('Android, month/day/year, 12-hour clock with U+202F before AM/PM', () => {
  const chat = parseFixture('android-mdy-12h.txt');

  it('reads 12 AM as midnight and 12 PM as noon, and flags the jump back in time', () => {
    expect(chat.dateOrder).toBe('MDY');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2024-03-14T15:14:00', 'Sam', 'text', null, 'hi'],
      [2, '2024-03-14T23:59:00', 'Ray', 'text', null, 'late'],
      [3, '2024-03-15T00:05:00', 'Sam', 'text', null, 'past midnight'],
      [4, '2024-03-15T12:30:00', 'Ray', 'text', null, 'lunch'],
      [5, '2024-03-15T01:02:00', 'Sam', 'text', null, 'out of order on purpose', ['outOfOrder']],
    ]);
    expect(chat.warnings).toEqual([
      '1 message is earlier than the message before (export order is kept): 0005.',
    ]);
  });
});

describe('Android, German: dots in the date, two-digit year', () => {
  const chat = parseFixture('android-de-dots.txt');

  it('reads German markers and system events', () => {
    expect(chat.dateOrder).toBe('DMY');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-12-24T10:15:00', 'Katrin', 'text', null, 'Hallo'],
      [2, '2022-12-24T10:16:00', null, 'system', null, 'Katrin hat die Gruppe „Familie: 2022“ erstellt'],
      [3, '2022-12-24T10:17:00', 'Jonas', 'image', 'IMG-20221224-WA0001.jpg', 'Frohe Weihnachten'],
      [5, '2022-12-24T10:18:00', 'Jonas', 'omitted-media', null, '<Medien ausgeschlossen>'],
      [6, '2022-12-24T10:19:00', 'Katrin', 'deleted', null, 'Diese Nachricht wurde gelöscht', ['deleted']],
      [7, '2022-12-24T10:20:00', 'Katrin', 'text', null, 'Bis später', ['edited']],
      [8, '2022-12-25T08:00:00', null, 'system', null, 'Jonas hat die Gruppe verlassen'],
    ]);
    expect(chat.messages.map((m) => m.event)).toEqual([
      null,
      'group-created',
      null,
      null,
      null,
      null,
      'member-left',
    ]);
  });
});

describe('Android, Portuguese: no comma between date and time', () => {
  it('reads Portuguese markers', () => {
    const chat = parseFixture('android-pt-no-comma.txt');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2022-09-15T19:45:00', 'João', 'text', null, 'oi'],
      [2, '2022-09-15T19:46:00', 'Ana', 'voice', 'PTT-20220915-WA0002.opus', ''],
      [3, '2022-09-15T19:47:00', 'Ana', 'omitted-media', null, '<Mídia oculta>'],
      [4, '2022-09-16T08:00:00', 'João', 'deleted', null, 'Esta mensagem foi apagada', ['deleted']],
    ]);
  });
});

describe('Android, year first with dashes', () => {
  it('reads year/month/day', () => {
    const chat = parseFixture('android-ymd.txt');
    expect(chat.dateOrder).toBe('YMD');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-03T13:55:00', 'Elin', 'text', null, 'Hej'],
      [2, '2023-06-03T13:56:00', 'Olof', 'text', null, 'Hej hej'],
      [3, '2023-06-13T07:05:00', 'Elin', 'text', null, 'God morgon'],
    ]);
  });
});

describe('Android, day first with dashes', () => {
  it('settles day/month/year from the day above 12 on the last line', () => {
    const chat = parseFixture('android-dashes.txt');
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.messages.map((m) => m.timestamp)).toEqual([
      '2023-05-12T08:30:00',
      '2023-05-12T08:31:00',
      '2023-05-13T09:00:00',
    ]);
    expect(chat.warnings).toEqual([]);
  });
});

describe('Android, Finnish: "klo" between date and time, dots in the time', () => {
  it('reads the word and the dotted time', () => {
    const chat = parseFixture('android-fi-klo.txt');
    expect(chat.headerFormat).toMatchObject({ dateTimeSeparator: ' klo ', timeSeparator: '.' });
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-04-03T09:05:00', 'Aino', 'text', null, 'Moi'],
      [2, '2023-04-03T09:06:00', 'Eero', 'text', null, 'Moi moi'],
      [3, '2023-04-14T21:30:00', 'Aino', 'text', null, 'Hyvää yötä'],
    ]);
  });
});

describe('Android, French: "à" between date and time', () => {
  it('reads French markers', () => {
    const chat = parseFixture('android-fr-a.txt');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-13T13:55:00', 'Léa', 'text', null, 'salut'],
      [2, '2023-06-13T13:56:00', 'Hugo', 'image', 'IMG-20230613-WA0010.jpg', ''],
      [3, '2023-06-13T13:57:00', 'Léa', 'deleted', null, 'Ce message a été supprimé', ['deleted']],
    ]);
  });
});

describe('Android, Spanish: "a. m." / "p. m." with no-break spaces', () => {
  it('reads the markers and day/month/year', () => {
    const chat = parseFixture('android-es-12h.txt');
    expect(chat.dateOrder).toBe('DMY');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-03T09:10:00', 'Lucía', 'document', 'DOC-20230603-WA0001.pdf', ''],
      [2, '2023-06-03T09:11:00', 'Lucía', 'omitted-media', null, '<Multimedia omitido>'],
      [3, '2023-06-03T13:55:00', 'Mateo', 'text', null, 'hola'],
      [4, '2023-06-14T12:00:00', 'Mateo', 'deleted', null, 'Se eliminó este mensaje.', ['deleted']],
    ]);
  });
});

describe('iOS, brackets and seconds, group chat', () => {
  const chat = parseFixture('ios-dmy.txt');

  it('reads every message', () => {
    expect(chat.format).toBe('ios');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-09-07T08:00:01', null, 'system', null, 'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.'],
      [2, '2023-09-07T08:00:01', null, 'system', null, 'Hannah created group “Family Trip”'],
      [3, '2023-09-07T08:00:02', null, 'system', null, 'Hannah added Tom Jones'],
      [4, '2023-09-07T08:01:12', 'Hannah', 'text', null, 'Morning'],
      [5, '2023-09-07T08:01:40', 'Tom Jones', 'text', null, 'Morning! Flight: 10:30'],
      [6, '2023-09-07T08:02:00', 'Hannah', 'image', '00000012-PHOTO-2023-09-07-08-02-00.jpg', 'Boarding pass'],
      [8, '2023-09-07T08:03:00', 'Tom Jones', 'voice', '00000013-AUDIO-2023-09-07-08-03-00.opus', ''],
      [9, '2023-09-07T08:04:00', 'Hannah', 'document', '00000014-Itinerary - final.pdf', 'Itinerary - final.pdf • 3 pages'],
      [10, '2023-09-07T08:05:00', 'Hannah', 'contact', '00000015-Tom Jones.vcf', ''],
      [11, '2023-09-07T08:06:00', 'Tom Jones', 'omitted-media', null, 'image omitted'],
      [12, '2023-09-07T08:07:00', 'Tom Jones', 'deleted', null, 'This message was deleted.', ['deleted']],
      [13, '2023-09-07T08:08:00', 'Hannah', 'deleted', null, 'You deleted this message.', ['deleted']],
      [14, '2023-09-07T08:09:00', 'Hannah', 'text', null, 'See you at the gate', ['edited']],
      [15, '2023-09-07T08:10:00', 'Tom Jones', 'poll', null, 'POLL:\nWindow or aisle?\nOPTION: Window (1 vote)\nOPTION: Aisle (1 vote)'],
      [19, '2023-09-07T08:11:00', 'Hannah', 'location', null, 'Location: https://maps.google.com/?q=41.8902,12.4922'],
      [20, '2023-09-07T08:12:00', '+39 333 123-4567', 'call', null, 'Missed voice call'],
      [21, '2023-09-07T08:13:00', null, 'system', null, 'Tom Jones changed the subject to “Trip: Rome”'],
      [22, '2023-09-07T08:14:00', null, 'system', null, 'Tom Jones changed the group description'],
      [23, '2023-09-13T21:00:00', 'Tom Jones', 'text', null, '[07/09/2023, 08:01:12] Hannah: Morning\n07/09/2023, 08:01 - this looks like Android'],
      [25, '2023-09-13T21:00:05', 'Hannah', 'text', null, '😂'],
    ]);
  });

  it('treats the group name in the author position as part of a system line, not as a person', () => {
    expect(chat.participants).toEqual(['Hannah', 'Tom Jones', '+39 333 123-4567']);
    expect(chat.messages[0].raw).toBe(
      `Family Trip: ${LRM}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
    );
    expect(chat.messages.filter((m) => m.sender === null).map((m) => m.event)).toEqual([
      'encryption',
      'group-created',
      'member-added',
      'subject-changed',
      'description-changed',
    ]);
  });

  it('keeps the invisible marks in raw text but never in names', () => {
    expect(chat.messages[5].raw).toBe(
      `${LRM}<attached: 00000012-PHOTO-2023-09-07-08-02-00.jpg>\nBoarding pass`,
    );
    expect(chat.messages[15].raw).toBe(`${LRM}Missed voice call`);
    expect(chat.messages[15].sender).toBe('+39 333 123-4567');
  });

  it('reports the pasted Android-style line', () => {
    expect(chat.warnings).toEqual([
      "1 line starts like a message header but does not match the file's header format, so the text was kept in the message before: line 24.",
    ]);
  });
});

describe('iOS, month/day/year, 12-hour clock', () => {
  it('reads the times around noon and midnight', () => {
    const chat = parseFixture('ios-mdy-12h.txt');
    expect(chat.dateOrder).toBe('MDY');
    expect(chat.messages.map((m) => [m.timestamp, m.sender, m.content])).toEqual([
      ['2024-03-02T09:14:40', 'Dana', 'Morning'],
      ['2024-03-02T12:05:00', 'Lee', 'Lunch?'],
      ['2024-03-02T23:59:59', 'Dana', 'night'],
      ['2024-03-03T00:00:30', 'Lee', 'midnight'],
      ['2024-03-14T19:03:09', 'Dana', 'pi day'],
    ]);
  });
});

describe('iOS, German', () => {
  it('reads <Anhang: …> and "Bild weggelassen"', () => {
    const chat = parseFixture('ios-de.txt');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2024-01-05T18:30:05', 'Lukas', 'text', null, 'Hallo'],
      [2, '2024-01-05T18:31:00', 'Mia', 'image', '00000003-PHOTO-2024-01-05-18-31-00.jpg', ''],
      [3, '2024-01-05T18:32:00', 'Lukas', 'omitted-media', null, 'Bild weggelassen'],
      [4, '2024-01-25T07:00:00', 'Mia', 'text', null, 'Guten Morgen'],
    ]);
  });
});

describe('Older exports: a colon after the time', () => {
  it('reads "13.06.18 21.25.15: Anna: hi"', () => {
    const chat = parseFixture('older-colon.txt');
    expect(chat.format).toBe('colon');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2018-06-13T21:25:15', 'Anna', 'text', null, 'hi'],
      [2, '2018-06-13T21:25:40', 'Ben', 'text', null, 'hello: how are you'],
      [3, '2018-06-14T07:02:03', 'Anna', 'text', null, 'fine'],
    ]);
  });
});

describe('AM/PM markers before the time', () => {
  it('reads Chinese 上午/下午', () => {
    const chat = parseFixture('zh-meridiem-before.txt');
    expect(chat.headerFormat).toMatchObject({ meridiem: 'before', yearFirst: true });
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-03T13:55:00', '小明', 'text', null, '你好'],
      [2, '2023-06-03T13:56:00', '小红', 'text', null, '你好！'],
      [3, '2023-06-04T00:10:00', '小明', 'text', null, '晚安'],
      [4, '2023-06-14T09:00:00', '小红', 'text', null, '早上好'],
    ]);
  });

  it('reads Korean 오전/오후 after a dotted, spaced date', () => {
    const chat = parseFixture('ko-meridiem-before.txt');
    expect(chat.headerFormat).toMatchObject({ spaceAfterDateSeparator: true, trailingDateDot: true });
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-03T13:55:00', '민준', 'text', null, '안녕'],
      [2, '2023-06-03T14:01:00', '서연', 'text', null, '안녕하세요'],
      [3, '2023-06-13T08:30:00', '민준', 'text', null, '좋은 아침'],
    ]);
  });

  it('reads German vorm./nachm. after the time', () => {
    const chat = parseFixture('de-vorm-nachm.txt');
    expect(chat.messages.map((m) => m.timestamp)).toEqual([
      '2023-06-03T11:20:00',
      '2023-06-03T13:55:00',
      '2023-06-23T12:10:00',
    ]);
  });
});

describe('Digits in other scripts', () => {
  it('reads Arabic-Indic digits, right-to-left marks in the date and ص/م', () => {
    const chat = parseFixture('ar-arabic-indic-digits.txt');
    expect(chat.dateOrder).toBe('DMY');
    // prettier-ignore
    expect(rows(chat)).toEqual<Row[]>([
      [1, '2023-06-03T09:05:00', 'أحمد', 'text', null, 'أهلا'],
      [2, '2023-06-03T13:55:00', 'سارة', 'text', null, 'مرحبا'],
      [3, '2023-06-14T12:30:00', 'سارة', 'text', null, 'شكرا'],
    ]);
  });

  it('reads Persian digits; a Persian-calendar date is kept as written, flagged and named, never shown as Gregorian', () => {
    const chat = parseFixture('fa-persian-digits.txt');
    expect(chat.calendar).toBe('persian');
    expect(chat.messages.map((m) => [m.timestamp, m.sender, m.flags])).toEqual([
      ['1402-03-13T13:55:00', 'علی', ['invalidDate']],
      ['1402-03-13T14:02:00', 'مریم', ['invalidDate']],
    ]);
    expect(chat.warnings).toHaveLength(1);
    expect(chat.warnings[0]).toMatch(
      /^Dates are written in the Persian \(Solar Hijri\) calendar \(years such as 1402\)/,
    );
    expect(chat.warnings[0]).toContain('not a Gregorian date');
  });
});
