import fc from 'fast-check';
import { type HeaderFormat, HeaderMatcher } from '../src/domain/header-formats';

/**
 * The header scan (`scanAt`, the fast path most exports take) against the shape's regular
 * expression: on any line, a matcher that scans first and one that reads by the pattern alone
 * find the same header, or none, with the same date, time and end.
 */

/** The shapes the scan covers: the date first, no era, no marker before the time. */
const scannedShape: fc.Arbitrary<HeaderFormat> = fc.record({
  layout: fc.constantFrom('android', 'ios', 'colon'),
  yearFirst: fc.boolean(),
  yearDigits: fc.constantFrom(2, 4),
  dateSeparator: fc.constantFrom('/', '.', '-'),
  spaceAfterDateSeparator: fc.boolean(),
  trailingDateDot: fc.boolean(),
  dateTimeSeparator: fc.constantFrom(', ', ' ', ' klo ', ' à ', '، '),
  meridiem: fc.constantFrom('after' as const, null),
  timeSeparator: fc.constantFrom(':', '.'),
  seconds: fc.boolean(),
  timeFirst: fc.constant(false),
  japaneseEra: fc.constant(false),
  eraName: fc.constant(null),
});

const two = (n: number): string => String(n).padStart(2, '0');

/** A header of `shape` as a phone writes it, from the parts drawn. */
const headerOf = (
  shape: HeaderFormat,
  [first, second, year, hour, minute, secondOfMinute, pm]: [
    number,
    number,
    number,
    number,
    number,
    number,
    boolean,
  ],
): string => {
  const separator = shape.dateSeparator + (shape.spaceAfterDateSeparator ? ' ' : '');
  const yearText = shape.yearDigits === 4 ? String(year) : two(year % 100);
  const date =
    (shape.yearFirst ? [yearText, first, second] : [first, second, yearText]).join(separator) +
    (shape.trailingDateDot ? '.' : '');
  let time = [hour, two(minute), ...(shape.seconds ? [two(secondOfMinute)] : [])].join(shape.timeSeparator);
  if (shape.meridiem === 'after') time += pm ? '\u202FPM' : ' AM';
  const body = date + shape.dateTimeSeparator + time;
  return shape.layout === 'ios' ? `[${body}] ` : `${body}${shape.layout === 'colon' ? ': ' : ' - '}`;
};

const parts = fc.tuple(
  fc.integer({ min: 0, max: 35 }),
  fc.integer({ min: 0, max: 35 }),
  fc.integer({ min: 1990, max: 2099 }),
  fc.integer({ min: 0, max: 25 }),
  fc.integer({ min: 0, max: 61 }),
  fc.integer({ min: 0, max: 61 }),
  fc.boolean(),
);

/** What a line may hold near a header: its characters, other digits, marks and odd spaces. */
const NEAR_HEADER = [
  '0',
  '1',
  '7',
  '12',
  '2023',
  '٣',
  '۵',
  '/',
  '.',
  '-',
  ':',
  ',',
  ' ',
  '  ',
  '[',
  ']',
  'AM',
  'PM',
  'am',
  'p. m.',
  '\u00A0',
  '\u202F',
  '\u200E',
  '\u200F',
  '\u202A',
  '\uFEFF',
  'klo',
  'à',
  '،',
  'Sam',
  '\n',
];

/** A line with some of its characters inserted, deleted or replaced. */
const mutated = (line: string): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...NEAR_HEADER)),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((edits) =>
      edits.reduce((text, [at, edit, piece]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        if (edit === 'insert') return text.slice(0, i) + piece + text.slice(i);
        if (edit === 'delete') return text.slice(0, i) + text.slice(i + 1);
        return text.slice(0, i) + piece + text.slice(i + 1);
      }, line),
    );

/** The header a matcher reads at the start of `line`, or null. */
function reading(matcher: HeaderMatcher, line: string) {
  if (!matcher.matchAt(line, 0)) return null;
  const { dayOrMonth1, dayOrMonth2, year, secondOfDay, end, impossibleHour } = matcher;
  return { dayOrMonth1, dayOrMonth2, year, secondOfDay, end, impossibleHour };
}

const agree = (shape: HeaderFormat, line: string): void => {
  expect(reading(new HeaderMatcher(shape), line)).toEqual(
    reading(new HeaderMatcher(shape, { scan: false }), line),
  );
};

describe('header scan', () => {
  it('reads what the pattern reads, on headers as phones write them', () => {
    fc.assert(
      fc.property(
        scannedShape,
        parts,
        fc.constantFrom('Sam: hi', 'Messages are end-to-end encrypted'),
        (shape, drawn, rest) => {
          agree(shape, headerOf(shape, drawn) + rest);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads what the pattern reads, on damaged headers and text that looks like one', () => {
    fc.assert(
      fc.property(
        scannedShape.chain((shape) =>
          fc.tuple(
            fc.constant(shape),
            parts.chain((drawn) => mutated(headerOf(shape, drawn) + 'Sam: hi')),
          ),
        ),
        ([shape, line]) => agree(shape, line),
      ),
      { numRuns: 5000 },
    );
  });

  it('is the path headers in ASCII digits take, so the properties above test the scan', () => {
    fc.assert(
      fc.property(scannedShape, parts, (shape, drawn) => {
        const [first, second, , hour, minute, secondOfMinute] = drawn;
        fc.pre(first >= 1 && first <= 31 && second >= 1 && second <= 31);
        fc.pre(hour <= 23 && minute <= 59 && secondOfMinute <= 59);
        const matcher = new HeaderMatcher(shape);
        expect(matcher.matchAt(headerOf(shape, drawn) + 'Sam: hi', 0)).toBe(true);
        expect(matcher.scanning).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
