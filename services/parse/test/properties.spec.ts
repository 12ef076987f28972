// Properties over generated inputs: no line is ever lost, and any chat whose messages are written
// the way WhatsApp writes them reads back to those messages.

import fc from 'fast-check';
import { LINE_BREAK as LINE_BREAK_IN_TEXT } from '@chatexhibit/proto/line-breaks';
import { headerFormatAt, looksLikeHeaderAt } from '../src/domain/header-formats';
import { parseChat } from '../src/domain/parse-chat';
import { GENERATED_FORMATS, writeHeader } from './support/chat-generator';
import { lineAccountingProblems } from './support/line-accounting';

const LINE_BREAK = fc.constantFrom('\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029');
/** Characters that matter to a chat parser: marks, look-alike spaces, digits, separators, quotes. */
const TRICKY = fc.constantFrom(
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202C',
  '\u2066',
  '\u00A0',
  '\u202F',
  '\u2011',
  '\uFEFF',
  '[',
  ']',
  ':',
  ': ',
  ' - ',
  '/',
  '.',
  ',',
  '"',
  '“',
  '1',
  '13',
  '٣',
  '۱',
  'PM',
  'p. m.',
  '下午',
  '오후',
  'م',
  '<attached: x.jpg>',
  ' (file attached)',
  '<This message was edited>',
  'POLL:',
  '👩‍👩‍👧',
);
const FRAGMENT = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), TRICKY);

/** Headers of every generated variant (time first, Buddhist and Japanese era years, native digits, AM/PM markers). */
const VARIANT_HEADER = fc
  .record({
    format: fc.constantFrom(...GENERATED_FORMATS),
    year: fc.integer({ min: 2020, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ format, ...clock }) => writeHeader(format, clock).header);

const SHAPES = [0, 1, 2, 3] as const;
type Shape = (typeof SHAPES)[number];

/** A header of one of several formats, with a possible or impossible date and time. */
function header(shape: fc.Arbitrary<Shape>): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: 35 }),
      fc.integer({ min: 0, max: 14 }),
      fc.integer({ min: 0, max: 26 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      shape,
    )
    .map(([a, b, year, hour, minute, s]) => {
      const mm = String(minute).padStart(2, '0');
      const yy = String(year).padStart(2, '0');
      switch (s) {
        case 0:
          return `${a}/${b}/20${yy}, ${hour}:${mm} - `;
        case 1:
          return `[${a}.${b}.${yy}, ${hour}:${mm}:${mm}] `;
        case 2:
          return `${a}/${b}/${yy}, ${hour % 13}:${mm}\u202F${hour < 12 ? 'AM' : 'PM'} - `;
        default:
          return `20${yy}-${a}-${b} ${hour}:${mm} - `;
      }
    });
}

/** Text of lines mostly headed in one format, as exports are, with other formats and noise mixed in. */
const TEXT = fc.constantFrom(...SHAPES).chain((dominant) => {
  const fragments = fc.array(FRAGMENT, { maxLength: 4 }).map((parts) => parts.join(''));
  const line = fc.oneof(
    { arbitrary: fc.tuple(header(fc.constant(dominant)), fragments).map(([h, rest]) => h + rest), weight: 4 },
    { arbitrary: fc.tuple(VARIANT_HEADER, fragments).map(([h, rest]) => h + rest), weight: 1 },
    {
      arbitrary: fc.tuple(header(fc.constantFrom(...SHAPES)), fragments).map(([h, rest]) => h + rest),
      weight: 1,
    },
    { arbitrary: fc.array(FRAGMENT, { maxLength: 6 }).map((parts) => parts.join('')), weight: 3 },
    { arbitrary: fc.constant(''), weight: 1 },
  );
  return fc
    .tuple(fc.array(fc.tuple(line, LINE_BREAK), { maxLength: 60, size: 'max' }), fc.boolean())
    .map(([lines, finalBreak]) =>
      lines
        .map(([text, lineBreak], i) => text + (i < lines.length - 1 || finalBreak ? lineBreak : ''))
        .join(''),
    );
});

/** A number in two digits, as headers write days, months, hours and minutes. */
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * Lines shaped like headers whose parts the pattern accepts but the checks may not: a "[" with
 * or without the iOS layout, date parts of one to four digits, Japanese era letters anywhere.
 */
const NEAR_HEADER = fc
  .tuple(
    fc.constantFrom('', '['),
    fc.array(fc.tuple(fc.constantFrom('', '', 'R', 'H'), fc.integer({ min: 1, max: 4 }), fc.nat(9999)), {
      minLength: 3,
      maxLength: 3,
    }),
    fc.constantFrom('/', '.', '-'),
    fc.constantFrom('] ', ' - ', ': '),
  )
  .map(([opener, parts, separator, layout]) => {
    const date = parts
      .map(([era, digits, value]) => era + String(value).padStart(digits, '0').slice(-digits))
      .join(separator);
    return `${opener}${date}, 10:05${layout}text`;
  });

describe('look-alike headers', () => {
  it('a line looks like a header exactly where a header shape is found there', () => {
    fc.assert(
      fc.property(fc.oneof(TEXT, NEAR_HEADER), (text) => {
        for (const match of text.matchAll(/^/gm)) {
          expect(looksLikeHeaderAt(text, match.index)).toBe(headerFormatAt(text, match.index) !== null);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['14/03/2023, 20:02 - Ann: hi', true],
    ['[14/03/2023, 20:02:00] Ann: hi', true],
    ['2023-03-14 20:02 - Ann: hi', true],
    ['R4/3/18 10:05 - Ann: hi', true],
    // The pattern reads these; the checks turn them down.
    ['[14/03/2023, 20:02 - a stray bracket', false],
    ['14/03/2023, 20:02] no bracket before', false],
    ['1/2/345, 10:00 - a three-digit year', false],
    ['123/4/22, 10:00 - a three-digit day', false],
    ['4/H3/18 10:05 - an era in the middle', false],
  ])('%s: %s', (line, expected) => {
    expect(looksLikeHeaderAt(line, 0)).toBe(expected);
  });
});

describe('line accounting', () => {
  it('every line of any text belongs to the preamble or to exactly one message, in order', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        const chat = parseChat(text);
        expect(lineAccountingProblems(text, chat)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('round trip', () => {
  /** Author names with the marks and look-alikes exports contain, but without the ": " that ends a name. */
  const NAME = fc
    .array(fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), TRICKY), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join(''))
    .filter(
      (name) =>
        !new RegExp(`${LINE_BREAK_IN_TEXT}|: `).test(name) && !name.endsWith(':') && visibleName(name) !== '',
    );
  /** Text lines that cannot be taken for a header of the chat's format (which starts with a digit). */
  const BODY_LINE = fc
    .array(FRAGMENT, { maxLength: 6 })
    .map((parts) => `x${parts.join('')}`.replace(new RegExp(LINE_BREAK_IN_TEXT, 'g'), ' '));

  function visibleName(name: string): string {
    return name
      .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
      .replace(/[\u00A0\u202F]/g, ' ')
      .replace(/\u2011/g, '-');
  }

  it('reads back the sender, time and exact text of every message', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 13, max: 28 }),
            month: fc.integer({ min: 1, max: 12 }),
            hour: fc.integer({ min: 0, max: 23 }),
            minute: fc.integer({ min: 0, max: 59 }),
            name: NAME,
            lines: fc.array(BODY_LINE, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 30, size: 'max' },
        ),
        LINE_BREAK,
        (messages, lineBreak) => {
          const text = messages
            .map(
              (m) =>
                `${two(m.day)}/${two(m.month)}/2024, ${two(m.hour)}:${two(m.minute)} - ${m.name}: ${m.lines.join(lineBreak)}`,
            )
            .join(lineBreak);
          const chat = parseChat(text);
          expect(chat.messages.map((m) => [m.timestamp, m.sender, m.raw])).toEqual(
            messages.map((m) => [
              `2024-${two(m.month)}-${two(m.day)}T${two(m.hour)}:${two(m.minute)}:00`,
              visibleName(m.name),
              m.lines.join('\n'),
            ]),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads back every header variant: any date and time written in it becomes that Gregorian timestamp', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GENERATED_FORMATS),
        fc.array(
          fc.record({
            // Days from 13 settle the date order whatever the variant; years the era arithmetic covers.
            year: fc.integer({ min: 2020, max: 2030 }),
            month: fc.integer({ min: 1, max: 12 }),
            day: fc.integer({ min: 13, max: 28 }),
            hour: fc.integer({ min: 0, max: 23 }),
            minute: fc.integer({ min: 0, max: 59 }),
            second: fc.integer({ min: 0, max: 59 }),
            name: NAME,
            lines: fc.array(BODY_LINE, { minLength: 1, maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (format, messages) => {
          const written = messages.map((m) => ({ ...m, ...writeHeader(format, m) }));
          const text = written.map((m) => `${m.header}${m.name}: ${m.lines.join('\n')}`).join('\n');
          const chat = parseChat(text);
          expect(chat.messages.map((m) => [m.timestamp, m.sender, m.raw])).toEqual(
            written.map((m) => [
              `${m.year}-${two(m.month)}-${two(m.day)}T${two(m.hour)}:${two(m.minute)}:${m.seconds ? two(m.second) : '00'}`,
              visibleName(m.name),
              m.lines.join('\n'),
            ]),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });
});
