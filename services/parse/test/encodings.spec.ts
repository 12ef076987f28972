// The same export written in every encoding and line ending a chat text arrives in reads back to
// the same messages, on the same line numbers.

import { decodeChatText } from '../src/domain/decode';
import { parseChat } from '../src/domain/parse-chat';
import { fixtureText } from './support/fixtures';
import { lineAccountingProblems } from './support/line-accounting';

const text = fixtureText('ios-dmy.txt');
const reference = parseChat(text);

function utf16(value: string, order: 'le' | 'be', byteOrderMark: boolean): Uint8Array {
  const le = Buffer.from((byteOrderMark ? '\uFEFF' : '') + value, 'utf16le');
  if (order === 'le') return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1];
    be[i + 1] = le[i];
  }
  return be;
}

const utf8 = (value: string): Uint8Array => Buffer.from(value, 'utf8');

describe('encodings', () => {
  it.each([
    ['UTF-8', utf8(text), 'utf-8', []],
    [
      'UTF-8 with a byte-order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]),
      'utf-8',
      [],
    ],
    ['UTF-16 LE with a byte-order mark', utf16(text, 'le', true), 'utf-16le', []],
    ['UTF-16 BE with a byte-order mark', utf16(text, 'be', true), 'utf-16be', []],
    [
      'UTF-16 LE without a byte-order mark',
      utf16(text, 'le', false),
      'utf-16le',
      ['The chat text has no byte-order mark; it was read as UTF-16LE because of its zero-byte pattern.'],
    ],
    [
      'UTF-16 BE without a byte-order mark',
      utf16(text, 'be', false),
      'utf-16be',
      ['The chat text has no byte-order mark; it was read as UTF-16BE because of its zero-byte pattern.'],
    ],
  ])('%s', (_, bytes, encoding, encodingWarnings) => {
    const chat = parseChat(bytes);
    expect(chat.encoding).toBe(encoding);
    expect(chat.messages).toEqual(reference.messages);
    expect(chat.participants).toEqual(reference.participants);
    expect(chat.warnings).toEqual([...encodingWarnings, ...reference.warnings]);
  });

  it('keeps a second byte-order mark as content and does not count the first as a character of line 1', () => {
    const chat = parseChat(Buffer.from('\uFEFF14/03/2023, 20:01 - Omar: hi\n', 'utf8'));
    expect(chat.messages).toMatchObject([{ line: 1, sender: 'Omar', raw: 'hi' }]);
    expect(parseChat('\uFEFF14/03/2023, 20:01 - Omar: hi').messages).toMatchObject([{ line: 1, raw: 'hi' }]);
  });

  it('replaces invalid UTF-8 bytes and says on which line', () => {
    const bytes = Buffer.concat([
      utf8('14/03/2023, 20:01 - Omar: hi\n14/03/2023, 20:02 - Omar: caf'),
      Buffer.from([0xe9]), // Latin-1 "é", invalid on its own in UTF-8
      utf8('\n'),
    ]);
    const chat = parseChat(bytes);
    expect(chat.messages.map((m) => m.raw)).toEqual(['hi', 'caf\uFFFD']);
    expect(chat.warnings).toEqual([
      'The chat text is not valid UTF-8: unreadable bytes were replaced with U+FFFD (first on line 2).',
    ]);
  });

  it('decodes an odd number of UTF-16 bytes without losing what came before', () => {
    const bytes = Buffer.concat([
      Buffer.from(utf16('14/03/2023, 20:01 - Omar: hi', 'le', true)),
      Buffer.from([0x41]),
    ]);
    const decoded = decodeChatText(bytes);
    expect(decoded.text).toBe('14/03/2023, 20:01 - Omar: hi\uFFFD');
    expect(decoded.warnings).toHaveLength(1);
  });
});

describe('line endings', () => {
  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('%s reads like LF, raw text joined with "\\n"', (_, lineBreak) => {
    const converted = text.replace(/\n/g, lineBreak);
    const chat = parseChat(converted);
    expect(chat.messages).toEqual(reference.messages);
    expect(lineAccountingProblems(converted, chat)).toEqual([]);
  });

  it('mixed line endings each end a line', () => {
    const mixed = '14/03/2023, 20:01 - Omar: one\r\ntwo\rthree\n14/03/2023, 20:02 - Sara: four\r\n';
    const chat = parseChat(mixed);
    expect(chat.messages.map((m) => [m.line, m.lineEnd, m.raw])).toEqual([
      [1, 3, 'one\ntwo\nthree'],
      [4, 4, 'four'],
    ]);
    expect(chat.lineCount).toBe(4);
  });

  it('a missing final line break changes nothing; an extra one is an empty last line of the message', () => {
    const base = '14/03/2023, 20:01 - Omar: hi';
    expect(parseChat(base).messages).toEqual(parseChat(`${base}\n`).messages);
    const chat = parseChat(`${base}\n\n`);
    expect(chat.messages).toMatchObject([{ line: 1, lineEnd: 2, raw: 'hi\n', content: 'hi' }]);
    expect(chat.lineCount).toBe(2);
  });
});
