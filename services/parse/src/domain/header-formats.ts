// Message headers ("14/03/2023, 20:01 - ", "[07/09/2023, 08:01:12] ", "13.06.18 21.25.15: ").
// The phone's locale fixes one header shape for the whole export, so the shape is detected once
// on a sample with a permissive pattern, then every line is tested against one strict pattern
// compiled for that shape. A line that only resembles a header (a pasted date, another format)
// then stays message text.

import { ERA_NAMES_AFTER_DATE, JAPANESE_ERAS } from './calendars';
import { fullYear } from './date-order';
import { isZeroWidthMark, SPACE_LIKE, ZERO_WIDTH_MARKS } from './invisible-marks';
import { MERIDIEM_MARKERS, type MeridiemHalf } from './meridiem-markers';

/** Where the author/body starts: " - " (Android), "] " (iOS), ": " (older exports). */
export type HeaderLayout = 'android' | 'ios' | 'colon';

export interface HeaderFormat {
  layout: HeaderLayout;
  /** "2023-06-03": the year comes first; otherwise it comes last. */
  yearFirst: boolean;
  /** Digits of the year; with a Japanese era letter, 2 stands for one or two ("R4", "H31"). */
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
  /** "[14:56:01, 3/18/22] ", "14:56 18/3/22 - ": the time comes first, `dateTimeSeparator` after it. */
  timeFirst: boolean;
  /** The year is a Japanese era letter and the era's year ("R4" = Reiwa 4 = 2022). */
  japaneseEra: boolean;
  /** An era name written after the date ("BE"), as written; null when there is none. */
  eraName: string | null;
}

const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50]; // Arabic-Indic, Persian, Devanagari, Bengali, Thai (and ASCII)
const DIGIT_RANGES = '0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F\\u09E6-\\u09EF\\u0E50-\\u0E59';
const DIGIT = `[${DIGIT_RANGES}]`;
// Two mark runs are never adjacent in a pattern (a mandatory character always separates them):
// adjacent runs would make a long run of marks backtrack quadratically.
const MARKS = `[${ZERO_WIDTH_MARKS}]*`;
const SPACE = `[${SPACE_LIKE}]`;

const ZERO_WIDTH_GLOBAL = new RegExp(`[${ZERO_WIDTH_MARKS}]`, 'g');
const SPACE_LIKE_GLOBAL = new RegExp(`${SPACE}+`, 'g');
const NEEDS_SPACING_NORMALIZED = new RegExp(`[${ZERO_WIDTH_MARKS}\\u00A0\\u202F]|  `);

/** Marks removed, each run of space-like characters as one " ". */
function normalizeSpacing(text: string): string {
  if (!NEEDS_SPACING_NORMALIZED.test(text)) return text;
  return text.replace(ZERO_WIDTH_GLOBAL, '').replace(SPACE_LIKE_GLOBAL, ' ');
}

function meridiemKey(token: string): string {
  return normalizeSpacing(token).replace(/ /g, '').replace(/\.$/, '').toLowerCase();
}

const MERIDIEM_HALF = new Map(MERIDIEM_MARKERS.map(([marker, half]) => [meridiemKey(marker), half]));

/** Markers exactly as written ("PM", "p.\u00A0m."), so each header costs one lookup, not a normalisation. */
const meridiemHalfByToken = new Map<string, MeridiemHalf | undefined>();

function meridiemHalf(token: string): MeridiemHalf | undefined {
  if (meridiemHalfByToken.has(token)) return meridiemHalfByToken.get(token);
  const half = MERIDIEM_HALF.get(meridiemKey(token));
  meridiemHalfByToken.set(token, half);
  return half;
}

/**
 * Markers as one alternation: "a. m." also matches "a.m." and "a.\u00A0m.", a final "." may be
 * left out; longest first so none shadows a longer one.
 */
function markerAlternation(markers: readonly string[]): string {
  return [...new Set(markers)]
    .sort((a, b) => b.length - a.length)
    .map((marker) => escapeRegex(marker).replace(/ /g, `${SPACE}?`).replace(/\\\.$/, '\\.?'))
    .join('|');
}

const MERIDIEM = markerAlternation(MERIDIEM_MARKERS.map(([marker]) => marker));

/** An AM marker at `lastIndex`; for a header already matched, anything else there is a PM marker. */
const AM_MARKER_AT = new RegExp(
  `(?:${markerAlternation(MERIDIEM_MARKERS.filter(([, half]) => half === 'am').map(([marker]) => marker))})`,
  'iy',
);

const ERA_LETTERS = JAPANESE_ERAS.map(([letter]) => letter).join('');
const ERA_NAME = markerAlternation(ERA_NAMES_AFTER_DATE.map(([name]) => name));

/** Any date: three parts (a year part may carry a Japanese era letter), an era name after it. */
const ANY_DATE =
  `(?<part1>[${ERA_LETTERS}]?${DIGIT}{1,4})${MARKS}(?<dateSeparator>[./-])(?<spaceAfter>${SPACE}?)${MARKS}` +
  `(?<part2>${DIGIT}{1,4})${MARKS}\\k<dateSeparator>\\k<spaceAfter>${MARKS}(?<part3>[${ERA_LETTERS}]?${DIGIT}{1,4})${MARKS}` +
  `(?<trailingDot>\\.${MARKS})?(?:${SPACE}(?<eraName>${ERA_NAME})${MARKS})?`;
/** Any time, with an AM/PM marker before or after it; the marks before it belong to what precedes it. */
const ANY_TIME =
  `(?:(?<meridiemBefore>${MERIDIEM})${SPACE}*${MARKS})?` +
  `(?<hour>${DIGIT}{1,2})(?<timeSeparator>[:.])${DIGIT}{2}(?:\\k<timeSeparator>(?<seconds>${DIGIT}{2}))?` +
  `${MARKS}(?:(?:${SPACE}+${MARKS})?(?<meridiemAfter>${MERIDIEM})${MARKS})?`;
const LAYOUT_SEPARATOR = `(?<layoutSeparator>\\]${SPACE}|${SPACE}-${SPACE}|:${SPACE})`;
const OPENER = `${MARKS}(?<opener>\\[${MARKS})?`;

/**
 * Any header shape, date first. The word between date and time ("klo", "à") must not be an
 * AM/PM marker ("오후 1:55").
 */
const ANY_DATE_FIRST_HEADER = new RegExp(
  OPENER +
    ANY_DATE +
    `(?<dateTime>(?:[,\\u060C]${MARKS})?${SPACE}+(?:(?!(?:${MERIDIEM})(?:${SPACE}|${DIGIT}))[^\\s,:.\\/\\[\\]\\-${DIGIT_RANGES}${ZERO_WIDTH_MARKS}]{1,8}\\.?${SPACE}+)?)` +
    MARKS +
    ANY_TIME +
    LAYOUT_SEPARATOR,
  'iy',
);

/** Any header shape, time first ("[14:56:01, 3/18/22] ", Vietnamese "14:56 18/3/22 - "). */
const ANY_TIME_FIRST_HEADER = new RegExp(
  OPENER + ANY_TIME + `(?<dateTime>(?:[,\\u060C]${MARKS})?${SPACE}+)${MARKS}` + ANY_DATE + LAYOUT_SEPARATOR,
  'iy',
);

/** The groups that dateShape and layoutOf read, and those the patterns refer back to. */
const CHECKED_GROUPS = new Set([
  'opener',
  'part1',
  'part2',
  'part3',
  'layoutSeparator',
  'dateSeparator',
  'spaceAfter',
  'timeSeparator',
]);

/** A pattern with every other named group made a plain group: smaller matches, nothing else changed. */
function withCheckedGroupsOnly(pattern: RegExp): RegExp {
  return new RegExp(
    pattern.source.replace(/\(\?<([A-Za-z0-9]+)>/g, (group: string, name: string) =>
      CHECKED_GROUPS.has(name) ? group : '(?:',
    ),
    pattern.flags,
  );
}

const CHECKED_DATE_FIRST_HEADER = withCheckedGroupsOnly(ANY_DATE_FIRST_HEADER);
const CHECKED_TIME_FIRST_HEADER = withCheckedGroupsOnly(ANY_TIME_FIRST_HEADER);

/** The header shape at `pos` (a line start), or null when the line does not start like a header. */
export function headerFormatAt(text: string, pos: number): HeaderFormat | null {
  const match = anyHeaderAt(ANY_DATE_FIRST_HEADER, ANY_TIME_FIRST_HEADER, text, pos);
  if (match === null) return null;
  const g = match.groups;
  const date = dateShape(g);
  const layout = layoutOf(g);
  if (date === null || layout === null) return null;
  return {
    layout,
    yearFirst: date.yearFirst,
    yearDigits: date.yearDigits,
    dateSeparator: g.dateSeparator as HeaderFormat['dateSeparator'],
    spaceAfterDateSeparator: g.spaceAfter !== '',
    trailingDateDot: g.trailingDot !== undefined,
    dateTimeSeparator: normalizeSpacing(g.dateTime ?? ''),
    meridiem: g.meridiemBefore !== undefined ? 'before' : g.meridiemAfter !== undefined ? 'after' : null,
    timeSeparator: g.timeSeparator as HeaderFormat['timeSeparator'],
    seconds: g.seconds !== undefined,
    timeFirst: match.timeFirst,
    japaneseEra: date.japaneseEra,
    eraName: g.eraName === undefined ? null : normalizeSpacing(g.eraName),
  };
}

/**
 * Whether a header of any shape starts at `pos`: headerFormatAt(text, pos) !== null, with
 * patterns that keep only the groups its checks read. A line of the chat's text that looks like
 * another shape's header costs a fraction of building that shape.
 */
export function looksLikeHeaderAt(text: string, pos: number): boolean {
  const match = anyHeaderAt(CHECKED_DATE_FIRST_HEADER, CHECKED_TIME_FIRST_HEADER, text, pos);
  return match !== null && dateShape(match.groups) !== null && layoutOf(match.groups) !== null;
}

type HeaderGroups = Record<string, string | undefined>;

/** The groups of the first of the two patterns (date first, then time first) that matches at `pos`. */
function anyHeaderAt(
  dateFirst: RegExp,
  timeFirst: RegExp,
  text: string,
  pos: number,
): { groups: HeaderGroups; timeFirst: boolean } | null {
  dateFirst.lastIndex = pos;
  const m = dateFirst.exec(text);
  if (m !== null) return { groups: m.groups as HeaderGroups, timeFirst: false };
  timeFirst.lastIndex = pos;
  const t = timeFirst.exec(text);
  return t === null ? null : { groups: t.groups as HeaderGroups, timeFirst: true };
}

/** Where the year is, its digits and era, from the three date parts; null when they make no date. */
function dateShape(g: HeaderGroups): Pick<HeaderFormat, 'yearFirst' | 'yearDigits' | 'japaneseEra'> | null {
  const [part1, part2, part3] = [g.part1 ?? '', g.part2 ?? '', g.part3 ?? ''];
  const japaneseEra = isEraYear(part1) || isEraYear(part3);
  const yearFirst = part1.length === 4 || isEraYear(part1);
  if (isEraYear(yearFirst ? part3 : part1) || isEraYear(part2)) return null;
  const year = yearFirst ? part1 : part3;
  const yearDigits = japaneseEra ? (year.length <= 3 ? 2 : 0) : year.length;
  const dayMonthParts = yearFirst ? [part2, part3] : [part1, part2];
  if ((yearDigits !== 2 && yearDigits !== 4) || dayMonthParts.some((p) => p.length > 2)) return null;
  return { yearFirst, yearDigits, japaneseEra };
}

/** The layout its separator gives, or null when the "[" of an iOS header is missing or stray. */
function layoutOf(g: HeaderGroups): HeaderLayout | null {
  const layoutSeparator = g.layoutSeparator ?? '';
  const layout: HeaderLayout = layoutSeparator.startsWith(']')
    ? 'ios'
    : layoutSeparator.startsWith(':')
      ? 'colon'
      : 'android';
  return (layout === 'ios') === (g.opener !== undefined) ? layout : null;
}

/** A year part starting with a Japanese era letter ("R4"). */
function isEraYear(part: string): boolean {
  return part !== '' && ERA_LETTERS.includes(part[0].toUpperCase());
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

function formatKey(f: HeaderFormat): string {
  return `${f.layout}|${f.yearFirst}|${f.yearDigits}|${f.dateSeparator}|${f.spaceAfterDateSeparator}|${f.trailingDateDot}|${f.dateTimeSeparator}|${f.meridiem}|${f.timeSeparator}|${f.seconds}|${f.timeFirst}|${f.japaneseEra}|${f.eraName}`;
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

/** Gregorian year of each Japanese era's year 1, by the era letter's upper-case character code. */
const ERA_FIRST_YEAR = new Map(JAPANESE_ERAS.map(([letter, firstYear]) => [letter.charCodeAt(0), firstYear]));

/**
 * Tests lines against one header shape. The fields describe the last successful match; they are
 * plain fields rather than a returned object, and digits are read by scanning rather than through
 * capture groups, because this runs once per line of exports with hundreds of thousands of lines.
 */
export class HeaderMatcher {
  /** Day and month parts in written order; which is the day is decided later, from the whole file. */
  dayOrMonth1 = 0;
  dayOrMonth2 = 0;
  /** Four-digit year as written (two-digit years as 20xx), Japanese era years as Gregorian ones. */
  year = 0;
  secondOfDay = 0;
  /** Offset just after the header (where author or system text begins). */
  end = 0;
  /** The last header wrote an hour above 12 with an AM/PM marker ("23:59 PM"), read on a 24-hour clock. */
  impossibleHour = false;

  private readonly pattern: RegExp;
  /** Headers of this shape are read by `scanAt` first: the date first, no era, no marker before the time. */
  private scannable: boolean;

  /** Whether headers are still read by the scan first (a file whose headers it cannot read stops using it). */
  get scanning(): boolean {
    return this.scannable;
  }
  /** What every header of this shape starts with after its marks, when one character tells. */
  private readonly opening: 'bracket' | 'digit' | 'unknown';
  /** The words between date and time: literal runs, and " " for a run of spaces. */
  private readonly dateTimeRuns: readonly string[];
  /** The AM/PM half of the last header read, when it has a marker. */
  private half: MeridiemHalf | undefined = undefined;
  // The last header's digit runs (date and time parts in written order): values, starts, ends.
  private readonly digitRuns = new Int32Array(6);
  private readonly digitRunStarts = new Int32Array(6);
  private readonly digitRunEnds = new Int32Array(6);
  /** Index of the first date and of the first time digit run. */
  private readonly dateRun: number;
  private readonly timeRun: number;

  /** `scan: false` reads every header by the pattern alone: the reference the scan is tested against. */
  constructor(
    readonly format: HeaderFormat,
    { scan = true }: { scan?: boolean } = {},
  ) {
    const dayMonth = `${DIGIT}{1,2}`;
    const year = format.japaneseEra ? `[${ERA_LETTERS}]${DIGIT}{1,2}` : `${DIGIT}{${format.yearDigits}}`;
    const dateSeparator = `${MARKS}${escapeRegex(format.dateSeparator)}${format.spaceAfterDateSeparator ? SPACE : ''}${MARKS}`;
    const timeSeparator = escapeRegex(format.timeSeparator);
    this.dateTimeRuns = format.dateTimeSeparator.match(/ +|[^ ]+/g) ?? [];
    const dateTimeRuns = this.dateTimeRuns.map((run) =>
      run.startsWith(' ') ? `${SPACE}+` : escapeRegex(run),
    );
    let date = format.yearFirst
      ? year + dateSeparator + dayMonth + dateSeparator + dayMonth
      : dayMonth + dateSeparator + dayMonth + dateSeparator + year;
    if (format.trailingDateDot) date += `${MARKS}\\.`;
    if (format.eraName !== null) date += `${MARKS}${SPACE}(?:${markerAlternation([format.eraName])})`;
    let time = '';
    if (format.meridiem === 'before') time += `(${MERIDIEM})${SPACE}*${MARKS}`;
    time += `${DIGIT}{1,2}${timeSeparator}${DIGIT}{2}`;
    if (format.seconds) time += `${timeSeparator}${DIGIT}{2}`;
    time += MARKS;
    if (format.meridiem === 'after') time += `(?:${SPACE}+${MARKS})?(?:${MERIDIEM})${MARKS}`;
    // Two mark runs never adjacent: the time already ends with one.
    const between = (format.timeFirst ? '' : MARKS) + dateTimeRuns.join(MARKS) + MARKS;
    let source = MARKS + (format.layout === 'ios' ? `\\[${MARKS}` : '');
    source += format.timeFirst ? time + between + date + MARKS : date + between + time;
    source +=
      format.layout === 'ios' ? `\\]${SPACE}` : format.layout === 'colon' ? `:${SPACE}` : `${SPACE}-${SPACE}`;
    this.pattern = new RegExp(source, format.meridiem === null && !format.japaneseEra ? 'y' : 'iy');
    this.scannable =
      scan &&
      !format.timeFirst &&
      !format.japaneseEra &&
      format.eraName === null &&
      format.meridiem !== 'before';
    this.opening =
      format.layout === 'ios'
        ? 'bracket'
        : (format.timeFirst && format.meridiem === 'before') || (format.japaneseEra && format.yearFirst)
          ? 'unknown'
          : 'digit';
    this.timeRun = format.timeFirst ? 0 : 3;
    this.dateRun = format.timeFirst ? (format.seconds ? 3 : 2) : 0;
  }

  /** True when a header of this shape, with a possible date and time, starts at `pos`. */
  matchAt(text: string, pos: number): boolean {
    const { format } = this;
    let end = this.scannable ? this.scanAt(text, pos) : -1;
    if (end < 0) {
      // Most lines the scan turns down are text, told apart by their first character.
      if (!this.mayStartAt(text, pos)) return false;
      end = this.matchPatternAt(text, pos);
      if (end < 0) return false;
      // A header the scan cannot read (another marker, other digits): the file's headers are
      // written so, and scanning them first would only double the work.
      this.scannable = false;
    }
    const { digitRuns: runs, half } = this;
    const { yearFirst, seconds } = format;
    const { dateRun, timeRun } = this;
    const dayOrMonth1 = yearFirst ? runs[dateRun + 1] : runs[dateRun];
    const dayOrMonth2 = yearFirst ? runs[dateRun + 2] : runs[dateRun + 1];
    if (dayOrMonth1 < 1 || dayOrMonth1 > 31 || dayOrMonth2 < 1 || dayOrMonth2 > 31) return false;
    const yearRun = yearFirst ? dateRun : dateRun + 2;
    let year = fullYear(runs[yearRun], format.yearDigits);
    if (format.japaneseEra) {
      const firstYear = ERA_FIRST_YEAR.get(text.charCodeAt(this.digitRunStarts[yearRun] - 1) & ~0x20) ?? 0;
      if (runs[yearRun] < 1) return false;
      year = firstYear + runs[yearRun] - 1;
    }
    let hour = runs[timeRun];
    const minute = runs[timeRun + 1];
    const second = seconds ? runs[timeRun + 2] : 0;
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
    this.dayOrMonth1 = dayOrMonth1;
    this.dayOrMonth2 = dayOrMonth2;
    this.year = year;
    this.secondOfDay = hour * 3600 + minute * 60 + second;
    this.end = end;
    return true;
  }

  /** Whether a header of this shape may start at `pos`, by its first character after marks. */
  private mayStartAt(text: string, pos: number): boolean {
    const code = text.charCodeAt(skipMarks(text, pos));
    switch (this.opening) {
      case 'bracket':
        return code === 0x5b; /* [ */
      case 'digit':
        return digitValue(code) >= 0;
      case 'unknown':
        return true;
    }
  }

  /**
   * The header at `pos` by the shape's pattern: fills the digit runs and the AM/PM half, returns
   * where the header ends, or -1 when there is none.
   */
  private matchPatternAt(text: string, pos: number): number {
    const { pattern, format } = this;
    pattern.lastIndex = pos;
    // Only a marker before the time needs the capture group; test() allocates nothing.
    this.half = undefined;
    if (format.meridiem === 'before') {
      const m = pattern.exec(text);
      if (m === null) return -1;
      this.half = meridiemHalf(m[1]);
    } else if (!pattern.test(text)) {
      return -1;
    }
    const end = pattern.lastIndex;
    // The header's digit runs are exactly the date parts and the time parts, in written order:
    // no separator, marker, era or word in a header contains a digit.
    const { digitRuns: runs, digitRunStarts: starts, digitRunEnds: ends } = this;
    let count = 0;
    let value = -1;
    for (let i = pos; i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = digitValue(code);
      if (digit >= 0) {
        if (value < 0) {
          starts[count] = i;
          value = digit;
        } else value = value * 10 + digit;
      } else if (value >= 0) {
        ends[count] = i;
        runs[count++] = value;
        value = -1;
      }
    }
    if (format.meridiem === 'after') {
      let markerStart = ends[this.timeRun + (format.seconds ? 2 : 1)];
      while (isSpaceOrMark(text.charCodeAt(markerStart))) markerStart++;
      AM_MARKER_AT.lastIndex = markerStart;
      this.half = AM_MARKER_AT.test(text) ? 'am' : 'pm';
    }
    return end;
  }

  /**
   * The header at `pos` read in one scan of its characters, without the pattern, for shapes
   * `scannable` covers written in ASCII digits with "AM"/"PM" (most exports): fills the digit runs
   * and the half, and returns where the header ends, or -1 when this scan cannot read it (then
   * the pattern decides). Each step consumes what the pattern's own first choice would (every
   * run of marks, spaces or up to two digits whole; no step can start on what ends the one
   * before), so where this scan finds a header the pattern finds the same one.
   */
  private scanAt(text: string, pos: number): number {
    const { format } = this;
    let i = skipMarks(text, pos);
    if (format.layout === 'ios') {
      if (text.charCodeAt(i) !== 0x5b /* [ */) return -1;
      i = skipMarks(text, i + 1);
    }
    const separator = format.dateSeparator.charCodeAt(0);
    for (let part = 0; part < 3; part++) {
      if (part > 0) {
        if (text.charCodeAt(i) !== separator) return -1;
        i++;
        if (format.spaceAfterDateSeparator) {
          if (!isSpaceLike(text.charCodeAt(i))) return -1;
          i++;
        }
        i = skipMarks(text, i);
      }
      const isYear = part === (format.yearFirst ? 0 : 2);
      i = this.asciiDigitsAt(text, i, part, isYear ? format.yearDigits : 1, isYear ? format.yearDigits : 2);
      if (i < 0) return -1;
      i = skipMarks(text, i);
    }
    if (format.trailingDateDot) {
      if (text.charCodeAt(i) !== 0x2e /* . */) return -1;
      i = skipMarks(text, i + 1);
    }
    const { dateTimeRuns } = this;
    for (let r = 0; r < dateTimeRuns.length; r++) {
      const run = dateTimeRuns[r];
      if (run === ' ') {
        if (!isSpaceLike(text.charCodeAt(i))) return -1;
        while (isSpaceLike(text.charCodeAt(i))) i++;
      } else {
        if (!text.startsWith(run, i)) return -1;
        i += run.length;
      }
      i = skipMarks(text, i);
    }
    const timeSeparator = format.timeSeparator.charCodeAt(0);
    const timeParts = format.seconds ? 3 : 2;
    for (let part = 0; part < timeParts; part++) {
      if (part > 0) {
        if (text.charCodeAt(i) !== timeSeparator) return -1;
        i++;
      }
      i = this.asciiDigitsAt(text, i, 3 + part, part === 0 ? 1 : 2, 2);
      if (i < 0) return -1;
    }
    i = skipMarks(text, i);
    this.half = undefined;
    if (format.meridiem === 'after') {
      if (isSpaceLike(text.charCodeAt(i))) {
        while (isSpaceLike(text.charCodeAt(i))) i++;
        i = skipMarks(text, i);
      }
      // "AM" or "PM" in either case, which no other marker of the table can be read from; any
      // other marker is left to the pattern.
      const first = text.charCodeAt(i) | 0x20;
      if ((text.charCodeAt(i + 1) | 0x20) !== 0x6d /* m */ || (first !== 0x61 && first !== 0x70)) return -1;
      this.half = first === 0x61 /* a */ ? 'am' : 'pm';
      i = skipMarks(text, i + 2);
    }
    const layoutStart = text.charCodeAt(i);
    if (format.layout === 'android') {
      if (!isSpaceLike(layoutStart) || text.charCodeAt(i + 1) !== 0x2d /* - */) return -1;
    } else if (layoutStart !== (format.layout === 'ios' ? 0x5d /* ] */ : 0x3a) /* : */) {
      return -1;
    }
    i += format.layout === 'android' ? 2 : 1;
    if (!isSpaceLike(text.charCodeAt(i))) return -1;
    return i + 1;
  }

  /** `min` to `max` ASCII digits at `i`, as digit run `run`; the offset after them, or -1. */
  private asciiDigitsAt(text: string, i: number, run: number, min: number, max: number): number {
    let value = 0;
    let count = 0;
    while (count < max) {
      const digit = text.charCodeAt(i + count) - 0x30;
      if (!(digit >= 0 && digit <= 9)) break;
      value = value * 10 + digit;
      count++;
    }
    if (count < min) return -1;
    this.digitRuns[run] = value;
    return i + count;
  }
}

/** The offset after the zero-width marks at `i`. */
function skipMarks(text: string, i: number): number {
  let code = text.charCodeAt(i);
  // Every mark is at or above U+200E: one comparison passes most characters.
  while (code >= 0x200e && isZeroWidthMark(code)) code = text.charCodeAt(++i);
  return i;
}

/** A character of SPACE_LIKE. */
function isSpaceLike(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x202f;
}

function isSpaceOrMark(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x202f || isZeroWidthMark(code);
}

/** A digit (of a supported script), "[" or a zero-width mark: the characters a header line can start with. */
export function mayStartHeader(code: number): boolean {
  return code === 0x5b /* [ */ || digitValue(code) >= 0 || isZeroWidthMark(code);
}

/** Value of a digit of a supported script (ASCII or DIGIT_ZEROS'), or -1. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  // Below the first other zero (Arabic-Indic) or beyond the last (Thai) + 9: no digit.
  if (code < 0x660 || code > 0xe59) return -1;
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return code - zero;
  return -1;
}

function escapeRegex(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
