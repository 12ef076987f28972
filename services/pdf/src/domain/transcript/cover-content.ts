import { tzOffset } from '@date-fns/tz';
import { type Calendar, CALENDAR_NAMES } from '@chatexhibit/proto/calendar';
import { WHATSAPP_EXPORT_CAPS } from '@chatexhibit/proto/constants';
import type { ExportFacts, TimeZoneSource } from '@chatexhibit/proto/processing-options';
import type { TranscriptChat } from '@chatexhibit/proto/transcript';
import type { ChatSummary } from './chat-summary';
import { messageNumber } from './message-number';
import { formatMomentInZone, formatRecordedMoment, formatUtcOffset, zoneChangesBetween } from './time-zone';
import { timeZoneSourceStatement } from '../time-zone-source';

/** Label and value rows of one cover section. */
export type CoverRows = ReadonlyArray<readonly [label: string, value: string]>;

export interface CoverSection {
  heading: string;
  rows?: CoverRows;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

export interface CoverInput {
  facts: ExportFacts;
  chat: Omit<TranscriptChat, 'totalMessages'>;
  summary: ChatSummary;
  /** Files of the upload besides the chat text, by what the media step made of them. */
  mediaFiles: { total: number; voiceNotes: number; images: number };
  generatedAt: Date;
  toolVersion: string;
  manifestSha256: string;
  /** The export's non-secret reference (never its id), to quote to support. */
  exportReference: string;
}

export interface CoverContent {
  generatedOn: string;
  sections: CoverSection[];
}

const NOT_STATED = 'not stated';
/** Parser warnings and silent gaps named one by one; past these, a line counts the rest. */
const LISTED_WARNINGS = 20;
const LISTED_GAPS = 10;
/** A chat this close to a cap (as a share of it) may have been cut short by WhatsApp. */
const NEAR_CAP_SHARE = 0.9;

const bytes = (n: number): string => `${n.toLocaleString('en-US')} bytes`;
const onOff = (on: boolean, yes: string, no: string): string => (on ? yes : no);

/** The facts on the transcript's first pages, as text; the same for both PDFs. */
export function coverContent(input: CoverInput): CoverContent {
  const { facts, chat, summary, generatedAt } = input;
  const zone = facts.timeZone;
  const total = summary.counts.messages;
  return {
    generatedOn: `${formatMomentInZone(generatedAt, zone)}, ${zone}`,
    sections: [
      {
        heading: 'Examination',
        rows: [
          ['Case number', facts.examination.caseNumber ?? NOT_STATED],
          ['Exhibit number', facts.examination.exhibitNumber ?? NOT_STATED],
          ['Prepared by', facts.examination.preparedBy ?? NOT_STATED],
          [
            'Exported from the account of',
            facts.examination.exportingAccount ??
              `${NOT_STATED} (a text export does not say whose phone it came from)`,
          ],
          ['Tool', `ChatExhibit ${input.toolVersion}`],
          ['Export reference', input.exportReference],
          ['Upload received', `${formatMomentInZone(new Date(facts.receivedAt), zone)}, ${zone}`],
          ['Transcript generated', `${formatMomentInZone(generatedAt, zone)}, ${zone}`],
          ['Source file', `${facts.originalFilename} (${bytes(facts.uploadSizeBytes)})`],
          ['Source SHA-256', facts.fileHash],
          ['Chat text in the upload', describeChatFile(chat)],
          ['Evidence manifest SHA-256', input.manifestSha256],
        ],
      },
      {
        heading: 'Contents',
        rows: [
          ['Messages', total.toLocaleString('en-US')],
          ['Messages with media', summary.counts.mediaMessages.toLocaleString('en-US')],
          ['Voice notes', summary.counts.voiceNotes.toLocaleString('en-US')],
          ['Deleted messages', summary.counts.deleted.toLocaleString('en-US')],
          ['Edited messages', summary.counts.edited.toLocaleString('en-US')],
          ['System events', summary.counts.systemEvents.toLocaleString('en-US')],
          [
            'Media files in the upload',
            `${input.mediaFiles.total.toLocaleString('en-US')} (voice notes ${input.mediaFiles.voiceNotes}, images ${input.mediaFiles.images}, other ${input.mediaFiles.total - input.mediaFiles.voiceNotes - input.mediaFiles.images})`,
          ],
          [
            'Date range (as recorded)',
            summary.firstAt === null || summary.lastAt === null
              ? 'no dated messages'
              : `${formatRecordedMoment(summary.firstAt, facts.options.includeTimestamps)} to ${formatRecordedMoment(summary.lastAt, facts.options.includeTimestamps)}`,
          ],
        ],
      },
      {
        heading: 'Time zone',
        paragraphs: [
          ...timeZoneStatement(zone, facts.timeZoneSource, summary),
          ...calendarStatement(chat.calendar),
        ],
      },
      {
        heading: 'Processing options',
        bullets: [
          `Timestamps: ${onOff(facts.options.includeTimestamps, 'shown', 'not shown (dates are still shown as headings)')}.`,
          `Senders: ${onOff(facts.options.highlightSenders, 'highlighted in colour', 'not highlighted')}.`,
          `Voice notes: ${onOff(facts.options.includeVoiceMessages, 'MP3 copies embedded in transcript.pdf, playable from their messages', 'listed, not embedded')}.`,
          `Images: ${onOff(facts.options.includeImages, 'shown as thumbnails', 'listed, not shown')}.`,
          `Other attachments: ${onOff(facts.options.includeAttachments, 'embedded in transcript.pdf', 'listed, not embedded')}.`,
          `Bates numbering: ${facts.batesPrefix === null ? 'none' : `prefix "${facts.batesPrefix}", one number per page`}.`,
          'Every file is in the evidence package whatever these options say.',
        ],
      },
      { heading: 'Completeness', bullets: completenessFindings(input) },
      {
        heading: 'What the SHA-256 value proves',
        paragraphs: [
          `ChatExhibit computed the SHA-256 value of the uploaded file when it was received (${formatMomentInZone(new Date(facts.receivedAt), zone)}). Any change to the file, however small, gives a different value, so a file with the same value is the same file: this shows the export has not changed since it was uploaded.`,
          'It does not show what happened to the chat before the upload, that the export is complete, or who wrote each message. Authorship is proved by other evidence (Federal Rule of Evidence 901(b)(4)), such as testimony or the content of the messages.',
          'The evidence package (evidence.zip) holds the upload and every file in it bit for bit, with their SHA-256 values in manifest.json and SHA256SUMS; its README.txt explains how to check them.',
        ],
      },
      {
        heading: 'Limitations',
        paragraphs: [
          'A WhatsApp text export does not contain reactions, the context of quoted replies, read receipts, the earlier text of edited messages, or the time zone of the device. Media the exporter left out appears as an omitted-media line. Deleted messages appear only as a notice that they were deleted.',
          'Each message shows the lines of the chat text it came from (L12 or L12-14), so it can be found in the original file. Messages appear in the order of the export, numbered from 1.',
        ],
      },
    ],
  };
}

function describeChatFile(chat: CoverInput['chat']): string {
  const details = [chat.format && `${chat.format} layout`, chat.encoding && `${chat.encoding} text`].filter(
    Boolean,
  );
  return details.length === 0 ? chat.chatFile : `${chat.chatFile} (${details.join(', ')})`;
}

function timeZoneStatement(zone: string, source: TimeZoneSource, summary: ChatSummary): string[] {
  const recorded = `Times are shown exactly as the exporting device recorded them, in its local time; the export does not say which time zone that was. ${timeZoneSourceStatement(zone, source)}`;
  if (summary.firstAt === null || summary.lastAt === null) {
    return [`${recorded} No time has been converted.`];
  }
  // The offset of the chat's own dates matters, not today's: read at the first message.
  const offset = formatUtcOffset(tzOffset(zone, new Date(`${summary.firstAt}Z`)));
  const changes = zoneChangesBetween(zone, summary.firstAt, summary.lastAt);
  return [
    `${recorded} In ${zone} the UTC offset was ${offset} at the first message (${formatRecordedMoment(summary.firstAt, false)}). No time has been converted.`,
    changes.length === 0
      ? `No daylight-saving or other change of the UTC offset falls inside this chat's date range in ${zone}.`
      : `In ${zone} the UTC offset changed inside this chat's date range, so times near these changes may be ambiguous: ${changes.map((c) => `on ${c.date} from ${c.from} to ${c.to}`).join('; ')}.`,
  ];
}

/** Names a calendar other than the Gregorian one the export's dates are written in, and what the transcript shows. */
function calendarStatement(calendar: Calendar): string[] {
  switch (calendar) {
    case 'gregorian':
      return [];
    case 'thai-buddhist':
    case 'japanese-era':
      return [
        `The export writes its dates in the ${CALENDAR_NAMES[calendar]} calendar; this transcript shows them converted to the Gregorian calendar.`,
      ];
    case 'persian':
    case 'islamic':
      return [
        `The export writes its dates in the ${CALENDAR_NAMES[calendar]} calendar. This transcript shows them as written, not converted to the Gregorian calendar, because phones differ in that calendar's month lengths: check them against the phone.`,
      ];
  }
}

function completenessFindings({ facts, chat, summary, mediaFiles }: CoverInput): string[] {
  const findings: string[] = [];
  const total = summary.counts.messages;
  const cap = mediaFiles.total > 0 ? WHATSAPP_EXPORT_CAPS.withMedia : WHATSAPP_EXPORT_CAPS.withoutMedia;
  if (total >= cap * NEAR_CAP_SHARE) {
    findings.push(
      `This chat has ${total.toLocaleString('en-US')} messages, close to WhatsApp's export limit of about ${cap.toLocaleString('en-US')} messages ${mediaFiles.total > 0 ? 'with' : 'without'} media. The export may be truncated: WhatsApp leaves out messages beyond that limit without saying so.`,
    );
  }
  if (total > 0 && !summary.beginsWithChatStart) {
    findings.push(
      "The chat does not begin with WhatsApp's encryption notice or a group-creation event, so earlier messages may be missing (the chat may have been cleared before the export, or the export cut short).",
    );
  }
  for (const gap of summary.gaps.slice(0, LISTED_GAPS)) {
    findings.push(
      `No messages for ${gap.days} days between message ${messageNumber(gap.afterIndex, total)} and message ${messageNumber(gap.beforeIndex, total)}.`,
    );
  }
  if (summary.gaps.length > LISTED_GAPS) {
    findings.push(`${summary.gaps.length - LISTED_GAPS} more silent gaps of 30 days or more.`);
  }
  // Out-of-order messages are among the parser's notes, by number.
  for (const warning of chat.warnings.slice(0, LISTED_WARNINGS)) findings.push(warning);
  if (chat.warnings.length > LISTED_WARNINGS) {
    findings.push(`${chat.warnings.length - LISTED_WARNINGS} more notes of the parser are in manifest.json.`);
  }
  if (findings.length === 0) {
    findings.push(
      `No sign of an incomplete export was found: the chat begins with WhatsApp's own first event, is far from the export limits, and has no silent gap of 30 days or more.`,
    );
  }
  if (facts.options.includeTimestamps === false) {
    findings.push(
      "Times of day are left out of this transcript at the uploader's request; they remain in the original chat text in the evidence package.",
    );
  }
  return findings;
}
