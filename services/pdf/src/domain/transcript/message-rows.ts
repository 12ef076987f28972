import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { TextStyle } from '../text/font-set';
import { lineHeight, type TextLayout } from '../text/text-layout';
import { type AttachmentRedaction, writeMessageAttachment } from './message-attachments';
import { rowFlags, sourceLines, timeExplanation, zoneChangeRow } from './message-labels';
import { messageNumber } from '@chatexhibit/proto/message-number';
import {
  formatRecordedDate,
  formatUtcColumn,
  recordedDay,
  recordedTime,
  type ZoneChange,
  zoneChangeDay,
} from './time-zone';
import { drawParticipantMark, senderColour, startPart, type TranscriptContext } from './transcript-context';
import {
  COLOUR,
  COLUMN,
  COLUMN_GAP,
  MARK_SPACE,
  PART_ROOM,
  ROW_GAP,
  SPACE,
  STYLE,
  TEXT_GAP,
  ZONE_CHANGE_SPACE,
} from './transcript-style';
import { CONTENT_WIDTH, PAGE, type TextMask, type TranscriptCopy, type WrappedText } from './twin-pages';
import type { RowStart } from './row-starts';
import { type MessageTime, ZoneClock } from './zone-clock';

/**
 * What an exhibit adds to a message's row; none of it changes what the transcript shows, except
 * that a copy that redacts leaves the masked text out.
 */
export interface RowDecoration {
  /** A tint over the row and a bar in the margin beside it. */
  highlighted: boolean;
  /** Ranges of the sender's name and of the text. */
  senderMasks: readonly TextMask[];
  contentMasks: readonly TextMask[];
  attachment: AttachmentRedaction;
}

/** A row as the transcript draws it. */
export const PLAIN_ROW: RowDecoration = {
  highlighted: false,
  senderMasks: [],
  contentMasks: [],
  attachment: { nameMasks: [], withheld: null },
};

/** A highlighted row's tint, drawn over it (see-through), and the bar left of its number. */
const HIGHLIGHT = {
  tint: '#facc15',
  opacity: 0.3,
  bar: '#a16207',
  barWidth: 3,
  barGap: 6,
  overhang: 2,
} as const;

/** The heads of the time columns, drawn when the UTC column is shown. */
const COLUMN_HEADS = { recorded: 'Recorded', utc: 'UTC' } as const;

/**
 * The messages part: its heading, then each day's heading, the zone's clock changes and the
 * message rows. `write` draws every message; an exhibit draws the part as `begin`, then each
 * message in export order with `row` or, when left out, `skip`, then `finish`.
 */
export class MessageRows<Copy extends string = TranscriptCopy> {
  /** Reads the times of the messages' pass in the export's zone. */
  private clock: ZoneClock | null = null;
  /** Where the UTC column starts, when it is shown, and where the message starts. */
  private readonly utcX: number | null;
  private readonly bodyX: number;
  /** The row a window's layout resumes at (the last recorded before the window); null from the first. */
  private readonly resumeAt: RowStart | null;

  constructor(private readonly context: TranscriptContext<Copy>) {
    const { input, pages } = context;
    this.resumeAt = pages.window === null ? null : pages.window.rowStarts.before(pages.window.first);
    // The time column widens only when the export recorded seconds; UTC gets a column of its own,
    // and then the time column is at least as wide as its head, so the two heads never run together.
    const { options } = input.source.facts;
    const showsUtc = options.includeTimestamps && options.utcColumn;
    const sample = input.summary.timesHaveSeconds ? '00:00:00' : '00:00';
    const timeWidth = Math.max(
      pages.layout.measure(sample, STYLE.value),
      showsUtc ? pages.layout.measure(COLUMN_HEADS.recorded, STYLE.label) : 0,
    );
    const timeEnd = COLUMN.time + timeWidth + COLUMN_GAP;
    this.utcX = showsUtc ? Math.max(COLUMN.body, timeEnd) : null;
    this.bodyX = !options.includeTimestamps
      ? COLUMN.time
      : this.utcX === null
        ? Math.max(COLUMN.body, timeEnd)
        : this.utcX + widestUtcCell(pages.layout, input.summary.timesHaveSeconds) + COLUMN_GAP;
  }

  async write(): Promise<void> {
    const { pages, input, total } = this.context;
    this.begin();
    let drawn = 0;
    for await (const page of input.source.messages()) {
      for (const message of page) {
        if (this.reach(message)) await this.row(message);
        drawn += 1;
      }
      await input.onProgress(drawn / Math.max(1, total));
    }
    if (drawn === 0) {
      pages.paragraph('The export holds no messages.', PAGE.margin, CONTENT_WIDTH, STYLE.body, COLOUR.muted);
    }
    this.finish();
  }

  /** The part's heading, bookmark and column heads; the clock that reads the messages' times. */
  begin(): void {
    const { pages, furniture, input } = this.context;
    startPart(pages, PART_ROOM.messages);
    furniture.bookmarkMessages();
    pages.paragraph('Messages', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.y += SPACE.afterHeading;
    const { facts } = input.source;
    const { firstAt, lastAt } = input.summary;
    this.clock = new ZoneClock({ timeZone: facts.timeZone, firstAt, lastAt });
    if (this.utcX !== null) {
      pages.paragraph(
        `Beside each time as recorded, the UTC date and time computed from it in the time zone ${facts.timeZone}.`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.value,
        COLOUR.muted,
      );
      pages.y += SPACE.afterText;
      furniture.columnHeads = [
        [COLUMN.time, COLUMN_HEADS.recorded],
        [this.utcX, COLUMN_HEADS.utc],
      ];
      furniture.drawColumnHeads();
    }
  }

  /** Ends the part: past the messages, a new page continues no day and heads no columns. */
  finish(): void {
    const { furniture } = this.context;
    furniture.day = null;
    furniture.columnHeads = [];
  }

  /**
   * A message left out (of an exhibit): its time is read all the same, so that every message
   * drawn reads as the transcript reads it (a repeated hour is read in export order).
   */
  skip(message: TranscriptMessage): void {
    this.clock!.read(message);
  }

  /**
   * Says whether `message` is laid out, before anything that leads up to its row (its day's
   * heading, an exhibit's gap line): not when it comes before the row a window's layout resumes
   * at, though its time is read all the same; at that row, the cursor and the days are put where
   * the layout had them. A window's layout records each row start it reaches.
   */
  reach(message: TranscriptMessage): boolean {
    const { pages, furniture } = this.context;
    const resume = this.resumeAt;
    if (resume !== null && message.index < resume.index) {
      this.skip(message);
      return false;
    }
    if (resume?.index === message.index) {
      pages.resumeAt(resume.page, resume.y);
      furniture.resumeDays(resume);
    }
    pages.window?.rowStarts.record({
      index: message.index,
      page: pages.pageNumber,
      y: pages.y,
      ...furniture.days,
    });
    return true;
  }

  /** A day's heading, kept on one page with the first row of its first message (`firstRow` high). */
  private dateHeading(day: string, firstRow: number): void {
    const { pages, furniture } = this.context;
    pages.y += SPACE.afterHeading;
    // A page that starts with this heading does not repeat the day before it as "(continued)".
    furniture.day = null;
    pages.ensure(lineHeight(STYLE.dateHeading) + SPACE.afterHeading + firstRow);
    furniture.day = day;
    furniture.bookmarkDay(day);
    pages.paragraph(formatRecordedDate(day), PAGE.margin, CONTENT_WIDTH, STYLE.dateHeading, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterHeading;
  }

  /** A line across the messages where the zone's clocks changed. */
  private zoneChange(change: ZoneChange): void {
    const { pages } = this.context;
    const text = zoneChangeRow(change, this.context.input.source.facts.timeZone);
    pages.ensure(this.zoneChangeHeight(change));
    pages.y += ZONE_CHANGE_SPACE.aboveRule;
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += ZONE_CHANGE_SPACE.belowRule;
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.zoneChange, COLOUR.heading);
    pages.y += ZONE_CHANGE_SPACE.belowText;
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += ROW_GAP;
  }

  /** The height `zoneChange` takes: its lines between two rules. */
  private zoneChangeHeight(change: ZoneChange): number {
    const text = zoneChangeRow(change, this.context.input.source.facts.timeZone);
    const lines = this.context.pages.layout.wrap(text, STYLE.zoneChange, CONTENT_WIDTH).length;
    return (
      ZONE_CHANGE_SPACE.aboveRule +
      ZONE_CHANGE_SPACE.belowRule +
      ZONE_CHANGE_SPACE.belowText +
      lines * lineHeight(STYLE.zoneChange) +
      ROW_GAP
    );
  }

  /** One message's row, preceded by its day's heading and the clock changes before it. */
  async row(message: TranscriptMessage, decoration: RowDecoration = PLAIN_ROW): Promise<void> {
    const { context } = this;
    const { pages, furniture } = context;
    const { options } = context.input.source.facts;
    const time = this.clock!.read(message);
    const day = recordedDay(message.timestamp);

    const { bodyX } = this;
    const bodyWidth = PAGE.width - PAGE.margin - bodyX;
    const system = message.type === 'system';
    const header = system ? 'System event' : message.sender!;
    const headerStyle = system ? STYLE.meta : STYLE.sender;
    const provenance = sourceLines(message);
    const provenanceWidth = pages.layout.measure(provenance, STYLE.meta) + TEXT_GAP;
    const { alerts, notes } = rowFlags(message, time);
    const flags = alerts.join(' · ');
    const noted = notes.join(' · ');
    const flagsWidth =
      (flags === '' ? 0 : pages.layout.measure(flags, STYLE.flag) + TEXT_GAP) +
      (noted === '' ? 0 : pages.layout.measure(noted, STYLE.flag) + TEXT_GAP);
    // It quotes times of day, which the uploader may have left out.
    const explanation = options.includeTimestamps
      ? timeExplanation(message, time, context.input.source.facts.timeZone)
      : null;
    const senderMasks = system ? [] : decoration.senderMasks;
    const headerLines = pages.wrap(
      header,
      headerStyle,
      bodyWidth - provenanceWidth - flagsWidth,
      senderMasks,
    );
    const bodyLines =
      message.content === ''
        ? null
        : pages.wrap(message.content, STYLE.body, bodyWidth, decoration.contentMasks);
    const headerHeight = Math.max(lineHeight(STYLE.sender), headerLines.lineCount * lineHeight(headerStyle));

    // The header stays with the first line of the message, and a new day's heading with both.
    const firstRow = headerHeight + (bodyLines === null ? 0 : lineHeight(STYLE.body));
    // A change on a day without messages closes the day before; one on this day follows its
    // heading, which keeps it and the first row with it.
    const newDay = day !== furniture.day;
    const closing = newDay ? time.changesBefore.filter((change) => zoneChangeDay(change) < day) : [];
    const following = time.changesBefore.filter((change) => !closing.includes(change));
    for (const change of closing) this.zoneChange(change);
    const followingHeight = following.reduce((height, change) => height + this.zoneChangeHeight(change), 0);
    if (newDay) this.dateHeading(day, followingHeight + firstRow);
    for (const change of following) this.zoneChange(change);
    pages.ensure(firstRow);
    furniture.onRow(message.index, 'start');
    const layout: RowLayout<Copy> = {
      time,
      system,
      header,
      senderMasks,
      headerStyle,
      headerLines,
      headerHeight,
      bodyLines,
      bodyWidth,
      provenance,
      provenanceWidth,
      flags,
      noted,
      flagsWidth,
      explanation,
    };
    const draw = () => this.rowContent(message, decoration, layout);
    if (decoration.highlighted) await pages.band(draw, highlight);
    else await draw();
    pages.y += ROW_GAP;
    furniture.onRow(message.index, 'end');
  }

  /** The row below its heading: number, times, source lines, sender, flags, notes, text and attachment. */
  private async rowContent(
    message: TranscriptMessage,
    decoration: RowDecoration,
    layout: RowLayout<Copy>,
  ): Promise<void> {
    const { context, bodyX } = this;
    const { pages, furniture, total, input } = context;
    const { options } = input.source.facts;
    const {
      time,
      system,
      header,
      senderMasks,
      headerStyle,
      headerLines,
      headerHeight,
      bodyLines,
      bodyWidth,
    } = layout;
    const { provenance, provenanceWidth, flags, noted, flagsWidth, explanation } = layout;
    const top = pages.y;
    const onHeaderLine = { lineStyle: STYLE.sender };
    pages.label(messageNumber(message.index, total), COLUMN.number, STYLE.number, COLOUR.muted, onHeaderLine);
    if (options.includeTimestamps) {
      const recorded = recordedTime(message.timestamp, message.secondsRecorded);
      pages.label(recorded, COLUMN.time, STYLE.value, COLOUR.muted, onHeaderLine);
    }
    if (this.utcX !== null) {
      pages.label(utcCell(message, time), this.utcX, STYLE.value, COLOUR.muted, onHeaderLine);
    }
    pages.label(provenance, PAGE.width - PAGE.margin - provenanceWidth, STYLE.meta, COLOUR.faint, {
      align: 'right',
      width: provenanceWidth,
      lineStyle: STYLE.sender,
    });
    // A person's mark sits in the gutter left of their name, which stays in line with the text
    // below it (so text extraction reads the message as one block); a system event has none.
    const mark = system ? null : context.marks.byName.get(message.sender!)!;
    if (mark !== null) drawParticipantMark(context, mark, bodyX - MARK_SPACE, STYLE.sender);
    const headerColour = mark === null ? COLOUR.muted : senderColour(context, mark);
    pages.wrappedLines(
      headerLines,
      bodyX,
      bodyWidth - provenanceWidth - flagsWidth,
      headerStyle,
      headerColour,
    );
    if (flags !== '' || noted !== '') {
      const flagsTop = pages.y;
      pages.y = top;
      // After each copy's own first line of the sender: where a redacted name's box ends.
      const flagsX = (copy: Copy) => bodyX + (headerLines.copies.get(copy)!.lines[0]?.width ?? 0) + TEXT_GAP;
      if (flags !== '') pages.label(flags, flagsX, STYLE.flag, COLOUR.flag, onHeaderLine);
      if (noted !== '') {
        const alerts = flags === '' ? 0 : pages.layout.measure(flags, STYLE.flag) + TEXT_GAP;
        pages.label(noted, (copy) => flagsX(copy) + alerts, STYLE.flag, COLOUR.muted, onHeaderLine);
      }
      pages.y = flagsTop;
    }
    pages.y = Math.max(pages.y, top + headerHeight);
    if (explanation !== null) {
      const colour = time.skippedBy === null ? COLOUR.muted : COLOUR.flag;
      pages.paragraph(explanation, bodyX, bodyWidth, STYLE.meta, colour);
    }
    const number = messageNumber(message.index, total);
    furniture.message = { text: `${number} ${header}`, masks: shiftedBy(senderMasks, number.length + 1) };

    const bodyColour = system || message.type === 'deleted' ? COLOUR.muted : COLOUR.text;
    if (bodyLines !== null) pages.wrappedLines(bodyLines, bodyX, bodyWidth, STYLE.body, bodyColour);
    if (message.attachment !== null)
      await writeMessageAttachment(context, message, bodyX, bodyWidth, decoration.attachment);
    furniture.message = null;
  }
}

/** A message's row as measured before it is drawn (`MessageRows.row`). */
interface RowLayout<Copy extends string> {
  time: MessageTime;
  system: boolean;
  header: string;
  senderMasks: readonly TextMask[];
  headerStyle: TextStyle;
  headerLines: WrappedText<Copy>;
  headerHeight: number;
  /** Null for a message without text. */
  bodyLines: WrappedText<Copy> | null;
  bodyWidth: number;
  provenance: string;
  provenanceWidth: number;
  flags: string;
  noted: string;
  flagsWidth: number;
  explanation: string | null;
}

/** Masks of a text, as ranges of a line that has the text from `offset` on. */
const shiftedBy = (masks: readonly TextMask[], offset: number): TextMask[] =>
  masks.map((mask) => ({ ...mask, start: mask.start + offset, end: mask.end + offset }));

/** A highlighted row's tint over its stretch of a page, and the bar in the margin left of it. */
function highlight(doc: PDFKit.PDFDocument, top: number, bottom: number): void {
  const { tint, opacity, bar, barWidth, barGap, overhang } = HIGHLIGHT;
  const height = bottom - top + 2 * overhang;
  doc
    .save()
    .rect(PAGE.margin - overhang, top - overhang, CONTENT_WIDTH + 2 * overhang, height)
    .fillOpacity(opacity)
    .fillColor(tint)
    .fill()
    .restore();
  doc
    .save()
    .rect(PAGE.margin - barGap - barWidth, top - overhang, barWidth, height)
    .fillColor(bar)
    .fill()
    .restore();
}

/** The UTC column: the date and time a recorded time stands for in the zone, or a dash where it stands for none. */
const utcCell = (message: TranscriptMessage, time: MessageTime): string =>
  time.instant === null ? '\u2014' : formatUtcColumn(time.instant.at, message.secondsRecorded);

/** The widest the UTC column's text can be: its widest month (digits are all one width). */
const widestUtcCell = (layout: TextLayout, withSeconds: boolean): number =>
  Math.max(
    ...Array.from({ length: 12 }, (_, month) =>
      layout.measure(formatUtcColumn(new Date(Date.UTC(2000, month, 28)), withSeconds), STYLE.value),
    ),
  );
