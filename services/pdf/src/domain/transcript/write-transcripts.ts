import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { SENDER_COLOURS } from '@chatexhibit/proto/constants';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { attachmentReferences } from '../evidence/attachment-reference';
import { FLAG_LABELS, sourceLines } from './message-labels';
import type { EvidenceFile } from '../evidence/types';
import type { TextStyle } from '../text/font-set';
import { ascent, lineHeight, type TextLayout } from '../text/text-layout';
import type { ChatSummary } from './chat-summary';
import { type CoverContent, type CoverRows, SUB_BULLET } from './cover-content';
import { messageNumber } from './message-number';
import { drawMark, type ParticipantMark, type ParticipantMarks, participantMarks } from './participant-marks';
import {
  formatRecordedDate,
  formatRecordedMoment,
  formatRecordedMonth,
  recordedDay,
  recordedTime,
} from './time-zone';
import type { ExportSource } from './transcript-source';
import { batesNumber } from './bates';
import {
  attachmentsReading,
  copyStatement,
  documentInfo,
  runningHeader,
  TRANSCRIPT_TITLE,
} from './transcript-copies';
import { type Bookmark, CONTENT_WIDTH, type CopyText, PAGE, TwinPages } from './twin-pages';

const COLOUR = {
  text: '#0f172a',
  muted: '#475569',
  faint: '#94a3b8',
  rule: '#cbd5e1',
  heading: SENDER_COLOURS.primary,
  flag: '#b91c1c',
} as const;

const style = (family: 'sans' | 'mono', weight: 'regular' | 'bold', size: number): TextStyle => ({
  family,
  weight,
  size,
});
const STYLE = {
  title: style('sans', 'bold', 18),
  subtitle: style('sans', 'regular', 12),
  section: style('sans', 'bold', 10),
  label: style('sans', 'bold', 8),
  value: style('sans', 'regular', 8),
  hash: style('mono', 'regular', 7.5),
  body: style('sans', 'regular', 9.5),
  sender: style('sans', 'bold', 9.5),
  number: style('mono', 'regular', 8),
  meta: style('sans', 'regular', 7),
  flag: style('sans', 'bold', 7),
  attachment: style('sans', 'regular', 8),
  attachmentHash: style('mono', 'regular', 6.5),
  dateHeading: style('sans', 'bold', 10),
  footer: style('sans', 'regular', 7.5),
} as const;

/** The room a part needs to start on a page: its heading with what must not be parted from it. */
const PART_ROOM = {
  // A date heading and a message's first two lines.
  messages: lineHeight(STYLE.section) + lineHeight(STYLE.dateHeading) + 2 * lineHeight(STYLE.body) + 18,
  // Two lines of the register.
  register: lineHeight(STYLE.section) + 2 * lineHeight(STYLE.value) + 8,
};

/** Columns of a message row: number, time, then the message. */
const COLUMN = { number: PAGE.margin, time: PAGE.margin + 40, body: PAGE.margin + 76 } as const;
const LABEL_WIDTH = 170;
/** Where a cover row goes: across the page, or in the left or right half beside another short one. */
interface RowSlot {
  x: number;
  labelWidth: number;
  valueWidth: number;
}
const RIGHT_HALF = 250;
const ROW_SLOTS = {
  full: { x: PAGE.margin, labelWidth: LABEL_WIDTH, valueWidth: CONTENT_WIDTH - LABEL_WIDTH },
  left: { x: PAGE.margin, labelWidth: LABEL_WIDTH, valueWidth: RIGHT_HALF - LABEL_WIDTH - 8 },
  right: { x: PAGE.margin + RIGHT_HALF, labelWidth: 128, valueWidth: CONTENT_WIDTH - RIGHT_HALF - 128 },
} as const satisfies Record<string, RowSlot>;
/** A thumbnail is drawn no taller than this. */
const THUMBNAIL_MAX_HEIGHT = 160;
const ROW_GAP = 5;
/** A participant's mark: its width, and the room it takes left of the sender's name (in a message, the gutter before the body column). */
const MARK_SIZE = 6.5;
const MARK_SPACE = 10;
/** Beside the exporting account's name in the participant table. */
const ACCOUNT_NOTE = '(exporting account)';
/** Space above a part (the messages, the register) that follows on the page before it. */
const PART_GAP = 12;

const ATTACHMENT_KINDS: Partial<Record<TranscriptMessage['type'], string>> = {
  voice: 'Voice note',
  audio: 'Audio',
  image: 'Image',
  video: 'Video',
  sticker: 'Sticker',
  gif: 'GIF',
  document: 'Document',
  contact: 'Contact card',
};

export interface TranscriptInput {
  source: ExportSource;
  summary: ChatSummary;
  cover: CoverContent;
  /** The evidence files, for each attachment's hash, size and detected type. */
  evidence: readonly EvidenceFile[];
  generatedAt: Date;
  toolVersion: string;
  /** Told the share of messages drawn after each page of them. */
  onProgress: (fraction: number) => void | Promise<void>;
}

/**
 * Writes the transcript (voice notes and, when asked, other attachments embedded) and its
 * PDF/A court-filing copy (no attachments; attachment numbers instead) from one layout.
 * Resolves to the page count, the same for both.
 */
export async function writeTranscripts(
  input: TranscriptInput,
  layout: TextLayout,
  out: { transcript: Writable; filing: Writable },
): Promise<{ pageCount: number }> {
  const { facts } = input.source;
  const made = { creator: `ChatExhibit ${input.toolVersion}`, createdAt: input.generatedAt };
  const pages = new TwinPages(layout, {
    transcript: documentInfo(facts, 'transcript', made),
    filing: documentInfo(facts, 'filing', made),
  });
  pages.transcript.pipe(out.transcript);
  pages.filing.pipe(out.filing);
  const writer = new TranscriptWriter(input, pages);
  writer.cover();
  await writer.messages();
  writer.register();
  writer.footers();
  const { count: pageCount } = pages.transcript.bufferedPageRange();
  pages.end();
  await Promise.all([finished(out.transcript), finished(out.filing)]);
  return { pageCount };
}

class TranscriptWriter {
  private readonly filesBySource = new Map<string, EvidenceFile>();
  private readonly derivedBySource = new Map<string, EvidenceFile>();
  private readonly mediaByPath: Map<string, MediaItem>;
  private readonly attachmentReferences: Map<string, string>;
  private readonly total: number;
  /** The day of the last message drawn, for date headings and their continuation. */
  private currentDay: string | null = null;
  private inMessages = false;
  /** Bookmarks that take children: the cover's, the messages' and the current month's (by 'YYYY-MM'). */
  private coverBookmark: Bookmark | null = null;
  private messagesBookmark: Bookmark | null = null;
  private month: { key: string; bookmark: Bookmark } | null = null;
  /** The message being drawn once its header is down: a page break inside it repeats who it is. */
  private continuing: string | null = null;
  private readonly marks: ParticipantMarks;

  constructor(
    private readonly input: TranscriptInput,
    private readonly pages: TwinPages,
  ) {
    for (const file of input.evidence) {
      if (file.sourcePath === null) continue;
      if (file.role === 'derived-audio') this.derivedBySource.set(file.sourcePath, file);
      else this.filesBySource.set(file.sourcePath, file);
    }
    this.mediaByPath = new Map(input.source.media.map((item) => [item.path, item]));
    this.attachmentReferences = attachmentReferences(input.summary.references);
    this.total = input.summary.counts.entries;
    this.marks = participantMarks(
      input.summary.participants.map((row) => row.name),
      input.source.facts.examination.exportingAccount,
    );
    pages.onNewPage = () => this.continuation();
  }

  // ── Cover ──────────────────────────────────────────────────────────────────────────────

  cover(): void {
    const { pages } = this;
    const x = PAGE.margin;
    this.runningHeader();
    this.coverBookmark = pages.bookmark('Cover', null, true);
    pages.paragraph(TRANSCRIPT_TITLE, x, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
    pages.paragraph(copyStatement, x, CONTENT_WIDTH, STYLE.subtitle, COLOUR.text);
    for (const section of this.input.cover.sections) {
      this.sectionHeading(section.heading);
      if (section.rows) this.rows(section.rows);
      for (const text of section.paragraphs ?? []) {
        pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
        pages.y += 2;
      }
      for (const text of section.bullets ?? []) this.bullet(text);
      if (section.heading === 'Contents') this.participantTable();
    }
    this.sectionHeading('Reading this transcript');
    for (const text of [
      'Messages appear under the date they were sent, in the order of the export. Each row shows the message number, the time as recorded, the sender exactly as the export names them, and on the right the lines of the chat text it came from.',
      'System events (WhatsApp notices such as "Messages are end-to-end encrypted") are shown in grey and are not attributed to any person. Flags such as EDITED, DELETED and OUT OF ORDER describe the status of a message.',
      attachmentsReading(this.input.source.facts),
    ]) {
      pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
      pages.y += 3;
    }
  }

  private sectionHeading(text: string): void {
    const { pages } = this;
    pages.y += 5;
    // A heading never ends a page: keep it with two lines of what follows.
    pages.ensure(lineHeight(STYLE.section) + 2 * lineHeight(STYLE.value) + 4);
    pages.bookmark(text, this.coverBookmark);
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 2;
  }

  /** Label and value rows; two short rows in a row share a line, to keep the cover short. */
  private rows(rows: CoverRows): void {
    const { pages } = this;
    for (let i = 0; i < rows.length; i += 1) {
      const [label, value] = rows[i]!;
      const next = rows[i + 1];
      const paired =
        next !== undefined &&
        this.fitsOneLine(label, value, ROW_SLOTS.left) &&
        this.fitsOneLine(next[0], next[1], ROW_SLOTS.right);
      const cells = paired
        ? [
            { label, value, slot: ROW_SLOTS.left },
            { label: next[0], value: next[1], slot: ROW_SLOTS.right },
          ]
        : [{ label, value, slot: ROW_SLOTS.full }];
      if (paired) i += 1;
      const laidOut = cells.map((cell) => {
        const valueStyle = rowValueStyle(cell.value);
        const labelLines = pages.layout.wrap(cell.label, STYLE.label, cell.slot.labelWidth - 8);
        const valueLines = pages.layout.wrap(cell.value, valueStyle, cell.slot.valueWidth);
        return { ...cell, valueStyle, labelLines, valueLines };
      });
      const height = Math.max(
        ...laidOut.map((cell) =>
          Math.max(
            cell.labelLines.length * lineHeight(STYLE.label),
            cell.valueLines.length * lineHeight(cell.valueStyle),
          ),
        ),
      );
      pages.ensure(height);
      const top = pages.y;
      for (const { slot, valueStyle, labelLines, valueLines } of laidOut) {
        pages.y = top;
        for (const line of labelLines)
          pages.line(line, slot.x, slot.labelWidth - 8, STYLE.label, COLOUR.muted);
        pages.y = top;
        const valueX = slot.x + slot.labelWidth;
        for (const line of valueLines) pages.line(line, valueX, slot.valueWidth, valueStyle, COLOUR.text);
      }
      pages.y = top + height + 1;
    }
  }

  private fitsOneLine(label: string, value: string, slot: RowSlot): boolean {
    const { layout } = this.pages;
    return (
      layout.wrap(label, STYLE.label, slot.labelWidth - 8).length === 1 &&
      layout.wrap(value, rowValueStyle(value), slot.valueWidth).length === 1
    );
  }

  /** A bullet; one that says something different in each copy takes the longer one's lines in both. */
  private bullet(text: CopyText): void {
    const { pages } = this;
    // Only the parser's notes are nested, and they read the same in both copies.
    const nested = typeof text === 'string' && text.startsWith(SUB_BULLET);
    const indent = nested ? 12 : 0;
    pages.ensure(lineHeight(STYLE.value));
    pages.label(nested ? '\u2013' : '•', PAGE.margin + 2 + indent, STYLE.value, COLOUR.muted);
    pages.paragraph(
      nested ? text.slice(SUB_BULLET.length) : text,
      PAGE.margin + 12 + indent,
      CONTENT_WIDTH - 12 - indent,
      STYLE.value,
      COLOUR.text,
    );
    pages.y += 2;
  }

  /**
   * The participant table: each name exactly as exported beside its mark (the legend of the
   * messages), the exporting account marked, message count, first and last message.
   */
  private participantTable(): void {
    const { pages } = this;
    const { participants } = this.input.summary;
    pages.y += 4;
    const columns = [
      { title: 'Participant (as exported)', x: PAGE.margin, width: 160 },
      { title: 'Phone number', x: PAGE.margin + 164, width: 84 },
      { title: 'Messages', x: PAGE.margin + 252, width: 48 },
      { title: 'First message', x: PAGE.margin + 304, width: 82 },
      { title: 'Last message', x: PAGE.margin + 388, width: 80 },
    ];
    const nameX = PAGE.margin + MARK_SPACE;
    const nameWidth = columns[0]!.width - MARK_SPACE;
    pages.ensure(2 * lineHeight(STYLE.label));
    for (const column of columns) pages.label(column.title, column.x, STYLE.label, COLOUR.muted);
    pages.y += lineHeight(STYLE.label);
    if (participants.length === 0) {
      pages.paragraph(
        'No participant wrote a message.',
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.value,
        COLOUR.muted,
      );
    }
    for (const row of participants) {
      const mark = this.marks.byName.get(row.name)!;
      const nameLines = pages.layout.wrap(row.name, STYLE.value, nameWidth);
      // The account's note follows a left-to-right name on its line when it fits, else goes below.
      const last = nameLines.at(-1)!;
      const noteX = nameX + last.width + 4;
      const noteInline =
        last.direction === 'ltr' &&
        noteX + pages.layout.measure(ACCOUNT_NOTE, STYLE.value) <= nameX + nameWidth;
      const noteBelow = mark.exportingAccount && !noteInline;
      pages.ensure((nameLines.length + (noteBelow ? 1 : 0)) * lineHeight(STYLE.value));
      const top = pages.y;
      this.mark(mark, PAGE.margin, STYLE.value);
      pages.label(
        row.phone ?? 'not shown',
        columns[1]!.x,
        STYLE.value,
        row.phone ? COLOUR.text : COLOUR.faint,
      );
      pages.label(row.messageCount.toLocaleString('en-US'), columns[2]!.x, STYLE.value, COLOUR.text, {
        align: 'right',
        width: columns[2]!.width - 8,
      });
      const withTime = this.input.source.facts.options.includeTimestamps;
      pages.label(formatRecordedMoment(row.firstAt, withTime), columns[3]!.x, STYLE.value, COLOUR.text);
      pages.label(formatRecordedMoment(row.lastAt, withTime), columns[4]!.x, STYLE.value, COLOUR.text);
      for (const line of nameLines) pages.line(line, nameX, nameWidth, STYLE.value, COLOUR.text);
      if (noteBelow) pages.paragraph(ACCOUNT_NOTE, nameX, nameWidth, STYLE.value, COLOUR.muted);
      else if (mark.exportingAccount) {
        pages.y -= lineHeight(STYLE.value);
        pages.label(ACCOUNT_NOTE, noteX, STYLE.value, COLOUR.muted);
        pages.y += lineHeight(STYLE.value);
      }
      pages.y = Math.max(pages.y, top + lineHeight(STYLE.value)) + 1;
    }
    pages.y += 2;
    for (const text of this.legend()) {
      pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
    }
    pages.y += 2;
  }

  /** What the marks in the participant table say. */
  private legend(): string[] {
    if (this.input.summary.participants.length === 0) return [];
    const stated = this.input.source.facts.examination.exportingAccount;
    const { highlightSenders } = this.input.source.facts.options;
    const marks = `Each participant's messages carry the mark${highlightSenders ? ' and colour' : ''} shown here`;
    if (stated === null) return [`${marks}.`];
    return [
      this.marks.exportingAccount === null
        ? `${marks}. No participant's name matches the stated exporting account, "${stated}", so no one is marked as it.`
        : `${marks}; the star marks the account the chat was exported from, as stated in Examination: its messages are the ones that account sent, the others' the ones it received.`,
    ];
  }

  /** A participant's mark at `x`, centred on the line at the cursor drawn in `lineStyle`. */
  private mark(mark: ParticipantMark, x: number, lineStyle: TextStyle): void {
    const colour = this.senderColour(mark);
    // Centred on the height of a capital: Noto Sans's capitals are 0.714 em tall.
    const centre = this.pages.y + ascent(lineStyle) - 0.357 * lineStyle.size;
    this.pages.draw((doc) => drawMark(doc, mark.shape, x + MARK_SIZE / 2, centre, MARK_SIZE, colour));
  }

  // ── Messages ───────────────────────────────────────────────────────────────────────────

  async messages(): Promise<void> {
    this.startPart(PART_ROOM.messages);
    this.inMessages = true;
    this.messagesBookmark = this.pages.bookmark('Messages', null, true);
    this.pages.paragraph('Messages', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    this.pages.y += 4;
    let drawn = 0;
    for await (const page of this.input.source.messages()) {
      for (const message of page) {
        await this.message(message);
        drawn += 1;
      }
      await this.input.onProgress(drawn / Math.max(1, this.total));
    }
    if (drawn === 0) {
      this.pages.paragraph(
        'The export holds no messages.',
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.body,
        COLOUR.muted,
      );
    }
    this.inMessages = false;
  }

  /** The running header at the top of every page: case and exhibit numbers, title, source, which copy. */
  private runningHeader(): void {
    const { pages } = this;
    pages.paragraph(
      runningHeader(this.input.source.facts),
      PAGE.margin,
      CONTENT_WIDTH,
      STYLE.meta,
      COLOUR.muted,
    );
    pages.y += 6;
  }

  /**
   * A part (the messages, the register) follows on the page before it when there is room for its
   * heading and first lines, else starts a new page: a small export's parts share pages.
   */
  private startPart(room: number): void {
    this.pages.y += PART_GAP;
    this.pages.ensure(room);
  }

  /** What a new page repeats: the running header and, inside the messages, the day that continues. */
  private continuation(): void {
    const { pages } = this;
    this.runningHeader();
    if (this.inMessages && this.currentDay !== null) {
      pages.paragraph(
        `${formatRecordedDate(this.currentDay)} (continued)`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.dateHeading,
        COLOUR.muted,
      );
      pages.y += 2;
    }
    if (this.continuing !== null) {
      pages.paragraph(
        `${this.continuing} (continued)`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.label,
        COLOUR.muted,
      );
      pages.y += 2;
    }
  }

  /** A day's heading, kept on one page with the first row of its first message (`firstRow` high). */
  private dateHeading(day: string, firstRow: number): void {
    const { pages } = this;
    pages.y += 4;
    // A page that starts with this heading does not repeat the day before it as "(continued)".
    this.currentDay = null;
    pages.ensure(lineHeight(STYLE.dateHeading) + 4 + firstRow);
    this.currentDay = day;
    const monthKey = day.slice(0, 7);
    if (this.month?.key !== monthKey) {
      const bookmark = pages.bookmark(formatRecordedMonth(day), this.messagesBookmark);
      this.month = { key: monthKey, bookmark };
    }
    pages.bookmark(formatRecordedDate(day), this.month.bookmark);
    pages.paragraph(formatRecordedDate(day), PAGE.margin, CONTENT_WIDTH, STYLE.dateHeading, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 4;
  }

  private async message(message: TranscriptMessage): Promise<void> {
    const { pages } = this;
    const { options } = this.input.source.facts;
    const day = recordedDay(message.timestamp);

    const bodyX = options.includeTimestamps ? COLUMN.body : COLUMN.time;
    const bodyWidth = PAGE.width - PAGE.margin - bodyX;
    const system = message.type === 'system';
    const header = system ? 'System event' : message.sender!;
    const headerStyle = system ? STYLE.meta : STYLE.sender;
    const provenance = sourceLines(message);
    const provenanceWidth = pages.layout.measure(provenance, STYLE.meta) + 8;
    const flags = message.flags.map((flag) => FLAG_LABELS[flag]).join(' · ');
    const flagsWidth = flags === '' ? 0 : pages.layout.measure(flags, STYLE.flag) + 8;
    const headerLines = pages.layout.wrap(header, headerStyle, bodyWidth - provenanceWidth - flagsWidth);
    const bodyLines = message.content === '' ? [] : pages.layout.wrap(message.content, STYLE.body, bodyWidth);
    const headerHeight = Math.max(lineHeight(STYLE.sender), headerLines.length * lineHeight(headerStyle));

    // The header stays with the first line of the message, and a new day's heading with both.
    const firstRow = headerHeight + (bodyLines.length > 0 ? lineHeight(STYLE.body) : 0);
    if (day !== this.currentDay) this.dateHeading(day, firstRow);
    pages.ensure(firstRow);
    const top = pages.y;
    pages.label(messageNumber(message.index, this.total), COLUMN.number, STYLE.number, COLOUR.muted, {
      lineStyle: STYLE.sender,
    });
    if (options.includeTimestamps) {
      pages.label(recordedTime(message.timestamp), COLUMN.time, STYLE.value, COLOUR.muted, {
        lineStyle: STYLE.sender,
      });
    }
    pages.label(provenance, PAGE.width - PAGE.margin - provenanceWidth, STYLE.meta, COLOUR.faint, {
      align: 'right',
      width: provenanceWidth,
      lineStyle: STYLE.sender,
    });
    // A person's mark sits in the gutter left of their name, which stays in line with the text
    // below it (so text extraction reads the message as one block); a system event has none.
    const mark = system ? null : this.marks.byName.get(message.sender!)!;
    if (mark !== null) this.mark(mark, bodyX - MARK_SPACE, STYLE.sender);
    const headerColour = mark === null ? COLOUR.muted : this.senderColour(mark);
    const firstHeaderWidth = headerLines[0]?.width ?? 0;
    for (const line of headerLines)
      pages.line(line, bodyX, bodyWidth - provenanceWidth - flagsWidth, headerStyle, headerColour);
    if (flags !== '') {
      const flagsTop = pages.y;
      pages.y = top;
      pages.label(flags, bodyX + firstHeaderWidth + 8, STYLE.flag, COLOUR.flag, {
        lineStyle: STYLE.sender,
      });
      pages.y = flagsTop;
    }
    pages.y = Math.max(pages.y, top + headerHeight);
    this.continuing = `${messageNumber(message.index, this.total)} ${header}`;

    const bodyColour = system || message.type === 'deleted' ? COLOUR.muted : COLOUR.text;
    for (const line of bodyLines) {
      pages.ensure(lineHeight(STYLE.body));
      pages.line(line, bodyX, bodyWidth, STYLE.body, bodyColour);
    }
    if (message.attachment !== null) await this.attachment(message, bodyX, bodyWidth);
    this.continuing = null;
    pages.y += ROW_GAP;
  }

  private senderColour(mark: ParticipantMark): string {
    return this.input.source.facts.options.highlightSenders ? mark.colour : COLOUR.text;
  }

  /**
   * The attachment of a message: attachment number, name, size and hash of the original; the
   * thumbnail below it, captioned as the reduced copy it is; the embedded file.
   */
  private async attachment(message: TranscriptMessage, x: number, width: number): Promise<void> {
    const { pages } = this;
    const { options } = this.input.source.facts;
    const kind = ATTACHMENT_KINDS[message.type] ?? 'Attachment';
    const path = message.attachmentPath;
    const file = path === null ? undefined : this.filesBySource.get(path);
    if (path === null || file === undefined) {
      pages.paragraph(
        `${kind} · ${message.attachment} · MISSING: the export does not contain this file`,
        x,
        width,
        STYLE.attachment,
        COLOUR.flag,
      );
      return;
    }
    const media = this.mediaByPath.get(path);
    const derived = this.derivedBySource.get(path);
    const details = [kind];
    if (media?.kind === 'voice' && media.durationSeconds !== null)
      details.push(formatDuration(media.durationSeconds));
    const reference = this.attachmentReferences.get(path)!;
    details.push(reference, message.attachment!);
    if (media?.kind !== 'voice') details.push(`${file.sizeBytes.toLocaleString('en-US')} bytes`);
    if (media?.problem) details.push(`not converted: ${media.problem}`);

    const attachTop = pages.y;
    pages.paragraph(details.join(' · '), x, width - 16, STYLE.attachment, COLOUR.text);
    pages.paragraph(`SHA-256 ${file.sha256}`, x, width, STYLE.attachmentHash, COLOUR.muted);
    if (media?.kind === 'image' && media.derivedKey !== null && options.includeImages) {
      pages.y += 2;
      const shown = pages.image(
        await this.read(media.derivedKey),
        x,
        Math.min(width, 240),
        THUMBNAIL_MAX_HEIGHT,
      );
      pages.y += 1;
      // The picture is a re-encoded copy: its caption must not pass it off as the original above.
      pages.paragraph(
        `Reduced display copy of ${reference}: re-encoded as a JPEG of ${shown.width} × ${shown.height} pixels for this transcript. Not the original, which is named above with its SHA-256 value.`,
        x,
        width,
        STYLE.meta,
        COLOUR.muted,
      );
    }

    const embedVoice = media?.kind === 'voice' && derived !== undefined && options.includeVoiceMessages;
    const embedOther = media === undefined && options.includeAttachments;
    if (embedVoice || embedOther) {
      const embedded = embedVoice ? derived! : file;
      const name = `${reference} ${baseName(embedded.path)}`;
      const top = pages.y < attachTop ? PAGE.top : attachTop;
      attachFile(pages.transcript, PAGE.width - PAGE.margin - 12, top, {
        name,
        data: await this.read(embedded.key),
        type: embedVoice ? 'audio/mpeg' : (embedded.mediaType ?? 'application/octet-stream'),
        description: `${kind}, message ${messageNumber(message.index, this.total)}: ${message.attachment}${embedVoice ? ' (MP3 copy)' : ''}`,
        at: this.input.generatedAt,
      });
    }
  }

  private async read(key: string): Promise<Buffer> {
    return buffer(await this.input.source.files.open(key));
  }

  // ── Attachment register ────────────────────────────────────────────────────────────────

  register(): void {
    const { pages } = this;
    const { summary } = this.input;
    this.startPart(PART_ROOM.register);
    pages.bookmark('Attachment register');
    pages.paragraph('Attachment register', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 4;
    // An export of text alone says so in one line rather than three empty lists.
    if (summary.references.size === 0 && summary.missingAttachments.length === 0) {
      if (this.unreferencedFiles().length === 0) {
        this.note('No message names a file, and the export holds no file besides the chat text.');
        return;
      }
    }
    pages.paragraph(
      'Every file the chat refers to, by attachment number, with its path in the evidence package, the type detected from its content, its size and SHA-256 value, and the message that refers to it. Derived MP3 copies of voice notes follow their originals.',
      PAGE.margin,
      CONTENT_WIDTH,
      STYLE.value,
      COLOUR.text,
    );
    pages.y += 4;
    if (summary.references.size === 0) this.note('No message refers to a file in the export.');
    for (const [path, referencing] of summary.references) {
      const file = this.filesBySource.get(path);
      if (file === undefined) continue;
      const derived = this.derivedBySource.get(path);
      const lines = [
        this.attachmentReferences.get(path)!,
        file.path,
        `${file.mediaType ?? 'type not recognised'} · ${file.sizeBytes.toLocaleString('en-US')} bytes`,
        `${referencing.length === 1 ? 'message' : 'messages'} ${referencing.map((index) => messageNumber(index, this.total)).join(', ')}`,
      ];
      pages.ensure(4 * lineHeight(STYLE.attachment));
      pages.paragraph(lines.join(' · '), PAGE.margin, CONTENT_WIDTH, STYLE.attachment, COLOUR.text);
      this.hashLine(file.sha256);
      if (derived !== undefined) {
        pages.paragraph(
          `Derived MP3 copy: ${derived.path} · ${derived.sizeBytes.toLocaleString('en-US')} bytes${derived.durationSeconds ? ` · ${formatDuration(derived.durationSeconds)}` : ''}`,
          PAGE.margin + 12,
          CONTENT_WIDTH - 12,
          STYLE.attachment,
          COLOUR.muted,
        );
        this.hashLine(derived.sha256);
      }
      pages.y += 3;
    }

    this.subheading('Files named in the chat but not in the export');
    const missing = this.input.summary.missingAttachments;
    if (missing.length === 0) this.note('None.');
    for (const { index, name } of missing) {
      pages.paragraph(
        `Message ${messageNumber(index, this.total)}: ${name}`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.attachment,
        COLOUR.flag,
      );
    }

    this.subheading('Files in the export that no message names');
    const unreferenced = this.unreferencedFiles();
    if (unreferenced.length === 0) this.note('None.');
    for (const file of unreferenced) {
      pages.paragraph(
        `${file.path} · ${file.mediaType ?? 'type not recognised'} · ${file.sizeBytes.toLocaleString('en-US')} bytes`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.attachment,
        COLOUR.text,
      );
      this.hashLine(file.sha256);
    }
  }

  /** The media and other files of the upload that no message names. */
  private unreferencedFiles(): EvidenceFile[] {
    const { summary, evidence } = this.input;
    return evidence.filter(
      (file) =>
        (file.role === 'original-media' || file.role === 'original-other') &&
        file.sourcePath !== null &&
        !summary.references.has(file.sourcePath),
    );
  }

  /** A file's SHA-256, indented below the line that names the file. */
  private hashLine(sha256: string): void {
    this.pages.paragraph(
      `SHA-256 ${sha256}`,
      PAGE.margin + 12,
      CONTENT_WIDTH - 12,
      STYLE.attachmentHash,
      COLOUR.muted,
    );
  }

  private subheading(text: string): void {
    this.pages.y += 8;
    this.pages.ensure(3 * lineHeight(STYLE.label));
    this.pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.label, COLOUR.heading);
    this.pages.y += 2;
  }

  private note(text: string): void {
    this.pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }

  // ── Footers ────────────────────────────────────────────────────────────────────────────

  /**
   * On every page: the source's short hash, "Page X of Y", and the Bates number lower right, each
   * copy its own (bates.ts), so the two documents share no number.
   */
  footers(): void {
    const { facts } = this.input.source;
    const baseline = PAGE.height - 40;
    this.pages.eachPage((page, count) => {
      this.pages.textAt(
        `Source SHA-256 ${facts.fileHash.slice(0, 16)}…`,
        PAGE.margin,
        baseline,
        STYLE.footer,
        COLOUR.muted,
      );
      this.pages.textAt(`Page ${page} of ${count}`, PAGE.margin, baseline, STYLE.footer, COLOUR.muted, {
        align: 'center',
        width: CONTENT_WIDTH,
      });
      const filing = batesNumber(facts, page, 'filing');
      if (filing !== null) {
        const transcript = batesNumber(facts, page, 'transcript')!;
        this.pages.textAt({ transcript, filing }, PAGE.margin, baseline, STYLE.label, COLOUR.text, {
          align: 'right',
          width: CONTENT_WIDTH,
        });
      }
    });
  }
}

/** A SHA-256 value is set in the monospaced face. */
const rowValueStyle = (value: string): TextStyle => (/^[0-9a-f]{64}$/.test(value) ? STYLE.hash : STYLE.value);

/** Duration as SPEC's m:ss. */
const formatDuration = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Attaches a file to the transcript: listed in the document's attachments and as a paperclip on
 * its message (a FileAttachment annotation), which PDF readers open or play. Dates are the
 * generation time, so the same input gives the same bytes.
 */
function attachFile(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  file: { name: string; data: Buffer; type: string; description: string; at: Date },
): void {
  const spec = doc.file(file.data, {
    name: file.name,
    type: file.type,
    description: file.description,
    creationDate: file.at,
    modifiedDate: file.at,
  });
  doc.annotate(x, y, 10, 14, {
    Subtype: 'FileAttachment',
    FS: spec,
    Name: 'Paperclip',
    Contents: new String(file.description),
  });
}
