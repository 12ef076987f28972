import { lineWithNulCharacter } from '../src/domain/nul-character';
import { parseChat } from '../src/domain/parse-chat';

const lineOf = (text: string) => lineWithNulCharacter(parseChat(text));

describe('the line of a NUL character the parse step would store', () => {
  it('is found in the preamble, a sender, a message and its later lines, and is null when there is none', () => {
    const header = (minute: number, sender: string, text: string) =>
      `[12/03/2025, 14:0${minute}:00] ${sender}: ${text}`;
    const chat = (...lines: string[]) => lines.join('\n');
    expect(lineOf(chat('notes', header(0, 'Omar', 'hi'), header(1, 'Lina', 'hello')))).toBeNull();
    expect(lineOf(chat('no\u0000tes', header(0, 'Omar', 'hi')))).toBe(1);
    expect(lineOf(chat('notes', header(0, 'Om\u0000ar', 'hi')))).toBe(2);
    expect(lineOf(chat(header(0, 'Omar', 'hi'), header(1, 'Lina', 'hel\u0000lo')))).toBe(2);
    expect(lineOf(chat(header(0, 'Omar', 'hi'), 'second', 'th\u0000ird', header(1, 'Lina', 'x')))).toBe(3);
    // Every Unicode line break ends a line, as the transcript numbers them.
    expect(lineOf(`${header(0, 'Omar', 'hi')}\u2028two\r\nth\u0000ree`)).toBe(3);
  });
});
