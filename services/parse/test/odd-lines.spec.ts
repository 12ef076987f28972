// Odd but real lines: an author with nothing after it, an hour a 12-hour clock cannot show, a
// phone whose region changed midway through the chat, and invisible format characters.

import { parseChat } from '../src/domain/parse-chat';

describe('an author followed by nothing', () => {
  it('"Carol:" at the end of the line is a message from Carol with an empty body', () => {
    const chat = parseChat(['14/03/2023, 20:01 - Carol:', '14/03/2023, 20:02 - Dan: hi'].join('\n'));
    expect(chat.messages.map((m) => [m.sender, m.type, m.raw, m.content, m.event])).toEqual([
      ['Carol', 'text', '', '', null],
      ['Dan', 'text', 'hi', 'hi', null],
    ]);
    expect(chat.participants).toEqual(['Carol', 'Dan']);
  });

  it('lines after "Carol:" are her message', () => {
    const chat = parseChat(
      ['14/03/2023, 20:01 - Carol:', 'the list', '14/03/2023, 20:02 - Dan: ok'].join('\n'),
    );
    expect(chat.messages.map((m) => [m.sender, m.raw, m.line, m.lineEnd])).toEqual([
      ['Carol', '\nthe list', 1, 2],
      ['Dan', 'ok', 3, 3],
    ]);
  });

  it('a system line ending in ":" is not turned into an author', () => {
    const chat = parseChat('14/03/2023, 20:01 - Ann changed the subject to "Plans:"');
    expect(chat.messages.map((m) => [m.sender, m.event])).toEqual([[null, 'subject-changed']]);
  });
});

describe('a message whose edited marker stands on a line of its own', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('%s: the marker and the line breaks before it are left out of the content', (_, lineBreak) => {
    const chat = parseChat(
      [
        '14/03/2023, 20:01 - Carol: see you',
        '<This message was edited>',
        '14/03/2023, 20:02 - Dan: first',
        'IMG-20230314-WA0001.jpg (file attached)',
        '',
        '<This message was edited>',
        '14/03/2023, 20:03 - Carol:',
        'the list <This message was edited>',
      ].join(lineBreak),
    );
    expect(chat.messages.map((m) => [m.sender, m.type, m.content, m.flags])).toEqual([
      ['Carol', 'text', 'see you', ['edited']],
      ['Dan', 'text', 'first\nIMG-20230314-WA0001.jpg (file attached)', ['edited']],
      ['Carol', 'text', 'the list', ['edited']],
    ]);
  });
});

describe('an hour a 12-hour clock cannot show', () => {
  it('"23:59 PM" is read as 23:59, with a warning, and starts its own message', () => {
    const chat = parseChat(
      ['3/14/23, 11:58 PM - Ann: one', '3/14/23, 23:59 PM - Ann: two', '3/15/23, 12:01 AM - Ann: three'].join(
        '\n',
      ),
    );
    expect(chat.messages.map((m) => [m.timestamp, m.raw])).toEqual([
      ['2023-03-14T23:58:00', 'one'],
      ['2023-03-14T23:59:00', 'two'],
      ['2023-03-15T00:01:00', 'three'],
    ]);
    expect(chat.warnings).toContain(
      '1 header writes an hour above 12 with an AM/PM marker (such as "23:59 PM"); the hour was read as written, on a 24-hour clock: line 2.',
    );
  });
});

describe('a header format that changes midway', () => {
  // The phone's region moved from the UK (day/month, 24-hour) to the US (month/day, 12-hour).
  const lines = [
    ...Array.from({ length: 6 }, (_, i) => `${20 + i}/03/2023, 09:0${i} - Ann: uk ${i}`),
    ...Array.from({ length: 6 }, (_, i) => `4/${3 + i}/23, 9:0${i} PM - Ann: us ${i}`),
  ];
  const chat = parseChat(lines.join('\n'));

  it('reads every line with its own format and date order', () => {
    expect(chat.messages.map((m) => [m.line, m.timestamp, m.raw])).toEqual([
      [1, '2023-03-20T09:00:00', 'uk 0'],
      [2, '2023-03-21T09:01:00', 'uk 1'],
      [3, '2023-03-22T09:02:00', 'uk 2'],
      [4, '2023-03-23T09:03:00', 'uk 3'],
      [5, '2023-03-24T09:04:00', 'uk 4'],
      [6, '2023-03-25T09:05:00', 'uk 5'],
      [7, '2023-04-03T21:00:00', 'us 0'],
      [8, '2023-04-04T21:01:00', 'us 1'],
      [9, '2023-04-05T21:02:00', 'us 2'],
      [10, '2023-04-06T21:03:00', 'us 3'],
      [11, '2023-04-07T21:04:00', 'us 4'],
      [12, '2023-04-08T21:05:00', 'us 5'],
    ]);
    expect(chat.messages.every((m) => m.flags.length === 0)).toBe(true);
  });

  it('reports the change', () => {
    expect(chat.dateOrder).toBe('DMY');
    expect(chat.warnings.filter((w) => w.startsWith('The message header format changes'))).toEqual([
      'The message header format changes at line 7 (the phone\'s region or language was probably changed); from there the headers read like "nn/nn/yy, hh:mm AM/PM - ", dates as month/day/year.',
    ]);
  });
});

describe('invisible format characters', () => {
  it('are removed from content and names and kept in raw', () => {
    const chat = parseChat(
      '\uFEFF14/03/2023, 20:01 - \u2068Ann\u2069: \u200F\u202Bhello\u202C \u2066world\u2069\u200E',
    );
    const [message] = chat.messages;
    expect(message.sender).toBe('Ann');
    expect(message.raw).toBe('\u200F\u202Bhello\u202C \u2066world\u2069\u200E');
    expect(message.content).toBe('hello world');
  });
});
