// Message headers ("14/03/2023, 20:01 - ", "[07/09/2023, 08:01:12] ", "13.06.18 21.25.15: ").
// The phone's locale fixes one header shape for the whole export, so the shape is detected once
// on a sample with a permissive pattern, then every line is tested against one strict pattern
// compiled for that shape. A line that only resembles a header (a pasted date, another format)
// then stays message text.

import { isZeroWidthMark, SPACE_LIKE, ZERO_WIDTH_MARKS } from './invisible-marks';

/** Where the author/body starts: " - " (Android), "] " (iOS), ": " (older exports). */
export type HeaderLayout = 'android' | 'ios' | 'colon';

export interface HeaderFormat {
  layout: HeaderLayout;
  /** "2023-06-03": the year comes first; otherwise it comes last. */
  yearFirst: boolean;
  yearDigits: 2 | 4;
  dateSeparator: '/' | '.' | '-';
  /** Korean "2023. 6. 3.": a space after each date separator. */
  spaceAfterDateSeparator: boolean;
  /** Korean "2023. 6. 3.": a dot after the last date part. */
  trailingDateDot: boolean;
  /** Between date and time, spaces shown as " ": ", ", " ", " klo ", " à ", "، ". */
  dateTimeSeparator: string;
  /** 12-hour clock marker ("PM", "p. m.", "下午", "오후", "م") before or after the time; null: 24-hour clock. */
  meridiem: 'before' | 'after' | null;
  timeSeparator: ':' | '.';
  seconds: boolean;
}

const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50]; // Arabic-Indic, Persian, Devanagari, Bengali, Thai (and ASCII)
const DIGIT_RANGES = '0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F\\u09E6-\\u09EF\\u0E50-\\u0E59';
const DIGIT = `[${DIGIT_RANGES}]`;
// Two mark runs are never adjacent in a pattern (a mandatory character always separates them):
// adjacent runs would make a long run of marks backtrack quadratically.
const MARKS = `[${ZERO_WIDTH_MARKS}]*`;
const SPACE = `[${SPACE_LIKE}]`;

/** AM/PM markers as the locales write them; spaces inside may be any space-like character. */
const MERIDIEM_MARKERS: ReadonlyArray<readonly [marker: string, half: 'am' | 'pm']> = [
  ['AM', 'am'],
  ['PM', 'pm'],
  ['a. m.', 'am'],
  ['p. m.', 'pm'],
  ['vorm.', 'am'],
  ['nachm.', 'pm'],
  ['上午', 'am'],
  ['下午', 'pm'],
  ['凌晨', 'am'],
  ['早上', 'am'],
  ['中午', 'pm'],
  ['晚上', 'pm'],
  ['午前', 'am'],
  ['午後', 'pm'],
  ['오전', 'am'],
  ['오후', 'pm'],
  ['ص', 'am'],
  ['م', 'pm'],
  ['ق.ظ.', 'am'],
  ['ب.ظ.', 'pm'],
  ['π.μ.', 'am'],
  ['μ.μ.', 'pm'],
  ['ÖÖ', 'am'],
  ['ÖS', 'pm'],
  ['पूर्वाह्न', 'am'],
  ['अपराह्न', 'pm'],
  ['SA', 'am'],
  ['CH', 'pm'],
];

const ZERO_WIDTH_GLOBAL = new RegExp(`[${ZERO_WIDTH_MARKS}]`, 'g');
const SPACE_LIKE_GLOBAL = new RegExp(`${SPACE}+`, 'g');
const NEEDS_SPACING_NORMALIZED = new RegExp(`[${ZERO_WIDTH_MARKS}\\u00A0\\u202F]|  `);

/** Marks removed, each run of space-like characters as one " ". */
function normalizeSpacing(text: string): string {
  if (!NEEDS_SPACING_NORMALIZED.test(text)) return text;
  return text.replace(ZERO_WIDTH_GLOBAL, '').replace(SPACE_LIKE_GLOBAL, ' ');
}

function meridiemKey(token: string): string {
  return normalizeSpacing(token).replace(/ /g, '').toLowerCase();
}

const MERIDIEM_HALF = new Map(MERIDIEM_MARKERS.map(([marker, half]) => [meridiemKey(marker), half]));

/** Markers exactly as written ("PM", "p.\u00A0m."), so each header costs one lookup, not a normalisation. */
const meridiemHalfByToken = new Map<string, 'am' | 'pm' | undefined>();

function meridiemHalf(token: string): 'am' | 'pm' | undefined {
  if (meridiemHalfByToken.has(token)) return meridiemHalfByToken.get(token);
  const half = MERIDIEM_HALF.get(meridiemKey(token));
  meridiemHalfByToken.set(token, half);
  return half;
}

/** Markers as one alternation: "a. m." also matches "a.m." and "a.\u00A0m."; longest first so none shadows a longer one. */
function markerAlternation(markers: readonly string[]): string {
  return [...markers]
    .sort((a, b) => b.length - a.length)
    .map((marker) => escapeRegex(marker).replace(/ /g, `${SPACE}?`))
    .join('|');
}

const MERIDIEM = markerAlternation(MERIDIEM_MARKERS.map(([marker]) => marker));

/** An AM marker at `lastIndex`; for a header already matched, anything else there is a PM marker. */
const AM_MARKER_AT = new RegExp(
  `(?:${markerAlternation(MERIDIEM_MARKERS.filter(([, half]) => half === 'am').map(([marker]) => marker))})`,
  'iy',
);

/**
 * Any header shape. Groups: 1 "[", 2-3-4 date parts with 5 their separator and 6 its trailing
 * space, 7 trailing dot, 8 date-time separator, 9 marker before the time, 10 hour, 11 time
 * separator, 12 minute, 13 second, 14 marker after, 15 the layout's separator. The word between
 * date and time ("klo", "à") must not be an AM/PM marker ("오후 1:55").
 */
const ANY_HEADER = new RegExp(
  `${MARKS}(\\[${MARKS})?` +
    `(${DIGIT}{1,4})${MARKS}([./-])(${SPACE}?)${MARKS}(${DIGIT}{1,4})${MARKS}\\3\\4${MARKS}(${DIGIT}{1,4})${MARKS}` +
    `(\\.${MARKS})?` +
    `((?:[,\\u060C]${MARKS})?${SPACE}+(?:(?!(?:${MERIDIEM})(?:${SPACE}|${DIGIT}))[^\\s,:.\\/\\[\\]\\-${DIGIT_RANGES}${ZERO_WIDTH_MARKS}]{1,8}\\.?${SPACE}+)?)` +
    `${MARKS}(?:(${MERIDIEM})${SPACE}*${MARKS})?` +
    `(${DIGIT}{1,2})([:.])(${DIGIT}{2})(?:\\11(${DIGIT}{2}))?` +
    `${MARKS}(?:(?:${SPACE}+${MARKS})?(${MERIDIEM})${MARKS})?` +
    `(\\]${SPACE}|${SPACE}-${SPACE}|:${SPACE})`,
  'iy',
);

/** The header shape at `pos` (a line start), or null when the line does not start like a header. */
export function headerFormatAt(text: string, pos: number): HeaderFormat | null {
  ANY_HEADER.lastIndex = pos;
  const m = ANY_HEADER.exec(text);
  if (m === null) return null;
  const [, opener, part1, dateSeparator, spaceAfter, part2, part3, trailingDot, dateTime] = m;
  const [meridiemBefore, , timeSeparator, , seconds, meridiemAfter, layoutSeparator] = m.slice(9);
  const yearFirst = part1.length === 4;
  const yearDigits = yearFirst ? 4 : part3.length;
  const dayMonthParts = yearFirst ? [part2, part3] : [part1, part2];
  if ((yearDigits !== 2 && yearDigits !== 4) || dayMonthParts.some((p) => p.length > 2)) return null;
  const layout: HeaderLayout = layoutSeparator.startsWith(']')
    ? 'ios'
    : layoutSeparator.startsWith(':')
      ? 'colon'
      : 'android';
  if ((layout === 'ios') !== (opener !== undefined)) return null;
  return {
    layout,
    yearFirst,
    yearDigits,
    dateSeparator: dateSeparator as HeaderFormat['dateSeparator'],
    spaceAfterDateSeparator: spaceAfter !== '',
    trailingDateDot: trailingDot !== undefined,
    dateTimeSeparator: normalizeSpacing(dateTime),
    meridiem: meridiemBefore !== undefined ? 'before' : meridiemAfter !== undefined ? 'after' : null,
    timeSeparator: timeSeparator as HeaderFormat['timeSeparator'],
    seconds: seconds !== undefined,
  };
}

/** Sample: this many windows spread evenly over the file, of this many lines each. */
const SAMPLE_WINDOWS = 8;
const SAMPLE_LINES_PER_WINDOW = 32;

/**
 * The header shapes the file's lines use, most used first; empty when no line starts like a
 * header. Counting over windows spread across the whole file keeps a run of pasted dates in one
 * message from deciding the shape; only when the windows hold no header at all is every line
 * tried. A second shape counts only when it heads several sampled lines (a file whose phone
 * changed region midway); a lone look-alike is a pasted date.
 */
export function detectHeaderFormats(text: string): HeaderFormat[] {
  const counts = new Map<string, SampledFormat>();
  /** Tallies header shapes from `start`; returns where it stopped. */
  const tally = (start: number, maxLines: number): number => {
    let pos = start;
    for (let n = 0; n < maxLines && pos < text.length; n++) {
      const format = headerFormatAt(text, pos);
      if (format !== null) {
        const key = formatKey(format);
        const entry = counts.get(key);
        if (entry === undefined) counts.set(key, { format, count: 1, first: pos, last: pos });
        else {
          entry.count++;
          entry.last = pos;
        }
      }
      pos = nextLineStart(text, pos);
    }
    return pos;
  };
  let sampledUpTo = 0;
  for (let window = 0; window < SAMPLE_WINDOWS && sampledUpTo < text.length; window++) {
    const offset = Math.floor((text.length * window) / SAMPLE_WINDOWS);
    const start = offset <= sampledUpTo ? sampledUpTo : nextLineStart(text, offset - 1);
    sampledUpTo = tally(start, SAMPLE_LINES_PER_WINDOW);
  }
  if (counts.size === 0 && sampledUpTo < text.length) tally(0, Number.POSITIVE_INFINITY);
  const ranked = [...counts.values()].sort((a, b) => b.count - a.count);
  if (ranked.length === 0) return [];
  const [main] = ranked;
  const minimum = Math.max(MIN_SECOND_FORMAT_LINES, Math.ceil(main.count * MIN_SECOND_FORMAT_SHARE));
  // A region change makes one block of the other shape; dates pasted into messages sit among the main shape's lines.
  const separate = (entry: SampledFormat): boolean => entry.first > main.last || entry.last < main.first;
  return [
    main.format,
    ...ranked
      .slice(1)
      .filter((entry) => entry.count >= minimum && separate(entry))
      .map((entry) => entry.format),
  ];
}

interface SampledFormat {
  format: HeaderFormat;
  count: number;
  /** Offsets of the first and last sampled line of this shape. */
  first: number;
  last: number;
}

/** A second header shape must head at least this many sampled lines, and this share of the first's. */
const MIN_SECOND_FORMAT_LINES = 3;
const MIN_SECOND_FORMAT_SHARE = 0.05;

/** The header shape most lines of the file use, or null when no line starts like a header. */
export function detectHeaderFormat(text: string): HeaderFormat | null {
  return detectHeaderFormats(text)[0] ?? null;
}

function formatKey(f: HeaderFormat): string {
  return `${f.layout}|${f.yearFirst}|${f.yearDigits}|${f.dateSeparator}|${f.spaceAfterDateSeparator}|${f.trailingDateDot}|${f.dateTimeSeparator}|${f.meridiem}|${f.timeSeparator}|${f.seconds}`;
}

/** Start of the line after the one containing `pos` (text length when there is none). */
function nextLineStart(text: string, pos: number): number {
  for (let i = pos; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return text.length;
}

/**
 * Tests lines against one header shape. The fields describe the last successful match; they are
 * plain fields rather than a returned object, and digits are read by scanning rather than through
 * capture groups, because this runs once per line of exports with hundreds of thousands of lines.
 */
export class HeaderMatcher {
  /** Date parts in written order, as numbers; which is day, month and year is decided later. */
  datePart1 = 0;
  datePart2 = 0;
  datePart3 = 0;
  secondOfDay = 0;
  /** Offset just after the header (where author or system text begins). */
  end = 0;
  /** The last header wrote an hour above 12 with an AM/PM marker ("23:59 PM"), read on a 24-hour clock. */
  impossibleHour = false;

  private readonly pattern: RegExp;
  private readonly digitRuns: number[] = [0, 0, 0, 0, 0, 0];

  constructor(readonly format: HeaderFormat) {
    const dayMonth = `${DIGIT}{1,2}`;
    const year = `${DIGIT}{${format.yearDigits}}`;
    const dateSeparator = `${MARKS}${escapeRegex(format.dateSeparator)}${format.spaceAfterDateSeparator ? SPACE : ''}${MARKS}`;
    const timeSeparator = escapeRegex(format.timeSeparator);
    const dateTimeRuns = (format.dateTimeSeparator.match(/ +|[^ ]+/g) ?? []).map((run) =>
      run.startsWith(' ') ? `${SPACE}+` : escapeRegex(run),
    );
    let source = MARKS + (format.layout === 'ios' ? `\\[${MARKS}` : '');
    source += format.yearFirst
      ? year + dateSeparator + dayMonth + dateSeparator + dayMonth
      : dayMonth + dateSeparator + dayMonth + dateSeparator + year;
    if (format.trailingDateDot) source += `${MARKS}\\.`;
    source += MARKS + dateTimeRuns.join(MARKS) + MARKS;
    if (format.meridiem === 'before') source += `(${MERIDIEM})${SPACE}*${MARKS}`;
    source += `${DIGIT}{1,2}${timeSeparator}${DIGIT}{2}`;
    if (format.seconds) source += `${timeSeparator}${DIGIT}{2}`;
    source += MARKS;
    if (format.meridiem === 'after') source += `(?:${SPACE}+${MARKS})?(?:${MERIDIEM})${MARKS}`;
    source +=
      format.layout === 'ios' ? `\\]${SPACE}` : format.layout === 'colon' ? `:${SPACE}` : `${SPACE}-${SPACE}`;
    this.pattern = new RegExp(source, format.meridiem === null ? 'y' : 'iy');
  }

  /** True when a header of this shape, with a possible date and time, starts at `pos`. */
  matchAt(text: string, pos: number): boolean {
    const { pattern, format } = this;
    pattern.lastIndex = pos;
    // Only a marker before the time needs the capture group; test() allocates nothing.
    let half: 'am' | 'pm' | undefined;
    if (format.meridiem === 'before') {
      const m = pattern.exec(text);
      if (m === null) return false;
      half = meridiemHalf(m[1]);
    } else if (!pattern.test(text)) {
      return false;
    }
    const end = pattern.lastIndex;
    // The header's digit runs are exactly the date parts then the time parts: no separator,
    // marker or word in a header contains a digit.
    const runs = this.digitRuns;
    let count = 0;
    let value = -1;
    let timeEnd = pos;
    for (let i = pos; i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = code >= 0x30 && code <= 0x39 ? code - 0x30 : code < 0x660 ? -1 : otherScriptDigit(code);
      if (digit >= 0) {
        value = value < 0 ? digit : value * 10 + digit;
      } else if (value >= 0) {
        runs[count++] = value;
        value = -1;
        timeEnd = i;
      }
    }
    if (format.meridiem === 'after') {
      let markerStart = timeEnd;
      while (isSpaceOrMark(text.charCodeAt(markerStart))) markerStart++;
      AM_MARKER_AT.lastIndex = markerStart;
      half = AM_MARKER_AT.test(text) ? 'am' : 'pm';
    }
    const { yearFirst, seconds } = format;
    const dayOrMonth1 = yearFirst ? runs[1] : runs[0];
    const dayOrMonth2 = yearFirst ? runs[2] : runs[1];
    if (dayOrMonth1 < 1 || dayOrMonth1 > 31 || dayOrMonth2 < 1 || dayOrMonth2 > 31) return false;
    let hour = runs[3];
    const minute = runs[4];
    const second = seconds ? runs[5] : 0;
    if (minute > 59 || second > 59) return false;
    if (hour > 23) return false;
    // "23:59 PM" cannot be on a 12-hour clock; the hour as written is kept (and reported).
    const impossibleHour = half !== undefined && hour > 12;
    if (half !== undefined && !impossibleHour) {
      // Japanese writes 午後0:15 for 12:15, so 0 is a valid 12-hour clock hour.
      if (half === 'am' && hour === 12) hour = 0;
      else if (half === 'pm' && hour < 12) hour += 12;
    }
    this.impossibleHour = impossibleHour;
    this.datePart1 = runs[0];
    this.datePart2 = runs[1];
    this.datePart3 = runs[2];
    this.secondOfDay = hour * 3600 + minute * 60 + second;
    this.end = end;
    return true;
  }
}

function isSpaceOrMark(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x202f || isZeroWidthMark(code);
}

/** A digit (of a supported script), "[" or a zero-width mark: the characters a header line can start with. */
export function mayStartHeader(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || code === 0x5b;
  return otherScriptDigit(code) >= 0 || isZeroWidthMark(code);
}

/** Value of a digit of a non-Latin supported script, or -1. */
function otherScriptDigit(code: number): number {
  if (code > 0xe59) return -1; // beyond the last supported zero (Thai) + 9: marks, spaces, letters
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return code - zero;
  return -1;
}

function escapeRegex(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
