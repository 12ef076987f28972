import type { IdentifierScan } from '@chatexhibit/proto/identifier-scan';
import { suggestRedactions } from '@chatexhibit/proto/redaction-suggestions';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { FontSet } from '../text/font-set';

/** One row of the participant table: each name exactly as exported, never merged. */
export interface ParticipantRow {
  name: string;
  /** The name itself when the export shows a phone number instead of a contact name. */
  phone: string | null;
  messageCount: number;
  firstAt: string;
  lastAt: string;
}

/** A stretch without messages long enough for the reader to ask whether something is missing. */
export interface SilentGap {
  /** The message after which the chat falls silent, and the next one. */
  afterIndex: number;
  beforeIndex: number;
  days: number;
}

/** What kind of file an attachment is, by the message that names it: the rows counts are kept in. */
export const ATTACHMENT_KINDS = ['voice', 'image', 'video', 'audio', 'sticker', 'document'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Attachments of one kind that messages name, and how many of them the upload holds. */
export interface AttachmentTally {
  named: number;
  present: number;
}

/** Tallies of the messages themselves; documents read them through export-counts, never here. */
export interface MessageTallies {
  /** Every numbered entry of the transcript: people's messages and system events. */
  entries: number;
  systemEvents: number;
  deleted: number;
  edited: number;
  /** Lines where the export says a file was left out ("<Media omitted>"). */
  mediaOmitted: number;
  attachments: Record<AttachmentKind, AttachmentTally>;
}

export interface ChatSummary {
  counts: MessageTallies;
  participants: ParticipantRow[];
  /** Earliest and latest timestamps as recorded (local, no zone); null for a chat without messages. */
  firstAt: string | null;
  lastAt: string | null;
  /** Whether the first message is WhatsApp's encryption notice or a group creation. */
  beginsWithChatStart: boolean;
  /** Whether a message's text or sender has right-to-left letters (Arabic, Hebrew, …). */
  rightToLeft: boolean;
  /** The last entry's number when it is the exporting account's removal from the group (the export ends there); else null. */
  endsWithRemoval: number | null;
  gaps: SilentGap[];
  /**
   * Entry paths that messages' attachments were linked to, with the numbers of those messages;
   * in order of first reference, which is the exhibit order.
   */
  references: Map<string, number[]>;
  /** Attachments a message names that the export does not contain. */
  missingAttachments: Array<{ index: number; name: string }>;
  /** Whether the export recorded seconds for any message's time (TranscriptMessage.secondsRecorded). */
  timesHaveSeconds: boolean;
  /**
   * Characters (grapheme clusters) that no font or emoji image draws, each drawn as U+FFFD, with
   * the numbers of the messages whose sender, text or attachment name has them; in order of
   * first appearance.
   */
  undrawable: Map<string, number[]>;
  /** What the Rule 5.2(a) suggestion engine finds in the messages' texts, by kind and message. */
  identifiers: IdentifierScan;
}

/** A gap of this many days or more is stated on the cover. */
export const SILENT_GAP_DAYS = 30;

/** A name that is a phone number (the export shows the number when the phone had no contact name). */
export const PHONE_NUMBER = /^\+?[\d\s\-().\u00a0\u2011]{7,}$/;
const CHAT_START_EVENTS = new Set(['encryption', 'group-created']);
/** Letters of the scripts written right to left (Unicode's Hebrew to Arabic blocks and their presentation forms, and the astral ones). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** The kind an attachment is counted under; a contact card or any other named file counts as a document. */
const attachmentKind = (type: TranscriptMessage['type']): AttachmentKind => {
  switch (type) {
    case 'voice':
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
      return type;
    case 'gif':
      return 'video';
    default:
      return 'document';
  }
};
const DAY_MS = 86_400_000;

/** Milliseconds of a recorded local time, read as if UTC: enough to compare and subtract two of them. */
const localMs = (timestamp: string): number => Date.parse(`${timestamp}Z`);

/** One pass over the messages: the facts the cover states before any message is drawn. */
export async function summarizeChat(
  pages: AsyncIterable<readonly TranscriptMessage[]>,
  fonts: FontSet = FontSet.shared(),
): Promise<ChatSummary> {
  const counts: MessageTallies = {
    entries: 0,
    systemEvents: 0,
    deleted: 0,
    edited: 0,
    mediaOmitted: 0,
    attachments: Object.fromEntries(
      ATTACHMENT_KINDS.map((kind) => [kind, { named: 0, present: 0 }]),
    ) as Record<AttachmentKind, AttachmentTally>,
  };
  const participants = new Map<string, ParticipantRow>();
  const references = new Map<string, number[]>();
  const missingAttachments: ChatSummary['missingAttachments'] = [];
  const undrawable = new Map<string, number[]>();
  const identifiers: IdentifierScan['found'] = [];
  const gaps: SilentGap[] = [];
  let firstAt: string | null = null;
  let lastAt: string | null = null;
  let beginsWithChatStart = false;
  let endsWithRemoval: number | null = null;
  let rightToLeft = false;
  let timesHaveSeconds = false;
  let previous: TranscriptMessage | null = null;

  for await (const page of pages) {
    for (const message of page) {
      counts.entries += 1;
      if (counts.entries === 1) beginsWithChatStart = CHAT_START_EVENTS.has(message.event ?? '');
      endsWithRemoval = message.event === 'removed-you' ? message.index : null;
      rightToLeft ||= RIGHT_TO_LEFT.test(message.content) || RIGHT_TO_LEFT.test(message.sender ?? '');
      if (message.type === 'omitted-media') counts.mediaOmitted += 1;
      if (message.type === 'deleted' || message.flags.includes('deleted')) counts.deleted += 1;
      if (message.flags.includes('edited')) counts.edited += 1;
      if (message.attachment !== null) {
        const tally = counts.attachments[attachmentKind(message.type)];
        tally.named += 1;
        if (message.attachmentPath !== null) tally.present += 1;
      }
      if (message.attachmentPath !== null) {
        const referencing = references.get(message.attachmentPath);
        if (referencing) referencing.push(message.index);
        else references.set(message.attachmentPath, [message.index]);
      } else if (message.attachment !== null)
        missingAttachments.push({ index: message.index, name: message.attachment });
      if (message.secondsRecorded) timesHaveSeconds = true;
      if (message.type === 'system') counts.systemEvents += 1;
      else if (message.sender !== null) countParticipant(participants, message);
      noteUndrawable(undrawable, fonts, message);
      noteIdentifiers(identifiers, message);

      if (!message.flags.includes('invalidDate')) {
        if (firstAt === null || message.timestamp < firstAt) firstAt = message.timestamp;
        if (lastAt === null || message.timestamp > lastAt) lastAt = message.timestamp;
        if (previous !== null) {
          const days = (localMs(message.timestamp) - localMs(previous.timestamp)) / DAY_MS;
          if (days >= SILENT_GAP_DAYS) {
            gaps.push({ afterIndex: previous.index, beforeIndex: message.index, days: Math.floor(days) });
          }
        }
        previous = message;
      }
    }
  }
  return {
    counts,
    participants: [...participants.values()],
    firstAt,
    lastAt,
    beginsWithChatStart,
    endsWithRemoval,
    rightToLeft,
    gaps,
    references,
    missingAttachments,
    timesHaveSeconds,
    undrawable,
    identifiers: { totalMessages: counts.entries, found: identifiers },
  };
}

/** Adds the message's number to each character of its drawn texts that no font draws. */
function noteUndrawable(undrawable: Map<string, number[]>, fonts: FontSet, message: TranscriptMessage): void {
  const drawn = [message.type === 'system' ? null : message.sender, message.content, message.attachment];
  for (const character of fonts.missingCharacters(drawn.filter((text) => text !== null).join('\n'))) {
    const indexes = undrawable.get(character);
    if (indexes) indexes.push(message.index);
    else undrawable.set(character, [message.index]);
  }
}

/**
 * Adds the message's number to each kind of Rule 5.2(a) identifier the suggestion engine finds in
 * its text, as the exhibit builder scans it (the same text a `text` redaction is found in).
 */
function noteIdentifiers(identifiers: IdentifierScan['found'], message: TranscriptMessage): void {
  for (const { kind } of suggestRedactions(message.content)) {
    const found = identifiers.find((entry) => entry.kind === kind);
    if (found === undefined) identifiers.push({ kind, messages: [message.index] });
    else if (found.messages[found.messages.length - 1] !== message.index) found.messages.push(message.index);
  }
}

function countParticipant(participants: Map<string, ParticipantRow>, message: TranscriptMessage): void {
  const name = message.sender!;
  const row = participants.get(name);
  if (row === undefined) {
    participants.set(name, {
      name,
      phone: PHONE_NUMBER.test(name) ? name : null,
      messageCount: 1,
      firstAt: message.timestamp,
      lastAt: message.timestamp,
    });
    return;
  }
  row.messageCount += 1;
  if (message.timestamp < row.firstAt) row.firstAt = message.timestamp;
  if (message.timestamp > row.lastAt) row.lastAt = message.timestamp;
}
