// A WhatsApp chat export's text to messages, in two passes. The first reads the lines: a line that
// matches the file's header format starts a message, any other line continues the open one (or,
// before the first header, belongs to the reported preamble); each message is kept as numbers
// only, where it lies in the text and what its header's date and time say (typed arrays, nothing
// per message on the heap). From every date of the file the date order is settled. The second pass
// then builds each message once, complete with its timestamp and flags.

import type { ChatMessage, MessageFlag, MessageType, ParsedChat } from './chat-model';
import { type Calendar, CALENDAR_NAMES } from '@chatexhibit/proto/calendar';
import { calendarOfDates, isConverted, toGregorianYears } from './calendars';
import { refuseEntryPast, refuseLongLines, refuseLongText } from './chat-limits';
import { type DateOrder, inferDateOrder, isGregorianLookingYear, isPossibleDate } from './date-order';
import { decodeChatText, type TextEncodingName } from './decode';
import {
  detectHeaderFormats,
  HeaderMatcher,
  looksLikeHeaderAt,
  mayStartHeader,
  type HeaderFormat,
} from './header-formats';
import { cleanName, trimEdges, withoutMarks } from './invisible-marks';
import { countOf } from '@chatexhibit/proto/count-words';
import { withLineFeeds } from '@chatexhibit/proto/line-breaks';
import { listLines, listMessages } from './note-lists';
import { interpretMessageLines, MessageMeaning, NO_FLAGS, withFlag } from './message-body';
import { hasQuote, quotingSystemEvent, recogniseSystemEvent, type SystemEvent } from './system-events';

const SECONDS_PER_DAY = 86400;

/**
 * Parses a chat export's text (or its bytes: UTF-8 or UTF-16, byte-order mark or not). Whatever
 * is not understood is kept and reported in `warnings`; only a text over CHAT_LIMITS throws, a
 * ChatLimitError.
 */
export function parseChat(input: string | Uint8Array): ParsedChat {
  let text: string;
  let encoding: TextEncodingName | null = null;
  const warnings: string[] = [];
  if (typeof input === 'string') {
    text = input;
  } else {
    const decoded = decodeChatText(input);
    text = decoded.text;
    encoding = decoded.encoding;
    warnings.push(...decoded.warnings);
  }
  refuseLongText(text);
  refuseLongLines(text, encoding);
  // Every line break read as one (proto's `withLineFeeds`), so that "\n" ends each line.
  text = withLineFeeds(text);
  const assembler = new ChatAssembler(text, detectHeaderFormats(text));
  assembler.readLines();
  return assembler.result(encoding, warnings);
}

class ChatAssembler {
  /** One per header shape of the file, the most used first; `current` is the one that matched last. */
  private readonly matchers: HeaderMatcher[];
  private current: HeaderMatcher | null;
  private readonly format: HeaderFormat | null;
  private readonly preamble: string[] = [];
  private lineCount = 0;

  // First pass: each message as numbers, and the dates per header shape (as each shape has its
  // own date order).
  private readonly spans = new MessageSpans();
  private readonly dateRuns: number[][];
  /** Where the header shape changes: [line, shape index] pairs. */
  private readonly formatChanges: number[] = [];
  private readonly impossibleHourLines: number[] = [];
  private readonly lookalikeLines: number[] = [];

  // Second pass.
  private readonly messages: ChatMessage[] = [];
  /** Every distinct written author, in order of appearance, and the same by written form. */
  private readonly authors: KnownAuthor[] = [];
  private readonly authorsByWritten = new Map<string, KnownAuthor>();
  private readonly participants = new Set<string>();
  /** The name that system lines carry in the author position (the group's, or the contact's). */
  private systemLabel: string | null = null;
  /** Lines marked as WhatsApp's own text whose wording no language table knows. */
  private readonly unknownMarkedLines: number[] = [];
  /** What the message being built says, filled anew for each message. */
  private readonly meaning = new MessageMeaning();
  /**
   * First ": " at or after the body of the message being built (or -1 when there is none left):
   * kept across messages, because searching each message anew would rescan long colon-free stretches.
   */
  private nextColon = 0;

  // The message being built: its lines, where its text lies, and its settled date.
  private headerLine = 0;
  private lastLine = 0;
  private bodyStart = 0;
  private firstLineEnd = 0;
  private lastLineEnd = 0;
  private timestamp = '';
  /** Its date does not exist, or is written in a calendar that is not converted. */
  private invalidDate = false;
  /** Earlier than the message before. */
  private outOfOrder = false;
  /** Its header wrote seconds. */
  private secondsRecorded = false;

  constructor(
    private readonly text: string,
    private readonly formats: readonly HeaderFormat[],
  ) {
    this.matchers = formats.map((format) => new HeaderMatcher(format));
    this.current = this.matchers[0] ?? null;
    this.format = formats[0] ?? null;
    this.dateRuns = formats.map(() => []);
  }

  /**
   * The first pass. Splits on "\n" (every other line break is one already); a final line break
   * ends the last line rather than starting an empty one.
   */
  readLines(): void {
    const { text } = this;
    const length = text.length;
    let pos = 0;
    while (pos < length) {
      const lineFeed = text.indexOf('\n', pos);
      const end = lineFeed === -1 ? length : lineFeed;
      this.lineCount++;
      this.readLine(pos, end);
      pos = end + 1;
    }
  }

  private readLine(start: number, end: number): void {
    const matcher = this.headerMatcherAt(start);
    if (matcher !== null) {
      this.startMessage(matcher, end);
      return;
    }
    if (mayStartHeader(this.text.charCodeAt(start)) && looksLikeHeaderAt(this.text, start)) {
      this.lookalikeLines.push(this.lineCount);
    }
    if (this.spans.count > 0) {
      this.spans.extendLast(this.lineCount, end);
    } else {
      this.preamble.push(this.text.slice(start, end));
    }
  }

  /** The matcher of the header starting at `start`: the last one used first, then the file's other shapes. */
  private headerMatcherAt(start: number): HeaderMatcher | null {
    const { current, matchers, text } = this;
    if (current === null) return null;
    if (current.matchAt(text, start)) return current;
    if (matchers.length === 1 || !mayStartHeader(text.charCodeAt(start))) return null;
    for (let i = 0; i < matchers.length; i++) {
      const matcher = matchers[i];
      if (matcher !== current && matcher.matchAt(text, start)) {
        this.current = matcher;
        this.formatChanges.push(this.lineCount, i);
        return matcher;
      }
    }
    return null;
  }

  private startMessage(matcher: HeaderMatcher, lineEnd: number): void {
    // Runs hold the two day/month parts in written order, then the full year.
    const formatIndex = this.matchers.indexOf(matcher);
    refuseEntryPast(this.spans.count);
    const dateRuns = this.dateRuns[formatIndex];
    if (matcher.impossibleHour) this.impossibleHourLines.push(this.lineCount);
    const { dayOrMonth1: partA, dayOrMonth2: partB, year } = matcher;
    const last = dateRuns.length - 3;
    if (last < 0 || dateRuns[last] !== partA || dateRuns[last + 1] !== partB || dateRuns[last + 2] !== year) {
      dateRuns.push(partA, partB, year);
    }
    this.spans.push(
      this.lineCount,
      matcher.end,
      lineEnd,
      formatIndex,
      dateRuns.length / 3 - 1,
      matcher.secondOfDay,
    );
  }

  result(encoding: TextEncodingName | null, warnings: string[]): ParsedChat {
    const { format, messages, preamble } = this;
    let dateOrder: DateOrder | null = null;
    let calendar: Calendar = 'gregorian';
    if (format !== null && this.spans.count > 0) {
      const calendars = this.formats.map((shape, i) => {
        const writtenYear = this.dateRuns[i][2] ?? 0;
        const shapeCalendar = calendarOfDates(shape, writtenYear);
        toGregorianYears(this.dateRuns[i], shapeCalendar, shape.yearDigits);
        if (shapeCalendar !== 'gregorian') warnings.push(calendarWarning(shapeCalendar, writtenYear, i > 0));
        return shapeCalendar;
      });
      calendar = calendars[0];
      // Each header shape has its own date order, decided from its own dates.
      const orders = this.formats.map((shape, i) => {
        if (i > 0 && this.dateRuns[i].length === 0) return 'DMY';
        const decision = inferDateOrder(this.dateRuns[i], {
          yearFirst: shape.yearFirst,
          usStyle: shape.meridiem === 'after' && shape.dateSeparator === '/' && shape.yearDigits === 2,
        });
        if (decision.warning !== null)
          warnings.push(i === 0 ? decision.warning : `After the format change: ${decision.warning}`);
        return decision.order;
      });
      dateOrder = orders[0];
      this.reportFormatChanges(orders, warnings);
      if (this.impossibleHourLines.length > 0) {
        warnings.push(
          `${countOf(this.impossibleHourLines.length, 'header writes', 'headers write')} an hour above 12 with an AM/PM marker (such as "23:59 PM"); the hour was read as written, on a 24-hour clock: ${listLines(this.impossibleHourLines)}.`,
        );
      }
      this.buildMessages(settleDates(this.dateRuns, orders, calendars), warnings);
    } else {
      warnings.push('No line is a WhatsApp message header; the whole text is reported as preamble.');
    }
    if (messages.length > 0 && preamble.length > 0) {
      warnings.push(
        `${preamble.length === 1 ? 'Line 1 comes' : `Lines 1-${preamble.length} come`} before the first message header and belong to no message.`,
      );
    }
    if (this.lookalikeLines.length > 0) {
      warnings.push(
        `${countOf(this.lookalikeLines.length, 'line starts', 'lines start')} like a message header but ${this.lookalikeLines.length === 1 ? 'does' : 'do'} not match the file's header format, so the text was kept in the message before: ${listLines(this.lookalikeLines)}.`,
      );
    }
    if (this.unknownMarkedLines.length > 0) {
      warnings.push(
        `${countOf(this.unknownMarkedLines.length, 'line carries', 'lines carry')} WhatsApp's mark for text it writes itself (U+200E) in a wording no language table knows; shown as system lines or as placeholders in the sender's stead, never as anyone's words: ${listLines(this.unknownMarkedLines)}.`,
      );
    }
    return {
      format: format === null ? null : format.layout,
      headerFormat: format,
      calendar,
      dateOrder,
      encoding,
      lineCount: this.lineCount,
      messages,
      participants: [...this.participants],
      preamble,
      warnings,
    };
  }

  /** Reports where the header shape changed (the phone's region was changed) and how each part is read. */
  private reportFormatChanges(orders: readonly DateOrder[], warnings: string[]): void {
    const { formatChanges } = this;
    for (let i = 0; i < formatChanges.length; i += 2) {
      const line = formatChanges[i];
      const shape = formatChanges[i + 1];
      warnings.push(
        `The message header format changes at line ${line} (the phone's region or language was probably changed); from there the headers read like "${describeFormat(this.formats[shape])}", dates as ${describeOrder(orders[shape])}.`,
      );
    }
  }

  /** The second pass: each message built once, with its timestamp; jumps back in time flagged. */
  private buildMessages(dates: SettledDates, warnings: string[]): void {
    const { spans } = this;
    const outOfOrder: number[] = [];
    const invalid: number[] = [];
    let previousMoment = -1;
    // The timestamp of the moment before, shared by messages of the same second. A local, not a
    // field of the writer: storing each new string into a long-lived object pays the write
    // barrier (tried: 2 % slower at 200k messages).
    let previousTimestamp = '';
    const timestamps = new TimestampWriter();
    for (let i = 0; i < spans.count; i++) {
      const index = i + 1;
      const shape = spans.shape[i];
      const run = spans.dateRun[i];
      const second = spans.secondOfDay[i];
      const date = dates.days[shape][run];
      const moment = date * SECONDS_PER_DAY + second;
      const timestamp = moment === previousMoment ? previousTimestamp : timestamps.write(date, second);
      const impossible = dates.impossible[shape][run] === 1;
      if (impossible) invalid.push(index);
      if (moment < previousMoment) outOfOrder.push(index);
      this.headerLine = spans.line[i];
      this.lastLine = spans.lineEnd[i];
      this.bodyStart = spans.bodyStart[i];
      this.firstLineEnd = spans.firstLineEnd[i];
      this.lastLineEnd = spans.end[i];
      this.timestamp = timestamp;
      this.invalidDate = impossible || !dates.converted[shape];
      this.outOfOrder = moment < previousMoment;
      this.secondsRecorded = this.formats[shape].seconds;
      this.buildMessage(index);
      previousMoment = moment;
      previousTimestamp = timestamp;
    }
    if (invalid.length > 0) {
      warnings.push(
        `${countOf(invalid.length, 'message carries', 'messages carry')} a date that does not exist in the ${dates.impossibleOrder} order; the timestamp shows the date as written: ${listMessages(invalid, spans.count)}.`,
      );
    }
    if (outOfOrder.length > 0) {
      warnings.push(
        `${countOf(outOfOrder.length, 'message is', 'messages are')} earlier than the message before (export order is kept): ${listMessages(outOfOrder, spans.count)}.`,
      );
    }
    if (dates.unusualYear !== null) {
      warnings.push(
        `Years such as ${dates.unusualYear} belong to no calendar this parser knows (a non-Gregorian calendar on the phone?); dates are kept as written.`,
      );
    }
  }

  private buildMessage(index: number): void {
    const { text, bodyStart, firstLineEnd } = this;
    const multiLine = this.lastLineEnd !== firstLineEnd;

    // The author ends at the first ": " - unless that ": " sits inside a quoted group name of a
    // system event, or there is none (system events have no author).
    let author: KnownAuthor | null = null;
    let event: SystemEvent | null = null;
    if (this.nextColon !== -1 && this.nextColon < bodyStart) this.nextColon = text.indexOf(': ', bodyStart);
    const colon = this.nextColon;
    if (colon !== -1 && colon < firstLineEnd) {
      author = this.authorAt(bodyStart, colon);
      if (author.quoted) event = quotingSystemEvent(text.slice(bodyStart, firstLineEnd), colon - bodyStart);
      // Android starts its system texts with WhatsApp's mark; a ": " inside one makes no author.
      if (event === null && author.marked) event = recogniseSystemEvent(text.slice(bodyStart, firstLineEnd));
    }

    if (event === null && author !== null && author.name !== null) {
      this.buildAuthoredMessage(index, author, author.name, colon + 2, multiLine);
      return;
    }
    // "Carol:" with nothing after it: a message from Carol with an empty body.
    if (author === null && this.lineEndsWithColon()) {
      const emptyAuthor = this.authorAt(bodyStart, firstLineEnd - 1);
      if (emptyAuthor.name !== null && !emptyAuthor.quoted) {
        this.buildAuthoredMessage(index, emptyAuthor, emptyAuthor.name, firstLineEnd, multiLine);
        return;
      }
    }
    const raw = this.rawFrom(bodyStart, multiLine);
    const content = trimEdges(raw);
    const newline = content.indexOf('\n');
    // Null when no language table knows the text: any line without "Name: " is a system line.
    event ??= recogniseSystemEvent(newline < 0 ? content : content.slice(0, newline));
    this.pushMessage(index, null, raw, content, 'system', null, NO_FLAGS, event);
  }

  /** The message being built, written by `author`, whose text starts at `textStart`. */
  private buildAuthoredMessage(
    index: number,
    author: KnownAuthor,
    sender: string,
    textStart: number,
    multiLine: boolean,
  ): void {
    const raw = this.rawFrom(textStart, multiLine);
    // The first line break of the raw text is where the first line ended.
    const newline = multiLine ? this.firstLineEnd - textStart : -1;
    const meaning = interpretMessageLines(raw, newline, this.meaning);
    const labelled = meaning.type === 'text' ? this.labelledSystemLine(sender, raw, newline, index) : null;
    if (labelled === null) {
      if (!author.participant) {
        author.participant = true;
        this.participants.add(sender);
      }
      this.pushMessage(
        index,
        sender,
        raw,
        meaning.content,
        meaning.type,
        meaning.attachment,
        meaning.flags,
        null,
      );
    } else if (labelled === 'placeholder') {
      // WhatsApp's own text in this person's stead (media, a deletion, a call) in a language
      // without a table: theirs, but never as their words.
      this.unknownMarkedLines.push(this.headerLine);
      this.pushMessage(index, sender, raw, meaning.content, 'omitted-media', null, meaning.flags, null);
    } else {
      // A system line under a name: "Group Name: ‎Alice added Bob". Raw keeps the name; content is the event.
      if (labelled.event === null) this.unknownMarkedLines.push(this.headerLine);
      this.pushMessage(
        index,
        null,
        this.rawFrom(this.bodyStart, multiLine),
        trimEdges(raw),
        'system',
        null,
        NO_FLAGS,
        labelled.event,
      );
    }
  }

  /** The first line of the message being built ends with ":" (trailing spaces aside), after at least one character. */
  private lineEndsWithColon(): boolean {
    const { text, bodyStart, firstLineEnd } = this;
    return firstLineEnd - bodyStart >= 2 && text.charCodeAt(firstLineEnd - 1) === 0x3a; /* : */
  }

  /**
   * WhatsApp writes system lines with a name where an author goes (iOS: the group's, or in a
   * one-to-one chat the contact's; Android: a group's) and WhatsApp's mark U+200E before the text,
   * which it also puts before the texts it writes in a person's stead (media, deletions, calls).
   * Such a marked line is a system line when its text is a known system text, when it comes from
   * the name that already carried one, or when it opens the export (the encryption notice, whose
   * author is then that name); any other marked line is a placeholder in that person's stead. The
   * first line is the encryption notice even where the mark is missing. Attachments and known
   * placeholders are recognised before this is asked.
   */
  private labelledSystemLine(
    sender: string,
    raw: string,
    newline: number,
    index: number,
  ): { event: SystemEvent | null } | 'placeholder' | null {
    const marked = raw.charCodeAt(0) === 0x200e;
    if (!marked && index !== 1) return null;
    const event = recogniseSystemEvent(trimEdges(newline < 0 ? raw : raw.slice(0, newline)));
    if (!marked) {
      if (event !== 'encryption') return null;
    } else if (event === null) {
      if (sender !== this.systemLabel && index !== 1) return 'placeholder';
      this.systemLabel = sender;
      return { event: null };
    }
    this.systemLabel = sender;
    return { event };
  }

  private pushMessage(
    index: number,
    sender: string | null,
    raw: string,
    content: string,
    type: MessageType,
    attachment: string | null,
    flags: readonly MessageFlag[],
    event: SystemEvent | null,
  ): void {
    let allFlags = flags;
    if (this.invalidDate) allFlags = withFlag(allFlags, 'invalidDate');
    if (this.outOfOrder) allFlags = withFlag(allFlags, 'outOfOrder');
    this.messages.push(
      new ParsedMessage(
        index,
        this.headerLine,
        this.lastLine,
        this.timestamp,
        this.secondsRecorded,
        sender,
        raw,
        withoutMarks(content),
        type,
        attachment,
        allFlags,
        event,
      ),
    );
  }

  /** The text of the message being built from `start` to its last line, line breaks as "\n". */
  private rawFrom(start: number, multiLine: boolean): string {
    return this.text.slice(start, multiLine ? this.lastLineEnd : this.firstLineEnd);
  }

  /**
   * The author written from `start` to `colon`, cleaned once per written form. The first few
   * written forms are recognised in place, without cutting the name out of the text.
   */
  private authorAt(start: number, colon: number): KnownAuthor {
    const { authors, text } = this;
    const length = colon - start;
    // The first written forms are mostly the chat's own people (a system text holding ": " adds
    // one as well); later ones are looked up.
    const compared = Math.min(authors.length, AUTHORS_COMPARED_IN_PLACE);
    for (let i = 0; i < compared; i++) {
      const known = authors[i];
      if (known.written.length === length && isWrittenAt(text, start, known.written)) return known;
    }
    const written = text.slice(start, colon);
    let known = this.authorsByWritten.get(written);
    if (known === undefined) {
      const name = cleanName(written);
      // ": text" or marks alone: nothing names an author.
      known = {
        written,
        name: name === '' ? null : name,
        quoted: hasQuote(written),
        marked: written.charCodeAt(0) === 0x200e,
        participant: false,
      };
      this.authorsByWritten.set(written, known);
      authors.push(known);
    }
    return known;
  }
}

/**
 * A ChatMessage made complete at once and never written to again; its own data fields serialise
 * like a plain object's. A constructor rather than an object literal: V8 may allocate a literal
 * whose objects all survive straight in the old generation, and a 40k-message parse measured
 * about a fifth slower that way (its strings still young, every store paying the write barrier).
 */
class ParsedMessage implements ChatMessage {
  constructor(
    readonly index: number,
    readonly line: number,
    readonly lineEnd: number,
    readonly timestamp: string,
    readonly secondsRecorded: boolean,
    readonly sender: string | null,
    readonly raw: string,
    readonly content: string,
    readonly type: MessageType,
    readonly attachment: string | null,
    readonly flags: readonly MessageFlag[],
    readonly event: SystemEvent | null,
  ) {}
}

/**
 * Whether `written` stands in `text` at `start`: compared character by character, as names are
 * short and a call to startsWith costs more than the comparison itself.
 */
function isWrittenAt(text: string, start: number, written: string): boolean {
  for (let i = 0; i < written.length; i++) {
    if (text.charCodeAt(start + i) !== written.charCodeAt(i)) return false;
  }
  return true;
}

/** The first this many distinct written authors are compared in place rather than looked up. */
const AUTHORS_COMPARED_IN_PLACE = 16;

interface KnownAuthor {
  written: string;
  /** Cleaned name, or null when nothing is left of it. */
  name: string | null;
  /** Holds a quote, so its ": " may lie inside a system event's quoted name. */
  quoted: boolean;
  /** Starts with WhatsApp's mark U+200E, as Android's system texts do. */
  marked: boolean;
  /** Already listed among the participants (it wrote a message, not just a system line). */
  participant: boolean;
}

/**
 * The first pass's messages as numbers, one typed array per field: first and last line (1-based);
 * where the text after the header starts, where the first line ends and where the last one ends;
 * the header's shape (index into the file's formats), its date (index into that shape's date
 * runs) and its second of the day.
 */
class MessageSpans {
  count = 0;
  line = new Int32Array(1024);
  lineEnd = new Int32Array(1024);
  bodyStart = new Int32Array(1024);
  firstLineEnd = new Int32Array(1024);
  end = new Int32Array(1024);
  shape = new Int32Array(1024);
  dateRun = new Int32Array(1024);
  secondOfDay = new Int32Array(1024);

  push(
    line: number,
    bodyStart: number,
    lineEnd: number,
    shape: number,
    dateRun: number,
    second: number,
  ): void {
    if (this.count === this.line.length) this.grow();
    const i = this.count++;
    this.line[i] = line;
    this.lineEnd[i] = line;
    this.bodyStart[i] = bodyStart;
    this.firstLineEnd[i] = lineEnd;
    this.end[i] = lineEnd;
    this.shape[i] = shape;
    this.dateRun[i] = dateRun;
    this.secondOfDay[i] = second;
  }

  /** The last message goes on to line `line`, which ends at `end`. */
  extendLast(line: number, end: number): void {
    this.lineEnd[this.count - 1] = line;
    this.end[this.count - 1] = end;
  }

  private grow(): void {
    const grown = (items: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const larger = new Int32Array(items.length * 2);
      larger.set(items);
      return larger;
    };
    this.line = grown(this.line);
    this.lineEnd = grown(this.lineEnd);
    this.bodyStart = grown(this.bodyStart);
    this.firstLineEnd = grown(this.firstLineEnd);
    this.end = grown(this.end);
    this.shape = grown(this.shape);
    this.dateRun = grown(this.dateRun);
    this.secondOfDay = grown(this.secondOfDay);
  }
}

/** Per header shape and date run, what every message of that date shares. */
interface SettledDates {
  /** The date as a number YYYYMMDD (which also orders dates). */
  days: number[][];
  /** 1 where the date does not exist in the shape's date order. */
  impossible: Uint8Array[];
  /** Per shape: whether its calendar converts to Gregorian dates. */
  converted: boolean[];
  /** The date order an impossible date was read in (the last shape that had one). */
  impossibleOrder: DateOrder;
  /** A year of a Gregorian-calendar shape that does not look Gregorian, or null. */
  unusualYear: number | null;
}

/** Reads each shape's date runs (day/month parts as written, then the year) in the shape's date order. */
function settleDates(
  dateRuns: readonly number[][],
  orders: readonly DateOrder[],
  calendars: readonly Calendar[],
): SettledDates {
  const dates: SettledDates = {
    days: [],
    impossible: [],
    converted: calendars.map(isConverted),
    impossibleOrder: orders[0],
    unusualYear: null,
  };
  for (let f = 0; f < dateRuns.length; f++) {
    const runs = dateRuns[f];
    const order = orders[f];
    const days: number[] = [];
    const impossible = new Uint8Array(runs.length / 3);
    for (let i = 0; i < runs.length; i += 3) {
      const year = runs[i + 2];
      // Only day/month/year writes the day before the month.
      const day = order === 'DMY' ? runs[i] : runs[i + 1];
      const month = order === 'DMY' ? runs[i + 1] : runs[i];
      if (!isPossibleDate(year, month, day)) {
        impossible[i / 3] = 1;
        dates.impossibleOrder = order;
      }
      if (dates.unusualYear === null && calendars[f] === 'gregorian' && !isGregorianLookingYear(year))
        dates.unusualYear = year;
      days.push(year * 10000 + month * 100 + day);
    }
    dates.days.push(days);
    dates.impossible.push(impossible);
  }
  return dates;
}

/**
 * Writes "YYYY-MM-DDTHH:mm:ss" of a date (YYYYMMDD; headers write years of at most four digits)
 * and a second of its day, each as one string of its own: put together from shared pieces, as
 * before, it was two or three linked strings, more kept objects and bytes for every message than
 * the 19 characters themselves. The digits of the date are worked out when the date changes.
 */
class TimestampWriter {
  private date = -1;
  private readonly dateDigits = new Int32Array(8);

  write(date: number, second: number): string {
    const d = this.dateDigits;
    if (date !== this.date) {
      this.date = date;
      for (let i = 7, rest = date; i >= 0; i--, rest = (rest / 10) | 0) d[i] = DIGIT_0 + (rest % 10);
    }
    const hour = (second / 3600) | 0;
    const minute = ((second / 60) | 0) % 60;
    const s = second % 60;
    return String.fromCharCode(
      d[0],
      d[1],
      d[2],
      d[3],
      0x2d /* - */,
      d[4],
      d[5],
      0x2d,
      d[6],
      d[7],
      0x54 /* T */,
      DIGIT_0 + ((hour / 10) | 0),
      DIGIT_0 + (hour % 10),
      0x3a /* : */,
      DIGIT_0 + ((minute / 10) | 0),
      DIGIT_0 + (minute % 10),
      0x3a,
      DIGIT_0 + ((s / 10) | 0),
      DIGIT_0 + (s % 10),
    );
  }
}
const DIGIT_0 = 0x30;

/** Names the calendar the dates are written in and what the timestamps show. */
function calendarWarning(calendar: Calendar, writtenYear: number, afterFormatChange: boolean): string {
  const intro = `${afterFormatChange ? 'After the format change, dates' : 'Dates'} are written in the ${CALENDAR_NAMES[calendar]} calendar`;
  return isConverted(calendar)
    ? `${intro}; the timestamps show them converted to the Gregorian calendar.`
    : `${intro} (years such as ${writtenYear}), which is not converted because phones differ in its month lengths: each timestamp shows the date as written in that calendar, not a Gregorian date, and every such message is flagged invalidDate. Check the dates against the phone.`;
}

function describeOrder(order: DateOrder): string {
  return order === 'DMY' ? 'day/month/year' : order === 'MDY' ? 'month/day/year' : 'year/month/day';
}

/** A header shape as a reader recognises it, e.g. "[31/12/2023, 23:59:59] ". */
function describeFormat(format: HeaderFormat): string {
  const sep = format.dateSeparator + (format.spaceAfterDateSeparator ? ' ' : '');
  // "Ey": a Japanese era letter and year ("R4").
  const year = format.japaneseEra ? 'Ey' : format.yearDigits === 4 ? 'yyyy' : 'yy';
  let date = format.yearFirst ? `${year}${sep}nn${sep}nn` : `nn${sep}nn${sep}${year}`;
  if (format.trailingDateDot) date += '.';
  if (format.eraName !== null) date += ` ${format.eraName}`;
  const clock = `hh${format.timeSeparator}mm${format.seconds ? `${format.timeSeparator}ss` : ''}`;
  const time =
    format.meridiem === 'before' ? `AM/PM ${clock}` : format.meridiem === 'after' ? `${clock} AM/PM` : clock;
  const header = format.timeFirst
    ? `${time}${format.dateTimeSeparator}${date}`
    : `${date}${format.dateTimeSeparator}${time}`;
  return format.layout === 'ios'
    ? `[${header}] `
    : format.layout === 'colon'
      ? `${header}: `
      : `${header} - `;
}
