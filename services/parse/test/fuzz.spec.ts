// Thousands of random and damaged inputs: the parser never throws, never hangs, and still accounts
// for every line of whatever text the bytes decode to.

import fc from 'fast-check';
import { decodeChatText } from '../src/domain/decode';
import { parseChat } from '../src/domain/parse-chat';
import { GENERATED_FORMATS, generateChat, randomSource } from './support/chat-generator';
import { fixtureBytes } from './support/fixtures';
import { lineAccountingProblems } from './support/line-accounting';

const FIXTURES = [
  'android-dmy-24h.txt',
  'android-mdy-12h.txt',
  'android-es-12h.txt',
  'ios-dmy.txt',
  'ios-mdy-12h.txt',
  'older-colon.txt',
  'zh-meridiem-before.txt',
  'ko-meridiem-before.txt',
  'ar-arabic-indic-digits.txt',
  'ios-time-first.txt',
  'vi-time-first.txt',
  'th-buddhist-era.txt',
  'th-thai-digits-two-digit-year.txt',
  'ios-buddhist-era-named.txt',
  'ja-japanese-era.txt',
  'hi-devanagari-digits.txt',
];

function expectAccountedFor(bytes: Uint8Array): void {
  const chat = parseChat(bytes);
  const problems = lineAccountingProblems(decodeChatText(bytes).text, chat);
  if (problems.length > 0)
    throw new Error(
      `${problems.join('; ')} for input ${JSON.stringify(Buffer.from(bytes).toString('base64'))}`,
    );
}

/** Byte runs that matter to a chat parser, to splice into inputs. */
const SPLICES = [
  '\n',
  '\r\n',
  '\r',
  '\f',
  '\u2028',
  '\u200E',
  '\u202F',
  '\u202A+1 555\u20110100\u202C',
  ': ',
  ' - ',
  '[',
  ']',
  '14/03/2023, 20:01 - ',
  '[07/09/2023, 08:01:12] ',
  '"',
  '<attached: ',
  ' (file attached)',
  '\uFEFF',
].map((s) => Buffer.from(s, 'utf8'));

function mutate(input: Uint8Array, random: () => number): Uint8Array {
  const bytes = Buffer.from(input);
  const at = (): number => Math.floor(random() * (bytes.length + 1));
  switch (Math.floor(random() * 7)) {
    case 0: {
      // flip bits in a few bytes
      for (let n = 0; n < 1 + Math.floor(random() * 8) && bytes.length > 0; n++) {
        bytes[Math.floor(random() * bytes.length)] ^= 1 << Math.floor(random() * 8);
      }
      return bytes;
    }
    case 1: {
      const i = at();
      return Buffer.concat([
        bytes.subarray(0, i),
        SPLICES[Math.floor(random() * SPLICES.length)],
        bytes.subarray(i),
      ]);
    }
    case 2: {
      const i = at();
      return Buffer.concat([
        bytes.subarray(0, i),
        bytes.subarray(Math.min(bytes.length, i + Math.floor(random() * 200))),
      ]);
    }
    case 3: {
      const i = at();
      const j = Math.min(bytes.length, i + Math.floor(random() * 300));
      return Buffer.concat([bytes.subarray(0, j), bytes.subarray(i, j), bytes.subarray(j)]);
    }
    case 4:
      return bytes.subarray(0, at());
    case 5: {
      // shuffle lines
      const lines = bytes.toString('utf8').split('\n');
      for (let i = lines.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      return Buffer.from(lines.join('\n'), 'utf8');
    }
    default:
      return Buffer.from(
        `${random() < 0.5 ? '\uFEFF' : ''}${bytes.toString('utf8')}`,
        random() < 0.5 ? 'utf16le' : 'utf8',
      );
  }
}

describe('fuzz', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => expectAccountedFor(bytes)),
      { numRuns: 2000 },
    );
  });

  it('random text of any code points and line breaks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const chat = parseChat(text);
        expect(lineAccountingProblems(text, chat)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('damaged exports: fixtures and generated chats with bytes flipped, spliced, cut, repeated and shuffled', () => {
    const random = randomSource(20240607);
    const sources = [
      ...FIXTURES.map(fixtureBytes),
      ...GENERATED_FORMATS.map((format, i) =>
        Buffer.from(generateChat({ format, messageCount: 60, seed: i }).text, 'utf8'),
      ),
    ];
    for (let run = 0; run < 4000; run++) {
      let bytes: Uint8Array = sources[run % sources.length];
      for (let n = 1 + Math.floor(random() * 4); n > 0; n--) bytes = mutate(bytes, random);
      expectAccountedFor(bytes);
    }
  });

  // Backtracking that explodes on inputs of these sizes takes hours, a linear reading seconds: the
  // test's timeout tells them apart without timing the machine (which other work may slow).
  it('inputs built to make patterns backtrack finish', () => {
    const hostile = [
      '\u200E'.repeat(200_000) + '14/03/2023, 20:01 - Ann: hi',
      `14/03/2023, 20:01 - ${'\u200E'.repeat(100_000)}: hi`,
      '[' + '\u200E'.repeat(50_000) + '1'.repeat(50_000),
      `14/03/2023, 20:01 - ${'a'.repeat(500_000)}`,
      '1/'.repeat(200_000),
      `${'14/03/2023, 20:01 - x\n'.repeat(20_000)}`,
      `14/03/2023, 20:01 - Ann changed the subject to "${'a: '.repeat(100_000)}"`,
      `14/03/2023, 20:01 - Ann: ${'<attached: '.repeat(50_000)}>`,
      `14/03/2023, 20:01 - Ann: ${'x (file attached) '.repeat(30_000)}(file attached)`,
      `${'3/4/24, 1:00 PM - '.repeat(50_000)}`,
      `14/03/2023, 20:01 - ${'\u202F'.repeat(100_000)}\n`.repeat(3),
      // Time first, era letters and names, AM/PM markers repeated.
      '[' + '1:00:00, '.repeat(50_000),
      `14:56 ${'\u200E'.repeat(100_000)}18/3/22 - x`,
      `${'14:56 18/3/2565 '.repeat(30_000)}- x`,
      `18/3/2565${' BE'.repeat(50_000)}, 14:56 - x`,
      `R4/3/18${'R4/'.repeat(50_000)}`,
      `18/3/22, 1:00 ${'a. m. '.repeat(50_000)}- x`,
      `${'14:56 18/3/22 - x\n'.repeat(20_000)}`,
    ];
    for (const text of hostile) {
      const chat = parseChat(text);
      expect(lineAccountingProblems(text, chat)).toEqual([]);
    }
  }, 60_000);
});
