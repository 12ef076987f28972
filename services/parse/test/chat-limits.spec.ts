// The attack of issue 30: a chat of a million short lines, or of one 50 MB line, exhausted the
// server's memory. The parser refuses either at CHAT_LIMITS, with its sentence, and the reader
// gives a long line up without holding more of it than the limit.

import { CHAT_LIMIT_SENTENCES } from '@chatexhibit/proto/chat-limits';
import { CHAT_LIMITS } from '@chatexhibit/proto/constants';
import { ChatLimitError, readWithinLineLimit } from '../src/domain/chat-limits';
import { parseChat } from '../src/domain/parse-chat';

const { maxEntries, maxLineBytes, maxTextCharacters } = CHAT_LIMITS;

/** `count` entries, every other one a system line, as an Android export writes them. */
function chatOf(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(i % 2 === 0 ? `14/03/2023, 20:01 - Ann: message ${i}` : '14/03/2023, 20:01 - Ann left');
  return `${lines.join('\n')}\n`;
}

const refusal = (reason: ChatLimitError['reason']) =>
  expect.objectContaining({ name: 'ChatLimitError', reason, message: CHAT_LIMIT_SENTENCES[reason] });

describe('the number of entries', () => {
  it(`reads ${maxEntries.toLocaleString('en-US')} entries, messages and system lines together`, () => {
    expect(parseChat(chatOf(maxEntries)).messages).toHaveLength(maxEntries);
  });

  it('refuses one more, with its sentence', () => {
    expect(() => parseChat(chatOf(maxEntries + 1))).toThrow(refusal('too_many_entries'));
  });
});

describe('the length of a line', () => {
  const header = '14/03/2023, 20:01 - Ann: ';
  /** A chat whose first line takes at least `bytes` in UTF-8 (exactly, with the default filler). */
  const chatWithLine = (bytes: number, filler = 'a') =>
    `${header}${filler.repeat(Math.ceil((bytes - header.length) / Buffer.byteLength(filler)))}\n14/03/2023, 20:02 - Bo: ok\n`;

  it.each([
    ['UTF-8', (text: string) => Buffer.from(text, 'utf8')],
    ['text', (text: string) => text],
  ])('reads a line of exactly the limit (%s)', (_, input) => {
    expect(parseChat(input(chatWithLine(maxLineBytes))).messages).toHaveLength(2);
  });

  it.each([
    ['one byte over, in UTF-8', Buffer.from(chatWithLine(maxLineBytes + 1), 'utf8')],
    // 3 bytes each in UTF-8, though under the limit in UTF-16 units.
    ['in letters of three bytes', chatWithLine(maxLineBytes + 1, '€')],
    [
      'counted as UTF-16 stores it',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(chatWithLine(maxLineBytes / 2 + 1), 'utf16le')]),
    ],
  ])('refuses a longer line, with its sentence (%s)', (_, input) => {
    expect(() => parseChat(input)).toThrow(refusal('line_too_long'));
  });

  it('is found while the file is read, holding no more of the line than the limit', async () => {
    const chunkBytes = 64 * 1024;
    let pulled = 0;
    // A line of 16 times the limit, of which no more than the limit and one chunk may be read.
    async function* longLine(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(`${header}\n`);
      while (pulled < 16 * maxLineBytes) {
        pulled += chunkBytes;
        yield Buffer.alloc(chunkBytes, 'a');
      }
    }
    await expect(readWithinLineLimit(longLine())).rejects.toThrow(refusal('line_too_long'));
    expect(pulled).toBeLessThanOrEqual(maxLineBytes + chunkBytes);
  });

  it('passes the bytes of a file within the limit on whole, however they were split', async () => {
    const text = Buffer.from(chatWithLine(maxLineBytes));
    async function* split(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < text.length; at += 1000) yield text.subarray(at, at + 1000);
    }
    expect(Buffer.from(await readWithinLineLimit(split())).equals(text)).toBe(true);
  });
});

// Finding H2: 60 lines of a megabyte each, every one within the line limit, held the documents
// step for over ten minutes. The text as a whole is bounded too, far above a real export.
describe('the length of the text', () => {
  /** A chat of lines just under the line limit, `total` characters in all. */
  const chatOf = (total: number): string => {
    const line = `14/03/2023, 20:01 - Ann: ${'x'.repeat(maxLineBytes - 100)}\n`;
    const whole = line.repeat(Math.ceil(total / line.length));
    return whole.slice(0, total - 1) + '\n';
  };

  it(`reads ${maxTextCharacters.toLocaleString('en-US')} characters`, () => {
    expect(parseChat(chatOf(maxTextCharacters)).messages.length).toBeGreaterThan(9);
  });

  it('refuses one more, with its sentence', () => {
    expect(() => parseChat(chatOf(maxTextCharacters + 1))).toThrow(refusal('too_much_text'));
  });
});
