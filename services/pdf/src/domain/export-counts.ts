// The counts every document of an export states (cover, declaration, processing record, manifest),
// made and worded in this one place so that no two documents disagree. Messages from people and
// system events are counted apart, as the transcript types them; attachments are counted by the
// messages that name them and files by the upload that holds them, never mixed.

import {
  ATTACHMENT_KINDS,
  type AttachmentKind,
  type AttachmentTally,
  type ChatSummary,
} from './transcript/chat-summary';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import type { EvidenceFile } from './evidence/types';

export interface AttachmentCount extends AttachmentTally {
  /** Named by a message but not in the upload. */
  missing: number;
}

export interface ExportCounts {
  /** Every numbered entry of the transcript: messages from people and system events. */
  entries: number;
  messagesFromPeople: number;
  systemEvents: number;
  deleted: number;
  edited: number;
  /** Lines where the export says a file was left out ("<Media omitted>"): no file name, no file. */
  mediaOmitted: number;
  /** Attachments named by messages, all kinds together. */
  attachments: AttachmentCount;
  attachmentsByKind: Record<AttachmentKind, AttachmentCount>;
  /** Files of the upload other than the chat text. */
  uploadFiles: {
    total: number;
    /** Audio, images and video, by their bytes or WhatsApp's extensions. */
    media: number;
    other: number;
    /** Files no message names (a user's extra file, or media of messages outside the export). */
    namedByNoMessage: number;
  };
  /** MP3 copies ChatExhibit made of voice notes. */
  mp3Copies: number;
}

/** How every document names the lines where the export says a file was left out: iOS and Android word them differently. */
export const OMITTED_MEDIA_EXAMPLES = '(such as "<Media omitted>" or "image omitted")';

/** How each kind of attachment is named in the documents (plural, for the rows). */
export const ATTACHMENT_KIND_LABELS: Record<AttachmentKind, string> = {
  voice: 'Voice notes',
  image: 'Photos and images',
  video: 'Videos and GIFs',
  audio: 'Audio files',
  sticker: 'Stickers',
  document: 'Documents and other files',
};

const withMissing = ({ named, present }: AttachmentTally): AttachmentCount => ({
  named,
  present,
  missing: named - present,
});

/** The counts of an export, from the summary of its messages and the evidence files of its upload. */
export function exportCounts(summary: ChatSummary, evidence: readonly EvidenceFile[]): ExportCounts {
  const tallies = summary.counts;
  const attachmentsByKind = Object.fromEntries(
    ATTACHMENT_KINDS.map((kind) => [kind, withMissing(tallies.attachments[kind])]),
  ) as Record<AttachmentKind, AttachmentCount>;
  const uploadFiles = evidence.filter(
    (file) => file.role === 'original-media' || file.role === 'original-other',
  );
  return {
    entries: tallies.entries,
    messagesFromPeople: tallies.entries - tallies.systemEvents,
    systemEvents: tallies.systemEvents,
    deleted: tallies.deleted,
    edited: tallies.edited,
    mediaOmitted: tallies.mediaOmitted,
    attachments: withMissing(
      ATTACHMENT_KINDS.reduce(
        (sum, kind) => ({
          named: sum.named + tallies.attachments[kind].named,
          present: sum.present + tallies.attachments[kind].present,
        }),
        { named: 0, present: 0 },
      ),
    ),
    attachmentsByKind,
    uploadFiles: {
      total: uploadFiles.length,
      media: uploadFiles.filter((file) => file.role === 'original-media').length,
      other: uploadFiles.filter((file) => file.role === 'original-other').length,
      namedByNoMessage: uploadFiles.filter(
        (file) => file.sourcePath === null || !summary.references.has(file.sourcePath),
      ).length,
    },
    mp3Copies: evidence.filter((file) => file.role === 'derived-audio').length,
  };
}

/** "1 byte", "12,345 bytes": a file's size as every document words it. */
export const bytes = (n: number): string => countOf(n, 'byte');

/** "2,000 numbered entries: 1,969 messages from people and 31 system events". */
export const entriesSentence = (counts: ExportCounts): string =>
  `${countOf(counts.entries, 'numbered entry', 'numbered entries')}: ` +
  `${countOf(counts.messagesFromPeople, 'message from people', 'messages from people')} and ` +
  `${countOf(counts.systemEvents, 'system event')}`;

const presence = (count: AttachmentCount): string =>
  `${formatInteger(count.named)} named; ${formatInteger(count.present)} in the upload, ${formatInteger(count.missing)} not in it`;

/**
 * The count rows, label and value, in the order every document shows them. Kinds of attachment no
 * message names are left out; voice notes say how many MP3 copies were made of them.
 */
export function countRows(counts: ExportCounts): Array<readonly [label: string, value: string]> {
  const kinds = ATTACHMENT_KINDS.filter((kind) => counts.attachmentsByKind[kind].named > 0);
  const files = counts.uploadFiles;
  return [
    ['Numbered entries', formatInteger(counts.entries)],
    ['Messages from people', formatInteger(counts.messagesFromPeople)],
    ['System events', formatInteger(counts.systemEvents)],
    ['Deleted messages', formatInteger(counts.deleted)],
    ['Edited messages', formatInteger(counts.edited)],
    ['Attachments named by messages', presence(counts.attachments)],
    ...kinds.map(
      (kind) =>
        [
          `- ${ATTACHMENT_KIND_LABELS[kind]}`,
          presence(counts.attachmentsByKind[kind]) +
            (kind === 'voice' ? `; ${countOf(counts.mp3Copies, 'MP3 copy', 'MP3 copies')} made` : ''),
        ] as const,
    ),
    [
      'Lines saying a file was left out',
      `${formatInteger(counts.mediaOmitted)} ${OMITTED_MEDIA_EXAMPLES}; no file is named`,
    ],
    [
      'Files in the upload besides the chat text',
      `${formatInteger(files.total)}: ${countOf(files.media, 'media file')}, ${countOf(files.other, 'other file')}; ` +
        `${formatInteger(files.namedByNoMessage)} named by no message`,
    ],
  ];
}
