import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { SENDER_COLOURS } from '@chatexhibit/proto/constants';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { exhibitReferences } from '../evidence/exhibit-reference';
import { rowFlags, sourceLines, timeExplanation, zoneChangeRow } from './message-labels';
import type { EvidenceFile } from '../evidence/types';
import type { TextStyle } from '../text/font-set';
import { lineHeight, type TextLayout } from '../text/text-layout';
import type { ChatSummary } from './chat-summary';
import { type CoverContent, type CoverRows, SUB_BULLET } from './cover-content';
import { messageNumber } from './message-number';
import {
  formatRecordedDate,
  formatRecordedMoment,
  formatRecordedMonth,
  formatUtcColumn,
  recordedDay,
  recordedTime,
  type ZoneChange,
  zoneChangeDay,
} from './time-zone';
import { type MessageTime, ZoneClock } from './zone-clock';
import type { ExportSource } from './transcript-source';
import { type Bookmark, CONTENT_WIDTH, PAGE, TwinPages } from './twin-pages';

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
  section: style('sans', 'bold', 11),
  label: style('sans', 'bold', 8.5),
  value: style('sans', 'regular', 8.5),
  hash: style('mono', 'regular', 8),
  body: style('sans', 'regular', 9.5),
  sender: style('sans', 'bold', 9.5),
  number: style('mono', 'regular', 8),
  meta: style('sans', 'regular', 7),
  flag: style('sans', 'bold', 7),
  attachment: style('sans', 'regular', 8),
  attachmentHash: style('mono', 'regular', 6.5),
  dateHeading: style('sans', 'bold', 10),
  zoneChange: style('sans', 'bold', 8),
  footer: style('sans', 'regular', 7.5),
} as const;

/** Columns of a message row: number, time, then the message (further right when wider times need it). */
const COLUMN = { number: PAGE.margin, time: PAGE.margin + 40, body: PAGE.margin + 76 } as const;
/** Space between a time column and what follows it. */
const COLUMN_GAP = 8;
const LABEL_WIDTH = 150;
/** A thumbnail is drawn no taller than this. */
const THUMBNAIL_MAX_HEIGHT = 160;
const ROW_GAP = 5;

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
 * PDF/A court-filing copy (no attachments; exhibit references instead) from one layout.
 */
export async function writeTranscripts(
  input: TranscriptInput,
  layout: TextLayout,
  out: { transcript: Writable; filing: Writable },
): Promise<void> {
  const { facts } = input.source;
  const pages = new TwinPages(layout, {
    title: `Chat transcript: ${facts.originalFilename}`,
    subject: `WhatsApp conversation; source SHA-256 ${facts.fileHash}`,
    author: facts.examination.preparedBy,
    creator: `ChatExhibit ${input.toolVersion}`,
    createdAt: input.generatedAt,
  });
  pages.transcript.pipe(out.transcript);
  pages.filing.pipe(out.filing);
  const writer = new TranscriptWriter(input, pages);
  writer.cover();
  await writer.messages();
  writer.register();
  writer.footers();
  pages.end();
  await Promise.all([finished(out.transcript), finished(out.filing)]);
}

class TranscriptWriter {
  private readonly filesBySource = new Map<string, EvidenceFile>();
  private readonly derivedBySource = new Map<string, EvidenceFile>();
  private readonly mediaByPath: Map<string, MediaItem>;
  private readonly exhibits: Map<string, string>;
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
  /** Reads the times of the messages' pass in the export's zone. */
  private clock: ZoneClock | null = null;
  /** Where the UTC column starts, when it is shown, and where the message starts. */
  private readonly utcX: number | null;
  private readonly bodyX: number;

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
    this.exhibits = exhibitReferences(input.summary.references);
    this.total = input.summary.counts.entries;
    // The time column widens only when the export recorded seconds; UTC gets a column of its own.
    const { options } = input.source.facts;
    const sample = input.summary.timesHaveSeconds ? '00:00:00' : '00:00';
    const timeEnd = COLUMN.time + pages.layout.measure(sample, STYLE.value) + COLUMN_GAP;
    this.utcX = options.includeTimestamps && options.utcColumn ? Math.max(COLUMN.body, timeEnd) : null;
    this.bodyX = !options.includeTimestamps
      ? COLUMN.time
      : this.utcX === null
        ? Math.max(COLUMN.body, timeEnd)
        : this.utcX + widestUtcCell(pages.layout, input.summary.timesHaveSeconds) + COLUMN_GAP;
    pages.onNewPage = () => this.continuation();
  }

  // ── Cover ──────────────────────────────────────────────────────────────────────────────

  cover(): void {
    const { pages } = this;
    const { facts, chat } = this.input.source;
    const x = PAGE.margin;
    this.coverBookmark = pages.bookmark('Cover', null, true);
    pages.paragraph('CHAT TRANSCRIPT EVIDENCE', x, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
    pages.paragraph('WhatsApp Conversation', x, CONTENT_WIDTH, STYLE.subtitle, COLOUR.text);
    pages.y += 6;
    this.rows([
      ['Generated On', this.input.cover.generatedOn],
      ['File SHA-256', facts.fileHash],
      [
        'Participants',
        chat.participants.length === 0 ? 'none named in the export' : chat.participants.join(', '),
      ],
    ]);
    for (const section of this.input.cover.sections) {
      this.sectionHeading(section.heading);
      if (section.rows) this.rows(section.rows);
      for (const text of section.paragraphs ?? []) {
        pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
        pages.y += 3;
      }
      for (const text of section.bullets ?? []) this.bullet(text);
      if (section.heading === 'Contents') this.participantTable();
    }
    this.sectionHeading('Reading this transcript');
    for (const text of [
      'Messages appear under the date they were sent, in the order of the export. Each row shows the message number, the time as recorded, the sender exactly as the export names them, and on the right the lines of the chat text it came from.',
      'System events (WhatsApp notices such as "Messages are end-to-end encrypted") are shown in grey and are not attributed to any person. Flags such as EDITED, DELETED and OUT OF ORDER describe the status of a message.',
      'A line across the messages marks where the clocks of the time zone went forward or back, with the UTC offsets before and after; a time that did not exist in that zone is flagged NO SUCH LOCAL TIME, and one that occurred twice is marked REPEATED HOUR with the offset it is read with.',
      'Each attached file has an exhibit reference (A-0001, A-0002, …) naming it in the evidence package, with its SHA-256 value. In transcript.pdf the MP3 copy of each voice note is attached to its message (the paperclip icon) and plays in PDF readers that open attachments; transcript-filing.pdf is the PDF/A copy for court filing, without attachments.',
    ]) {
      pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
      pages.y += 3;
    }
  }

  private sectionHeading(text: string): void {
    const { pages } = this;
    pages.y += 8;
    // A heading never ends a page: keep it with two lines of what follows.
    pages.ensure(lineHeight(STYLE.section) + 2 * lineHeight(STYLE.value) + 4);
    pages.bookmark(text, this.coverBookmark);
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 3;
  }

  private rows(rows: CoverRows): void {
    const { pages } = this;
    const { layout } = pages;
    const valueX = PAGE.margin + LABEL_WIDTH;
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
    for (const [label, value] of rows) {
      const valueStyle = /^[0-9a-f]{64}$/.test(value) ? STYLE.hash : STYLE.value;
      const labelLines = layout.wrap(label, STYLE.label, LABEL_WIDTH - 8);
      const valueLines = layout.wrap(value, valueStyle, valueWidth);
      const height = Math.max(
        labelLines.length * lineHeight(STYLE.label),
        valueLines.length * lineHeight(valueStyle),
      );
      pages.ensure(height);
      const top = pages.y;
      for (const line of labelLines)
        pages.line(line, PAGE.margin, LABEL_WIDTH - 8, STYLE.label, COLOUR.muted);
      pages.y = top;
      for (const line of valueLines) pages.line(line, valueX, valueWidth, valueStyle, COLOUR.text);
      pages.y = top + height + 2;
    }
  }

  private bullet(text: string): void {
    const { pages } = this;
    const nested = text.startsWith(SUB_BULLET);
    const indent = nested ? 12 : 0;
    const lines = pages.layout.wrap(
      nested ? text.slice(SUB_BULLET.length) : text,
      STYLE.value,
      CONTENT_WIDTH - 12 - indent,
    );
    pages.ensure(lineHeight(STYLE.value));
    pages.label(nested ? '\u2013' : '•', PAGE.margin + 2 + indent, STYLE.value, COLOUR.muted);
    for (const line of lines) {
      pages.ensure(lineHeight(STYLE.value));
      pages.line(line, PAGE.margin + 12 + indent, CONTENT_WIDTH - 12 - indent, STYLE.value, COLOUR.text);
    }
    pages.y += 2;
  }

  /** The participant table: each name exactly as exported, message count, first and last message. */
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
      const nameLines = pages.layout.wrap(row.name, STYLE.value, columns[0]!.width);
      pages.ensure(nameLines.length * lineHeight(STYLE.value));
      const top = pages.y;
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
      for (const line of nameLines)
        pages.line(line, columns[0]!.x, columns[0]!.width, STYLE.value, COLOUR.text);
      pages.y = Math.max(pages.y, top + lineHeight(STYLE.value)) + 1;
    }
    pages.y += 2;
  }

  // ── Messages ───────────────────────────────────────────────────────────────────────────

  async messages(): Promise<void> {
    this.pages.newPage();
    this.inMessages = true;
    this.messagesBookmark = this.pages.bookmark('Messages', null, true);
    this.pages.paragraph('Messages', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    this.pages.y += 4;
    const { facts } = this.input.source;
    const { firstAt, lastAt } = this.input.summary;
    this.clock = new ZoneClock({ timeZone: facts.timeZone, firstAt, lastAt });
    if (this.utcX !== null) {
      this.pages.paragraph(
        `Beside each time as recorded, the UTC date and time computed from it in the time zone ${facts.timeZone}.`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.value,
        COLOUR.muted,
      );
      this.pages.y += 2;
    }
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

  /** What a new page repeats: the running header and, inside the messages, the day that continues. */
  private continuation(): void {
    const { pages } = this;
    pages.label(
      `CHAT TRANSCRIPT EVIDENCE · ${this.input.source.facts.originalFilename}`,
      PAGE.margin,
      STYLE.meta,
      COLOUR.faint,
      { width: CONTENT_WIDTH },
    );
    pages.y += lineHeight(STYLE.meta) + 6;
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

  /** A line across the messages where the zone's clocks changed. */
  private zoneChange(change: ZoneChange): void {
    const { pages } = this;
    const text = zoneChangeRow(change, this.input.source.facts.timeZone);
    pages.ensure(this.zoneChangeHeight(change));
    pages.y += 2;
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 3;
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.zoneChange, COLOUR.heading);
    pages.y += 1;
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += ROW_GAP;
  }

  /** The height `zoneChange` takes: its lines between two rules. */
  private zoneChangeHeight(change: ZoneChange): number {
    const text = zoneChangeRow(change, this.input.source.facts.timeZone);
    const lines = this.pages.layout.wrap(text, STYLE.zoneChange, CONTENT_WIDTH).length;
    return 6 + lines * lineHeight(STYLE.zoneChange) + ROW_GAP;
  }

  private async message(message: TranscriptMessage): Promise<void> {
    const { pages } = this;
    const { options } = this.input.source.facts;
    const time = this.clock!.read(message);
    const day = recordedDay(message.timestamp);

    const { bodyX } = this;
    const bodyWidth = PAGE.width - PAGE.margin - bodyX;
    const system = message.type === 'system';
    const header = system ? 'System event' : message.sender!;
    const headerStyle = system ? STYLE.meta : STYLE.sender;
    const provenance = sourceLines(message);
    const provenanceWidth = pages.layout.measure(provenance, STYLE.meta) + 8;
    const { alerts, notes } = rowFlags(message, time);
    const flags = alerts.join(' · ');
    const noted = notes.join(' · ');
    const flagsWidth =
      (flags === '' ? 0 : pages.layout.measure(flags, STYLE.flag) + 8) +
      (noted === '' ? 0 : pages.layout.measure(noted, STYLE.flag) + 8);
    // It quotes times of day, which the uploader may have left out.
    const explanation = options.includeTimestamps
      ? timeExplanation(message, time, this.input.source.facts.timeZone)
      : null;
    const headerLines = pages.layout.wrap(header, headerStyle, bodyWidth - provenanceWidth - flagsWidth);
    const bodyLines = message.content === '' ? [] : pages.layout.wrap(message.content, STYLE.body, bodyWidth);
    const headerHeight = Math.max(lineHeight(STYLE.sender), headerLines.length * lineHeight(headerStyle));

    // The header stays with the first line of the message, and a new day's heading with both.
    const firstRow = headerHeight + (bodyLines.length > 0 ? lineHeight(STYLE.body) : 0);
    // A change on a day without messages closes the day before; one on this day follows its
    // heading, which keeps it and the first row with it.
    const newDay = day !== this.currentDay;
    const closing = newDay ? time.changesBefore.filter((change) => zoneChangeDay(change) < day) : [];
    const following = time.changesBefore.filter((change) => !closing.includes(change));
    for (const change of closing) this.zoneChange(change);
    const followingHeight = following.reduce((height, change) => height + this.zoneChangeHeight(change), 0);
    if (newDay) this.dateHeading(day, followingHeight + firstRow);
    for (const change of following) this.zoneChange(change);
    pages.ensure(firstRow);
    const top = pages.y;
    pages.label(messageNumber(message.index, this.total), COLUMN.number, STYLE.number, COLOUR.muted, {
      lineStyle: STYLE.sender,
    });
    if (options.includeTimestamps) {
      pages.label(
        recordedTime(message.timestamp, message.secondsRecorded),
        COLUMN.time,
        STYLE.value,
        COLOUR.muted,
        {
          lineStyle: STYLE.sender,
        },
      );
    }
    if (this.utcX !== null) {
      pages.label(utcCell(message, time), this.utcX, STYLE.value, COLOUR.muted, { lineStyle: STYLE.sender });
    }
    pages.label(provenance, PAGE.width - PAGE.margin - provenanceWidth, STYLE.meta, COLOUR.faint, {
      align: 'right',
      width: provenanceWidth,
      lineStyle: STYLE.sender,
    });
    const headerColour = system ? COLOUR.muted : this.senderColour(message.sender!);
    const firstHeaderWidth = headerLines[0]?.width ?? 0;
    for (const line of headerLines)
      pages.line(line, bodyX, bodyWidth - provenanceWidth - flagsWidth, headerStyle, headerColour);
    if (flags !== '' || noted !== '') {
      const flagsTop = pages.y;
      pages.y = top;
      const flagsX = bodyX + firstHeaderWidth + 8;
      if (flags !== '') pages.label(flags, flagsX, STYLE.flag, COLOUR.flag, { lineStyle: STYLE.sender });
      if (noted !== '') {
        const notedX = flags === '' ? flagsX : flagsX + pages.layout.measure(flags, STYLE.flag) + 8;
        pages.label(noted, notedX, STYLE.flag, COLOUR.muted, { lineStyle: STYLE.sender });
      }
      pages.y = flagsTop;
    }
    pages.y = Math.max(pages.y, top + headerHeight);
    if (explanation !== null) {
      pages.paragraph(
        explanation,
        bodyX,
        bodyWidth,
        STYLE.meta,
        time.skippedBy === null ? COLOUR.muted : COLOUR.flag,
      );
    }
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

  private senderColour(sender: string): string {
    if (!this.input.source.facts.options.highlightSenders) return COLOUR.text;
    return sender === this.input.source.chat.participants[0]
      ? SENDER_COLOURS.primary
      : SENDER_COLOURS.secondary;
  }

  /** The attachment of a message: exhibit reference, name, hash; the thumbnail; the embedded file. */
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
    details.push(`Exhibit ${this.exhibits.get(path)}`, message.attachment!);
    if (media?.kind !== 'voice') details.push(`${file.sizeBytes.toLocaleString('en-US')} bytes`);
    if (media?.problem) details.push(`not converted: ${media.problem}`);

    if (media?.kind === 'image' && media.derivedKey !== null && options.includeImages) {
      pages.y += 2;
      pages.image(await this.read(media.derivedKey), x, Math.min(width, 240), THUMBNAIL_MAX_HEIGHT);
      pages.y += 2;
    }
    const attachTop = pages.y;
    pages.paragraph(details.join(' · '), x, width - 16, STYLE.attachment, COLOUR.text);
    pages.paragraph(`SHA-256 ${file.sha256}`, x, width, STYLE.attachmentHash, COLOUR.muted);

    const embedVoice = media?.kind === 'voice' && derived !== undefined && options.includeVoiceMessages;
    const embedOther = media === undefined && options.includeAttachments;
    if (embedVoice || embedOther) {
      const embedded = embedVoice ? derived! : file;
      const name = `${this.exhibits.get(path)} ${baseName(embedded.path)}`;
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
    const { summary, evidence } = this.input;
    pages.newPage();
    pages.bookmark('Attachment register');
    pages.paragraph('Attachment register', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += 4;
    pages.paragraph(
      'Every file the chat refers to, by exhibit reference, with its path in the evidence package, the type detected from its content, its size and SHA-256 value, and the message that refers to it. Derived MP3 copies of voice notes follow their originals.',
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
        `${this.exhibits.get(path)}  ${file.path}`,
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
    const unreferenced = evidence.filter(
      (file) =>
        (file.role === 'original-media' || file.role === 'original-other') &&
        file.sourcePath !== null &&
        !summary.references.has(file.sourcePath),
    );
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

  /** On every page: the source's short hash, "Page X of Y", and the Bates number lower right. */
  footers(): void {
    const { fileHash, batesPrefix } = this.input.source.facts;
    const baseline = PAGE.height - 40;
    this.pages.eachPage((page, count) => {
      this.pages.textAt(
        `Source SHA-256 ${fileHash.slice(0, 16)}…`,
        PAGE.margin,
        baseline,
        STYLE.footer,
        COLOUR.muted,
      );
      this.pages.textAt(`Page ${page} of ${count}`, PAGE.margin, baseline, STYLE.footer, COLOUR.muted, {
        align: 'center',
        width: CONTENT_WIDTH,
      });
      if (batesPrefix !== null) {
        this.pages.textAt(batesNumber(batesPrefix, page), PAGE.margin, baseline, STYLE.label, COLOUR.text, {
          align: 'right',
          width: CONTENT_WIDTH,
        });
      }
    });
  }
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

/** Prefix and page number, zero-padded to six digits: "SMITH000001". */
const batesNumber = (prefix: string, page: number): string => `${prefix}${String(page).padStart(6, '0')}`;

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
