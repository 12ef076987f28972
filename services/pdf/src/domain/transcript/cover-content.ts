import { tzOffset } from '@date-fns/tz';
import { type Calendar, CALENDAR_NAMES } from '@chatexhibit/proto/calendar';
import { WHATSAPP_EXPORT_CAPS } from '@chatexhibit/proto/constants';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ExportFacts, ReceiptChannel } from '@chatexhibit/proto/processing-options';
import {
  exportEndsAtRemovalSentence,
  RIGHT_TO_LEFT_COPYING,
  type TranscriptChat,
} from '@chatexhibit/proto/transcript';
import type { ChatSummary } from './chat-summary';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { formatMomentInZone, formatUtcOffset } from '@chatexhibit/proto/moment-in-zone';
import type { MessageAnomalies } from './message-anomalies';
import { listed } from './provenance-findings';
import {
  formatRecordedMoment,
  wentForward,
  zoneChangeClocks,
  zoneChangeDate,
  zoneChangeGap,
  type ZoneChange,
  zoneChangesBetween,
} from './time-zone';
import { timeZoneSourceStatement } from '../time-zone-source';
import {
  ATTACHMENT_KIND_LABELS,
  bytes,
  countRows,
  type ExportCounts,
  OMITTED_MEDIA_EXAMPLES,
} from '../export-counts';
import { ATTACHMENT_KINDS } from './chat-summary';
import { describeCharacter } from '../text/unicode';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import { identifierScanSentence } from '@chatexhibit/proto/identifier-scan';
import { formatUtc, unglue } from '../evidence/plain-text';
import { batesCoverStatement } from './bates';
import { timeNotes } from './time-notes';
import { attachmentsReading, perCopy } from './transcript-copies';
import type { CopyText, TextMask, TranscriptCopy } from './twin-pages';

/** Label and value rows of one cover section. */
export type CoverRows = ReadonlyArray<readonly [label: string, value: string]>;

/** Starts a bullet that belongs to the bullet before it (the parser's notes): drawn indented, with an en dash. */
export const SUB_BULLET = '\u2013 ';

export interface CoverSection<Copy extends string = TranscriptCopy> {
  heading: string;
  rows?: CoverRows;
  /** Paragraphs and bullets may say something different in each copy (what that copy carries). */
  paragraphs?: readonly CopyText<Copy>[];
  bullets?: readonly CopyText<Copy>[];
  /**
   * An exhibit's participants after the section's text: these names beside their marks, with the
   * participant table's legend; `masks` gives the ranges of each text a redacting copy removes.
   */
  markedParticipants?: { names: readonly string[]; masks: (text: string) => readonly TextMask[] };
  /** The participant table (drawn from the summary) follows the section's text: it ends Contents. */
  participantTable?: true;
}

export interface CoverInput {
  facts: ExportFacts;
  chat: Omit<TranscriptChat, 'totalMessages'>;
  summary: ChatSummary;
  counts: ExportCounts;
  generatedAt: Date;
  toolVersion: string;
  manifestSha256: string;
  /** The export's non-secret reference (never its id), to quote to support. */
  exportReference: string;
  /** The Provenance section (provenance-findings.ts). */
  provenance: CoverSection;
  /** What the zone says of the messages' times, among the other anomalies. */
  anomalies: Pick<MessageAnomalies, 'skippedTimes' | 'laterAfterClocksWentBack'>;
}

export interface CoverContent {
  sections: CoverSection[];
}

/**
 * The messages a Time zone section speaks of: the whole chat's, or an exhibit's (which names only
 * the clock changes, skipped times and reorderings among the messages it draws).
 */
export interface ZoneReading {
  /** Where the changes fall: "this chat's date range". */
  scope: string;
  /** Where an unstated zone's offset may have changed: "the chat's date range". */
  unstatedScope: string;
  /** The message the offset is read at: "the first message". */
  firstMessage: string;
  /** Its recorded time; null when no message is dated. */
  firstAt: string | null;
  /** The clock changes a row among the messages marks, in order. */
  changes: readonly ZoneChange[];
  /** The clock changes no row marks, as they fall in a stretch an exhibit leaves out; none in the transcript. */
  omittedChanges: readonly OmittedZoneChanges[];
  anomalies: Pick<MessageAnomalies, 'skippedTimes' | 'laterAfterClocksWentBack'>;
}

/** An exhibit's omitted stretch that holds clock changes, by the shown messages on each side of it. */
export interface OmittedZoneChanges {
  lastShown: number;
  nextShown: number;
  changes: readonly ZoneChange[];
}

const NOT_STATED = 'not stated';
/** Silent gaps named one by one; past these, a line counts the rest. */
const LISTED_GAPS = 10;
/** Messages named for one undrawable character; past these, the same bullet counts the rest. */
const LISTED_UNDRAWABLE_MESSAGES = 10;
/** A chat this close to a cap (as a share of it) may have been cut short by WhatsApp. */
const NEAR_CAP_SHARE = 0.9;

const onOff = (on: boolean, yes: string, no: string): string => (on ? yes : no);
/** A time as one word to the cover's line breaking (its spaces no-break ones): no line ends inside it. */
const whole = (time: string): string => unglue(time).replaceAll(' ', '\u00a0');
/** A moment in the zone and in UTC, as the package's texts give it, so that both read as one instant. */
const inZoneAndUtc = (moment: Date, zone: string): string =>
  `${whole(formatMomentInZone(moment, zone))}, ${zone} =\u00a0${whole(formatUtc(moment))}`;

/** The facts on the transcript's first pages, as text; the same for both PDFs. */
export function coverContent(input: CoverInput): CoverContent {
  const { facts, chat, summary, generatedAt } = input;
  const zone = facts.timeZone;
  const { firstAt, lastAt } = summary;
  const timeZone = timeZoneSection(facts, chat.calendar, input.counts.entries, {
    scope: "this chat's date range",
    unstatedScope: "the chat's date range",
    firstMessage: 'the first message',
    firstAt,
    changes: firstAt === null || lastAt === null ? [] : zoneChangesBetween(zone, firstAt, lastAt),
    omittedChanges: [],
    anomalies: input.anomalies,
  });
  return {
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
          [RECEIPT_ON_COVER[facts.receivedThrough].label, inZoneAndUtc(new Date(facts.receivedAt), zone)],
          ['Transcript generated', inZoneAndUtc(generatedAt, zone)],
          ['Source file', `${facts.originalFilename} (${bytes(facts.uploadSizeBytes)})`],
          ['Source SHA-256', facts.fileHash],
          ['Chat text in the upload', describeChatFile(chat)],
          ['Evidence manifest SHA-256', input.manifestSha256],
        ],
      },
      {
        heading: 'Contents',
        rows: [
          ...countRows(input.counts),
          [
            'Date range (as recorded)',
            summary.firstAt === null || summary.lastAt === null
              ? 'no dated messages'
              : `${whole(formatRecordedMoment(summary.firstAt, facts.options.includeTimestamps))} to ${whole(formatRecordedMoment(summary.lastAt, facts.options.includeTimestamps))}`,
          ],
        ],
        participantTable: true,
      },
      timeZone,
      {
        heading: 'Processing options',
        // Short statements, run on as one paragraph to keep the cover short; each copy says what it carries.
        paragraphs: [
          perCopy((copy) =>
            [...processingOptionStatements(facts, input.counts, copy), batesCoverStatement(facts, copy)].join(
              ' ',
            ),
          ),
        ],
      },
      { heading: 'Completeness', bullets: completenessFindings(input) },
      ...undrawableSection(summary, input.counts.entries),
      input.provenance,
      {
        heading: 'What the SHA-256 value proves',
        paragraphs: [
          `ChatExhibit computed the SHA-256 value of ${RECEIPT_ON_COVER[facts.receivedThrough].hashed}. Any change to the file, however small, gives a different value, so a file with the same value is the same file: this shows the export has not changed since ${RECEIPT_ON_COVER[facts.receivedThrough].since}. It does not show what happened to the chat before that, that the export is complete, or who wrote each message. Authorship is shown by other evidence under Federal Rule of Evidence 901, such as the testimony of a witness with knowledge (901(b)(1)) or distinctive characteristics of the messages (901(b)(4)).`,
          'The evidence package (evidence.zip) holds the upload and every file in it bit for bit, with their SHA-256 values in manifest.json and SHA256SUMS; its README.txt explains how to check them.',
        ],
      },
      { heading: 'Reading this transcript', paragraphs: readingStatements(input) },
    ],
  };
}

/** How to read the message rows: what a row shows, and only the furniture this transcript has. */
/** How to read the message rows; the clocks' rows and flags are explained under Time zone. */
function readingStatements({ facts, summary }: CoverInput): CopyText[] {
  const attaches = summary.references.size > 0 || summary.missingAttachments.length > 0;
  return [
    'Messages appear under the date they were sent, in the order of the export. Each row shows the message number, the time as recorded, the sender exactly as the export names them, and on the right the lines of the chat text it came from. System events (WhatsApp notices such as "Messages are end-to-end encrypted") are shown in grey and are not attributed to any person. Flags such as EDITED, DELETED and OUT OF ORDER describe the status of a message.',
    ...(attaches ? [attachmentsReading(facts)] : []),
    ...(summary.rightToLeft ? [RIGHT_TO_LEFT_COPYING] : []),
  ];
}

/**
 * The processing options in words: each copy's cover says what that copy carries, the processing
 * record what the package's documents carry. The Bates numbering follows them (bates.ts).
 */
export function processingOptionStatements(
  facts: ExportFacts,
  counts: Pick<ExportCounts, 'mp3Copies' | 'attachments' | 'attachmentsByKind'>,
  reader: TranscriptCopy | 'record',
): string[] {
  // The filing copy embeds no file, whatever the options (it names each by its attachment number).
  const embedded = (on: boolean, what: string) =>
    !on
      ? 'listed, not embedded'
      : reader === 'filing'
        ? `embedded only in ${PACKAGE_PATHS.transcript}; this court-filing copy embeds no files`
        : what;
  return [
    `Timestamps: ${onOff(facts.options.includeTimestamps, 'shown', 'not shown (dates are still shown as headings)')}.`,
    `Senders: ${onOff(facts.options.highlightSenders, 'in colour, with a mark beside each name', 'not in colour; a mark beside each name')} (the transcript's participant table is the key).`,
    `Voice notes: ${
      facts.options.includeVoiceMessages && counts.mp3Copies === 0
        ? `to be embedded as MP3 copies; ${counts.attachmentsByKind.voice.present === 0 ? 'this export has none' : 'none could be made of its voice notes'}`
        : embedded(
            facts.options.includeVoiceMessages,
            `MP3 copies embedded in ${PACKAGE_PATHS.transcript}, playable from their messages in desktop PDF readers that open attachments`,
          )
    }.`,
    `Images: ${onOff(facts.options.includeImages, 'shown as display copies (JPEG thumbnails), each captioned as such', 'listed, not shown')}.`,
    `Other attachments: ${
      facts.options.includeAttachments && counts.attachments.present === 0
        ? `to be embedded in ${PACKAGE_PATHS.transcript}; this export has none`
        : embedded(facts.options.includeAttachments, `embedded in ${PACKAGE_PATHS.transcript}`)
    }.`,
    `UTC column: ${onOff(facts.options.utcColumn && facts.options.includeTimestamps, `shown, computed from each recorded time in the time zone ${facts.timeZone}`, 'not shown (messages.csv has the UTC time of every message)')}.`,
    'Every file is in the evidence package whatever these options say.',
  ];
}

/**
 * How the export file reached ChatExhibit, in the cover's words: the web service receives an
 * upload; the convert command reads a file on the user's own computer, where nothing is uploaded.
 */
const RECEIPT_ON_COVER: Readonly<Record<ReceiptChannel, { label: string; hashed: string; since: string }>> = {
  web: {
    label: 'Upload received',
    hashed: 'the uploaded file when it was received',
    since: 'it was uploaded',
  },
  cli: {
    label: 'Export file read',
    hashed: 'the export file as its convert command read it, on the computer that holds the file',
    since: 'it was read',
  },
};

/** The header layouts the parser recognises, as a reader of the cover knows them. */
const LAYOUT_WORDS: Record<string, string> = {
  ios: 'lines written “[date, time] name: text”, as iPhones export them',
  android: 'lines written “date, time - name: text”, as Android phones export them',
  colon: 'lines written “date time: name: text”',
};

function describeChatFile(chat: CoverInput['chat']): string {
  const details = [
    chat.format && (LAYOUT_WORDS[chat.format] ?? chat.format),
    chat.encoding && `text encoded as ${chat.encoding.toUpperCase()}`,
  ].filter(Boolean);
  return details.length === 0 ? chat.chatFile : `${chat.chatFile} (${details.join('; ')})`;
}

/** The Time zone section: how the times read, and what the zone says of `reading`'s messages. */
export function timeZoneSection(
  facts: ExportFacts,
  calendar: Calendar,
  totalMessages: number,
  reading: ZoneReading,
): CoverSection {
  return {
    heading: 'Time zone',
    paragraphs: [...timeZoneStatement(facts, totalMessages, reading), ...calendarStatement(calendar)],
  };
}

function timeZoneStatement(facts: ExportFacts, totalMessages: number, reading: ZoneReading): string[] {
  const { scope, unstatedScope, firstMessage, firstAt, changes, omittedChanges, anomalies } = reading;
  const zone = facts.timeZone;
  const source = facts.timeZoneSource;
  // The clock and the date's wording are the transcript's, not the device's.
  const shown = facts.options.includeTimestamps
    ? 'shown on a 24-hour clock, to the second where the export wrote seconds (iPhone exports do) and otherwise to the minute'
    : 'left out here but for their dates';
  const recorded = `Times are the ones the export recorded, in the exporting device's local time, ${shown}; the export does not say which time zone that was. ${timeZoneSourceStatement(zone, source)}`;
  const converted =
    facts.options.utcColumn && facts.options.includeTimestamps
      ? `These times are not converted; the UTC column beside them is computed from each in the time zone ${zone}.`
      : 'No time has been converted.';
  if (firstAt === null) {
    return [`${recorded} ${converted}`];
  }
  // The offset of the chat's own dates matters, not today's: read at the first message.
  const offset = formatUtcOffset(tzOffset(zone, new Date(`${firstAt}Z`)));
  // A zone nobody chose says nothing of the phone: its offset may have changed all the same.
  const unknownZone =
    source === 'declared'
      ? ''
      : ` The phone's real time zone is not known: it may differ from ${zone}, and its UTC offset may have changed inside ${unstatedScope}.`;
  const repeatedHours = [...changes, ...omittedChanges.flatMap((stretch) => stretch.changes)].some(
    (change) => !wentForward(change),
  )
    ? ' A message at a local time that occurred twice is read in export order: as the first time until a message of that hour reads as earlier than the one before it, as the second from then on; it is marked REPEATED HOUR with the UTC offset it is read with.'
    : '';
  const number = (index: number): string => `message ${messageNumber(index, totalMessages)}`;
  const more = (n: number): string => `${n} more such ${n === 1 ? 'message' : 'messages'}`;
  const { skippedTimes, laterAfterClocksWentBack } = anomalies;
  return [
    `${recorded} In the time zone ${zone}, the offset from UTC was ${offset} at ${firstMessage} (${formatRecordedMoment(firstAt, false)}). ${converted}`,
    [
      ...(changes.length > 0
        ? [
            `In the time zone ${zone} the clocks changed inside ${scope}, and a row among the messages marks each change where it falls: ${changes.map((c) => `on ${zoneChangeDate(c)} ${zoneChangeClocks(c)}, so local times ${zoneChangeGap(c)} that day`).join('; ')}.`,
          ]
        : omittedChanges.length === 0
          ? [
              `No daylight-saving or other change of the UTC offset falls inside ${scope} in the time zone ${zone}.`,
            ]
          : []),
      ...omittedChanges.map((stretch) => omittedChangesSentence(stretch, totalMessages)),
    ].join(' ') +
      repeatedHours +
      unknownZone,
    ...(skippedTimes.length === 0
      ? []
      : [
          `A local time that did not exist in the time zone ${zone} (its clocks went forward over it) is recorded by ${listed(skippedTimes.map(number), more)}, flagged NO SUCH LOCAL TIME: a clock on ${zone} time cannot have shown it, so the phone's zone may differ from ${zone}, and no UTC time is given for it.`,
        ]),
    ...(laterAfterClocksWentBack.length === 0
      ? []
      : [
          `Read as earlier than the message before only because the clocks went back between them: ${listed(laterAfterClocksWentBack.map(number), more)}. In the time zone ${zone} ${laterAfterClocksWentBack.length === 1 ? 'it is later than the message before it, so it is not' : 'each is later than the message before it, so none is'} marked OUT OF ORDER (the reading's note on messages earlier than the one before counts ${laterAfterClocksWentBack.length === 1 ? 'it' : 'them'}).`,
        ]),
  ];
}

/**
 * "Clocks went forward on 09 March 2025 (UTC−08:00 → UTC−07:00) between messages 0096 and 0113,
 * in an omitted stretch; from message 0113 on, times are UTC−07:00.": no row marks it, and a
 * reader of the shown messages would otherwise read the later ones at the wrong offset.
 */
function omittedChangesSentence(
  { lastShown, nextShown, changes }: OmittedZoneChanges,
  total: number,
): string {
  const clocks = changes
    .map(
      (c) =>
        `clocks went ${wentForward(c) ? 'forward' : 'back'} on ${zoneChangeDate(c)} (${formatUtcOffset(c.offsetBefore)} \u2192 ${formatUtcOffset(c.offsetAfter)})`,
    )
    .join(' and ');
  const next = messageNumber(nextShown, total);
  return (
    `${clocks.charAt(0).toUpperCase()}${clocks.slice(1)} between messages ${messageNumber(lastShown, total)} and ` +
    `${next}, in an omitted stretch; from message ${next} on, times are ${formatUtcOffset(changes[changes.length - 1]!.offsetAfter)}.`
  );
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

/**
 * What may be missing from the export, every finding counted in full: what the cover cannot list
 * one by one it counts in the same sentence, and it never sends the reader elsewhere.
 */
function completenessFindings({ facts, chat, summary, counts, anomalies }: CoverInput): string[] {
  const findings: string[] = [];
  const total = counts.entries;
  const withMedia = counts.uploadFiles.total > 0;
  const cap = withMedia ? WHATSAPP_EXPORT_CAPS.withMedia : WHATSAPP_EXPORT_CAPS.withoutMedia;
  if (total >= cap * NEAR_CAP_SHARE) {
    findings.push(
      `This chat has ${formatInteger(total)} numbered entries, close to WhatsApp's export limit of about ${formatInteger(cap)} messages ${withMedia ? 'with' : 'without'} media. The export may be truncated: WhatsApp leaves out messages beyond that limit without saying so.`,
    );
  }
  if (summary.endsWithRemoval !== null) {
    findings.push(exportEndsAtRemovalSentence(messageNumber(summary.endsWithRemoval, total)));
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
    findings.push(
      `${countOf(summary.gaps.length - LISTED_GAPS, 'more silent gap', 'more silent gaps')} of 30 days or more.`,
    );
  }
  if (counts.attachments.missing > 0) {
    const kinds = ATTACHMENT_KINDS.filter((kind) => counts.attachmentsByKind[kind].missing > 0).map(
      (kind) =>
        `${ATTACHMENT_KIND_LABELS[kind].toLowerCase()} ${formatInteger(counts.attachmentsByKind[kind].missing)}`,
    );
    findings.push(
      `${counts.attachments.missing.toLocaleString('en-US')} of the ${countOf(counts.attachments.named, 'attachment', 'attachments')} that messages name ${counts.attachments.missing === 1 ? 'is' : 'are'} not in the upload (${kinds.join(', ')}); each is marked MISSING at its message. A file is missing when the chat was exported without media, when it was no longer on the phone, or when it was sent to be viewed once.`,
    );
  }
  if (counts.mediaOmitted > 0) {
    findings.push(
      `${countOf(counts.mediaOmitted, 'message says', 'messages say')} only that a file was left out ${OMITTED_MEDIA_EXAMPLES}: WhatsApp writes this when a chat is exported without media, and it does not name the file.`,
    );
  }
  if (chat.warnings.length === 1) {
    findings.push(`The reading of the chat text made 1 note: ${chat.warnings[0]}`);
  } else if (chat.warnings.length > 1) {
    findings.push(
      `The reading of the chat text made ${chat.warnings.length} notes, each given in full below (a note lists the first message or line numbers it concerns and counts the rest):`,
      ...chat.warnings.map((warning) => `${SUB_BULLET}${warning}`),
    );
  }
  const { earlierExplained } = timeNotes(anomalies, total, facts.timeZone);
  if (earlierExplained !== null) findings.push(earlierExplained);
  if (findings.length === 0) {
    findings.push(
      `No sign of an incomplete export was found: the chat begins with WhatsApp's own first event, is far from the export limits, names no attachment the upload lacks, and has no silent gap of 30 days or more.`,
    );
  }
  // Not a sign of incompleteness, but a fact a filer must have before filing the transcript publicly.
  findings.push(identifierScanSentence(summary.identifiers));
  // True of every export, so always said: what no export can show.
  findings.push(
    'Deletions an export cannot show: a message deleted for everyone leaves a notice (counted above), but a message deleted only on one phone ("Delete for me"), messages removed by clearing the chat and messages that disappeared under a disappearing-messages timer leave no trace in an export.',
    'A WhatsApp text export never contains reactions, the context of quoted replies, read receipts, the earlier text of edited messages, or the time zone of the device.',
  );
  if (facts.options.includeTimestamps === false) {
    findings.push(
      "Times of day are left out of this transcript at the uploader's request; they remain in the original chat text in the evidence package.",
    );
  }
  return findings;
}

/**
 * Characters no font of the transcript draws, each with the messages that have it: only when
 * there are any, so that every character is either drawn or listed here.
 */
function undrawableSection(summary: ChatSummary, total: number): CoverSection[] {
  if (summary.undrawable.size === 0) return [];
  return [
    {
      heading: 'Characters not drawn',
      paragraphs: [
        `No font of this transcript can draw ${summary.undrawable.size === 1 ? 'this character' : `these ${summary.undrawable.size} characters`}: each is drawn as a replacement mark (\uFFFD), while copying or searching the PDF's text gives the character itself, as messages.csv and the original chat text in the evidence package do.`,
      ],
      bullets: [...summary.undrawable].map(([character, indexes]) => {
        const listed = indexes
          .slice(0, LISTED_UNDRAWABLE_MESSAGES)
          .map((index) => messageNumber(index, total));
        const more = indexes.length - listed.length;
        const where =
          indexes.length === 1
            ? `message ${listed[0]}`
            : `messages ${listed.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
        return `${describeCharacter(character)} in ${where}.`;
      }),
    },
  ];
}
