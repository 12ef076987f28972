// What each of the two transcripts says about itself: its title, which copy it is, and what it
// carries. Neutral words: the transcript is offered as an exhibit, so its title argues nothing.

import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import type { ExportSource } from './transcript-source';
import { type CopyText, type DocumentInfo, TRANSCRIPT_COPIES, type TranscriptCopy } from './twin-pages';

/** The title of both copies, on the cover, in every page's header and in the PDF's metadata. */
export const TRANSCRIPT_TITLE = 'Transcript of WhatsApp chat export';

/** What each copy is, in a few words: the running header and the PDF's keywords. */
const COPY_NAMES: Record<TranscriptCopy, string> = {
  transcript: 'native copy',
  filing: 'court-filing copy',
};

/** A text made for each copy: one string when both say the same. */
export function perCopy(make: (copy: TranscriptCopy) => string): CopyText {
  const [transcript, filing] = TRANSCRIPT_COPIES.map(make) as [string, string];
  return transcript === filing ? transcript : { transcript, filing };
}

/**
 * The export as the running header and the metadata name it: by its reference, never by the chat
 * file's name, which may name a child or hold a number (the cover and the package give it).
 */
export const exportNamed = (exportReference: string): string => `export ${exportReference}`;

/** What the header and the metadata are made from. */
export type TranscriptNaming = Pick<ExportSource, 'facts' | 'exportReference'>;

/** The metadata of a copy: the filing copy says it is one in its title, subject and keywords. */
export function documentInfo(
  { facts, exportReference }: TranscriptNaming,
  copy: TranscriptCopy,
  made: Pick<DocumentInfo, 'creator' | 'createdAt'>,
): DocumentInfo {
  const title = `${TRANSCRIPT_TITLE}: ${exportNamed(exportReference)}`;
  const source = `source SHA-256 ${facts.fileHash}`;
  return {
    ...made,
    author: facts.examination.preparedBy,
    ...(copy === 'filing'
      ? {
          title: `${title} (court-filing copy)`,
          subject: `Court-filing copy (PDF/A-2b, no embedded files) of the transcript of a WhatsApp chat export; ${source}`,
          keywords: `${COPY_NAMES.filing}; PDF/A-2b; transcript; WhatsApp`,
        }
      : {
          title,
          subject: `${TRANSCRIPT_TITLE}, native copy (files may be embedded); ${source}`,
          keywords: `${COPY_NAMES.transcript}; transcript; WhatsApp`,
        }),
  };
}

/** The line under the cover's title: which copy this is, and where the other is. */
export const copyStatement: CopyText = {
  transcript:
    `Native copy (${PACKAGE_PATHS.transcript}), in which files can be embedded. The court-filing ` +
    `copy, ${PACKAGE_PATHS.filingTranscript}, has the same pages.`,
  filing:
    `Court-filing copy (${PACKAGE_PATHS.filingTranscript}): PDF/A-2b, with no files embedded. ` +
    `The native copy, ${PACKAGE_PATHS.transcript}, has the same pages.`,
};

/**
 * The running header on every page: the case and exhibit numbers when the uploader gave them,
 * the title, the export's reference, which copy the page belongs to and, in a split document,
 * which volume.
 */
export function runningHeader(
  { facts, exportReference }: TranscriptNaming,
  volume: string | null = null,
): CopyText {
  const { caseNumber, exhibitNumber } = facts.examination;
  const parts = [
    ...(caseNumber === null ? [] : [labelled('Case no.', caseNumber)]),
    ...(exhibitNumber === null ? [] : [labelled('Exhibit', exhibitNumber)]),
    TRANSCRIPT_TITLE,
    exportNamed(exportReference),
  ];
  return perCopy((copy) => [...parts, COPY_NAMES[copy], ...(volume === null ? [] : [volume])].join(' · '));
}

/** A typed number after its label, unless the uploader typed the label too ("Exhibit 12 to …"). */
export const labelled = (label: string, value: string): string =>
  value.toLowerCase().startsWith(label.split(' ')[0]!.toLowerCase()) ? value : `${label} ${value}`;

/** "Reading this transcript" on attachments: how they are named, and what this copy carries. */
export function attachmentsReading(facts: ExportFacts): CopyText {
  const { includeVoiceMessages, includeAttachments } = facts.options;
  const naming =
    'Each file a message attaches is named by its attachment number (Attachment 1, Attachment 2, …, ' +
    'in order of first mention), its file name and the SHA-256 value of the original, which is in ' +
    'the evidence package; the attachment register at the end lists them all.';
  const embedded = [
    ...(includeVoiceMessages
      ? [
          'the MP3 copy of each voice note is attached to its message (the paperclip icon) and plays in PDF readers that open attachments',
        ]
      : []),
    ...(includeAttachments ? ['other attached files are attached to their messages the same way'] : []),
  ];
  return {
    transcript:
      `${naming} ${embedded.length === 0 ? 'This copy embeds no files.' : `In this copy ${embedded.join('; ')}.`} ` +
      `${PACKAGE_PATHS.filingTranscript}, the court-filing copy (PDF/A-2b), has the same pages without attachments.`,
    filing:
      `${naming} This is the court-filing copy (PDF/A-2b): it embeds no files. ` +
      `${PACKAGE_PATHS.transcript}, the native copy, has the same pages.`,
  };
}
