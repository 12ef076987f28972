// processing-record.txt: what ChatExhibit did with an export, written by ChatExhibit and speaking
// for the software alone. A declarant can swear only to what they know; what the tool received,
// checked and made is the tool's statement, which the declaration incorporates by this record's
// SHA-256. The method statement is versioned and worded the same in every record made under it,
// so that a court can compare two records; the facts of the export follow it.

import { CALENDAR_NAMES } from '@chatexhibit/proto/calendar';
import { MAX_UNPACKED_SIZE, MAX_UPLOAD_BYTES, UNZIP_LIMITS } from '@chatexhibit/proto/constants';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ReceiptChannel } from '@chatexhibit/proto/processing-options';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import { sourceRevisionText } from '@chatexhibit/proto/source-revision';
import type { TranscriptChat } from '@chatexhibit/proto/transcript';
import { bytes, countRows, entriesSentence } from '../export-counts';
import { timeZoneSourceStatement } from '../time-zone-source';
import { batesStatement } from '../transcript/bates';
import { processingOptionStatements } from '../transcript/cover-content';
import { uploadPackagePath } from './package-paths';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import { formatRecorded, formatUtc, LINE_WIDTH, showInvisible, toText, wrap, wrapPath } from './plain-text';
import { reproductionInstructions } from './reproduction';
import type { EvidenceFacts } from './types';
import { zipEntryTableLines } from './zip-entry-table';

/**
 * The method this version of ChatExhibit follows. Raise the number whenever a step of METHOD_STEPS
 * changes what it does (not only its words): two records with the same method did the same.
 */
export const PROCESSING_METHOD = 'ChatExhibit processing method 2';

/** SHA-256 of the documents made before the record, which it names. */
export interface ProcessingRecordHashes {
  manifest: string;
  transcript: string;
  filingTranscript: string;
  messagesCsv: string;
}

export interface ProcessingRecordInput {
  facts: EvidenceFacts;
  /** How the parser read the chat text. */
  reading: Pick<TranscriptChat, 'format' | 'dateOrder' | 'calendar' | 'encoding'>;
  /** What the media step made of each voice note and image. */
  media: readonly MediaItem[];
  hashes: ProcessingRecordHashes;
  /** The page count of each transcript (the two have the same pages), for their Bates numbers. */
  transcriptPages: number;
}

/** One titled section of the record, its lines already wrapped to 80 columns. */
export interface RecordSection {
  heading: string;
  lines: readonly string[];
}

const INDENT = '    ';
const LABEL_COLUMN = 24;

const mebibytes = (n: number): string => `${formatInteger(n / 1024 / 1024)} MiB`;

/** A paragraph, then an empty line. */
const paragraph = (text: string): string[] => [...wrap(text), ''];

/** `label:` padded to a column, `value` wrapped beside it. */
function field(label: string, value: string): string[] {
  const lead = `${label}:`.padEnd(LABEL_COLUMN);
  if (lead.length > LABEL_COLUMN) return [`${label}:`, ...wrap(value, { indent: ' '.repeat(LABEL_COLUMN) })];
  return wrap(value, { firstIndent: lead, indent: ' '.repeat(LABEL_COLUMN) });
}

/** A name exactly as written (invisible characters shown as <U+XXXX>), quoted, on its own lines. */
const quotedName = (label: string, name: string): string[] => [
  `${label}:`,
  ...wrapPath(`"${showInvisible(name)}"`, INDENT, INDENT),
];

const hashLines = (label: string, sha256: string): string[] => [`${label}:`, `${INDENT}${sha256}`];

const bullet = (text: string): string[] => wrap(text, { firstIndent: '  - ', indent: '    ' });

/** A numbered step of the method. */
const step = (number: number, title: string, text: string): string[] => [
  ...wrap(`${title}. ${text}`, { firstIndent: `${number}.`.padEnd(INDENT.length), indent: INDENT }),
  '',
];

/**
 * Step 1 by how the package was made: the web service receives an upload (and has a size limit);
 * the convert command reads a file on the user's own computer, where nothing is uploaded.
 */
const RECEIPT_STEP: Readonly<Record<ReceiptChannel, string>> = {
  web:
    'ChatExhibit computes the SHA-256 hash value of the uploaded file from its bytes as it ' +
    'receives them, before any other step reads the file, and records the file name it was ' +
    'given, its size, and the time of receipt (UTC, by the clock of the computer that ' +
    `received it). The web service refuses a file larger than ${mebibytes(MAX_UPLOAD_BYTES)}. ` +
    'The uploaded file is kept unchanged and is packed into the evidence package as received.',
  cli:
    'ChatExhibit, run by its convert command on the computer that holds the export file, computes ' +
    'the SHA-256 hash value of that file (called "the upload" below, although nothing is uploaded) ' +
    'from its bytes as it reads them, before any other step reads the file, and records the file ' +
    "name, its size, and the time it read it (UTC, by that computer's clock). The file is kept " +
    'unchanged and is packed into the evidence package as read.',
};

/**
 * What ChatExhibit does at each step, the same words for every export made the same way (web or
 * command line) under PROCESSING_METHOD. Only checks the code makes are stated; the limits come
 * from where the code reads them.
 */
const methodSteps = (channel: ReceiptChannel): readonly string[] => [
  ...paragraph(
    `This is what ChatExhibit does with every export under ${PROCESSING_METHOD}. The facts ` +
      'that ChatExhibit recorded for this export follow in the later sections.',
  ),
  ...step(1, 'Receipt', RECEIPT_STEP[channel]),
  ...step(
    2,
    'Safe unpacking',
    'ChatExhibit treats the uploaded file as hostile until every entry has been checked. It ' +
      'refuses the whole upload, and processes nothing of it, when: its first bytes are not ' +
      `those of a ZIP file; it holds more than ${formatInteger(UNZIP_LIMITS.maxEntries)} entries ` +
      '(read from the archive directory before any entry); an entry name, read as UTF-8 when it ' +
      'is valid UTF-8 and otherwise as code page 437 and normalised to Unicode NFC, contains a ' +
      "control character, starts with '/' or '\\' or a drive letter, contains a '..' segment, " +
      'has a segment of only dots and spaces, or has a segment longer than 255 bytes; two ' +
      'entries have the same name when capital and small letters are not told apart, or a ' +
      'file has the name of a folder; an entry is a symbolic link, is encrypted, or is ' +
      'compressed by a method other than stored or deflate; the unpacked sizes the archive ' +
      `declares add up to more than ${mebibytes(UNZIP_LIMITS.maxTotalUncompressedBytes)}, or to ` +
      `more than ${MAX_UNPACKED_SIZE.uploadFactor} times the size of the upload plus ` +
      `${mebibytes(MAX_UNPACKED_SIZE.allowanceBytes)}; an entry larger than ` +
      `${mebibytes(UNZIP_LIMITS.ratioCheckedAboveBytes)} unpacks to more than ` +
      `${UNZIP_LIMITS.maxCompressionRatio} times its packed size; the data of two entries ` +
      'overlap; the archive holds no file; or, while an entry is unpacked, its bytes differ ' +
      'from the size or the CRC-32 checksum the archive records for it, or its data are ' +
      'damaged. Folders are not stored as entries of their own.',
  ),
  ...step(
    3,
    'Hashing every entry',
    'ChatExhibit computes the SHA-256 hash value of every file in the upload from its unpacked ' +
      'bytes as they are stored, and stores each file bit for bit under its path in the upload.',
  ),
  ...step(
    4,
    'Choosing the chat text',
    'Every file whose name ends in .txt, apart from macOS metadata (a name starting with "._" ' +
      'or a path through a "__MACOSX" folder), is read as a chat. The one with the most message ' +
      'headers is taken as the chat text; between equal ones, a name WhatsApp gives chat ' +
      'exports comes first, then the order in the ZIP file. When there was more than one text ' +
      "file, the parser's notes say which was taken and why.",
  ),
  ...step(
    5,
    'Reading the chat text',
    'ChatExhibit reads the chat text without changing it: it decodes it (UTF-8, or UTF-16 by ' +
      'its byte-order mark or its pattern of zero bytes; bytes that cannot be decoded are ' +
      'replaced with U+FFFD and noted), recognises the layout of the message headers, the order ' +
      'of day, month and year and the calendar the dates are written in, and splits it into ' +
      'messages in the order of the file, numbered from 1, each with the lines of the chat ' +
      'text it came from. Times are kept as written, in local time without a zone. Senders and ' +
      'attachment names are read with invisible direction marks (U+200E, U+200F, U+202A to ' +
      'U+202E, U+2066 to U+2069, U+FEFF) left out and no-break spaces and non-breaking hyphens ' +
      'read as spaces and hyphens; the chat text in the package keeps them. Anything assumed, ' +
      'repaired or suspicious becomes a note of the parser, given in full in this record.',
  ),
  ...step(
    6,
    'Linking attachments',
    'Each attachment a message names is linked to the file of the upload with the same name ' +
      '(compared in Unicode NFC); a file beside the chat text comes before one elsewhere, and ' +
      'then the first in the ZIP file. An attachment the upload lacks is marked MISSING at its ' +
      'message and counted.',
  ),
  ...step(
    7,
    'Media',
    'ChatExhibit makes an MP3 copy of each voice note so that it plays on any computer, and ' +
      'measures its length; where a voice note cannot be converted, the reason is recorded and ' +
      'given in this record. When the transcript is to show images, it makes a small JPEG ' +
      'picture (thumbnail) of each image. The copies and pictures are new files; the originals are not changed.',
  ),
  ...step(
    8,
    'Documents',
    `ChatExhibit writes ${PACKAGE_PATHS.manifest} (every evidence file with its path, size, ` +
      'type detected from its first bytes, and SHA-256, MD5 and SHA-1 hash values), then from one ' +
      `layout ${PACKAGE_PATHS.transcript} (voice notes attached) and ${PACKAGE_PATHS.filingTranscript} ` +
      '(PDF/A-2b, nothing attached), both printing the SHA-256 hash value of the manifest, then ' +
      `${PACKAGE_PATHS.messagesCsv} (one row per message), then this record, which names the ` +
      `SHA-256 hash values of those four documents, and ${PACKAGE_PATHS.processingRecordPdf}, a ` +
      'PDF/A rendering of this record for reading and printing. Then it writes, each also as a ' +
      `Word file (.docx), ${PACKAGE_PATHS.declaration} for a person to complete, which names ` +
      `${PACKAGE_PATHS.manifest} and ${PACKAGE_PATHS.processingRecord} by their SHA-256 hash ` +
      `values; ${PACKAGE_PATHS.certificationNotice}, a draft notice of the certification; and, ` +
      `when the package holds audio, ${PACKAGE_PATHS.conventionalFilingNotice}, a draft notice of ` +
      `the conventional filing of the audio files. Last it writes ${PACKAGE_PATHS.readme}, which ` +
      'says in plain words what the package holds and how to check it.',
  ),
  ...step(
    9,
    'Packing',
    'ChatExhibit packs the documents and every evidence file into one ZIP file. Each evidence ' +
      'file is read again from storage as it is packed, and its size and its SHA-256, MD5 and ' +
      'SHA-1 hash values are checked against the manifest; a single difference stops the ' +
      'packing with an error naming the file, and the step fails. A complete package is ' +
      `therefore made only if every file passed that check. ${PACKAGE_PATHS.checksums}, packed last, lists the SHA-256 hash value of ` +
      'every other file of the package.',
  ),
];

export const METHOD_STEPS: Readonly<Record<ReceiptChannel, readonly string[]>> = {
  web: methodSteps('web'),
  cli: methodSteps('cli'),
};

/** The sections of the record, in order; a new kind of fact is a new section here. */
export function processingRecordSections(input: ProcessingRecordInput): RecordSection[] {
  const { facts, reading, media, hashes, transcriptPages } = input;
  const exportFacts = facts.facts;
  const { counts } = facts;
  const voiceNotes = media.filter((item) => item.kind === 'voice');
  const images = media.filter((item) => item.kind === 'image');
  const unconverted = voiceNotes.filter((item) => item.derivedKey === null);
  const noThumbnail = images.filter((item) => item.derivedKey === null);
  const problem = (item: MediaItem): string[] => [
    ...wrapPath(showInvisible(item.path), '  - ', '    '),
    ...wrap(`reason: ${showInvisible(item.problem ?? 'not recorded')}`, { indent: '      ' }),
  ];
  return [
    {
      heading: 'THIS EXPORT',
      lines: [
        ...field('Export reference', facts.exportReference),
        ...field('Method', PROCESSING_METHOD),
        ...field('Software', `ChatExhibit ${facts.toolVersion}`),
        ...field('Source revision', sourceRevisionText(facts.sourceRevision)),
        ...(facts.sourceUrl === null
          ? []
          : ['Source code published at:', ...wrapPath(facts.sourceUrl, INDENT, INDENT)]),
        ...Object.entries(facts.components)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .flatMap(([name, version]) => field(`  with ${name}`, version)),
        ...field('Received', formatUtc(new Date(exportFacts.receivedAt))),
        ...field('Documents made', formatUtc(facts.generatedAt)),
        ...quotedName('Uploaded file name, as given', exportFacts.originalFilename),
        ...field('Size', bytes(exportFacts.uploadSizeBytes)),
        ...hashLines('SHA-256 of the uploaded file', exportFacts.fileHash),
        'In the package as:',
        ...wrapPath(showInvisible(uploadPackagePath(exportFacts.originalFilename)), INDENT, INDENT),
        '',
        ...paragraph(
          `Time zone: ${timeZoneSourceStatement(exportFacts.timeZone, exportFacts.timeZoneSource)}` +
            (facts.timeNotes.skipped === null ? '' : ` ${facts.timeNotes.skipped}`),
        ),
        'Processing options:',
        ...processingOptionStatements(exportFacts, counts, 'record').flatMap(bullet),
        ...bullet(batesStatement(exportFacts, transcriptPages)),
      ],
    },
    {
      heading: `METHOD (${PROCESSING_METHOD.toUpperCase()})`,
      lines: METHOD_STEPS[exportFacts.receivedThrough],
    },
    {
      heading: 'THE CHAT TEXT',
      lines: [
        ...quotedName('Chat text taken', facts.chatFile),
        ...field('Header layout', reading.format ?? 'not recognised'),
        ...field('Date order', reading.dateOrder ?? 'not recognised'),
        ...field('Calendar', CALENDAR_NAMES[reading.calendar]),
        ...field('Encoding', reading.encoding ?? 'not recognised'),
        ...field(
          'First message',
          `${formatRecorded(facts.firstMessageAt, facts.timesHaveSeconds)} (as recorded)`,
        ),
        ...field(
          'Last message',
          `${formatRecorded(facts.lastMessageAt, facts.timesHaveSeconds)} (as recorded)`,
        ),
        '',
        ...paragraph(
          `${countOf(facts.participants.length, 'participant')}, exactly as ChatExhibit read ` +
            'them, invisible characters shown as <U+XXXX>:',
        ),
        ...facts.participants.flatMap((name) => wrapPath(`"${showInvisible(name)}"`, '  - ', '    ')),
      ],
    },
    {
      heading: 'COUNTS',
      lines: [
        ...paragraph(`The transcript has ${entriesSentence(counts)}.`),
        ...countRows(counts).flatMap(([label, value]) =>
          wrap(`${label}: ${value}`, { firstIndent: '  ', indent: '      ' }),
        ),
      ],
    },
    {
      heading: 'NOTES OF THE PARSER',
      lines:
        facts.warnings.length === 0
          ? ['The parser made no notes.']
          : [
              ...paragraph(`${countOf(facts.warnings.length, 'note')}, in full:`),
              ...facts.warnings.flatMap((warning) => bullet(showInvisible(warning))),
              // ChatExhibit's reading, set apart from the parser's notes it qualifies.
              ...(facts.timeNotes.earlierExplained === null
                ? []
                : ['', ...paragraph(facts.timeNotes.earlierExplained)]),
            ],
    },
    {
      heading: 'MEDIA',
      lines: [
        ...paragraph(
          `Voice notes given to the media step: ${formatInteger(voiceNotes.length)}; MP3 copies ` +
            `made: ${formatInteger(counts.mp3Copies)}; not converted: ${formatInteger(unconverted.length)}.`,
        ),
        ...unconverted.flatMap(problem),
        ...(unconverted.length > 0 ? [''] : []),
        ...paragraph(
          `Images given to the media step: ${formatInteger(images.length)}; thumbnails made: ` +
            `${formatInteger(images.length - noThumbnail.length)}; not made: ${formatInteger(noThumbnail.length)}.`,
        ),
        ...noThumbnail.flatMap(problem),
      ],
    },
    { heading: "THE UPLOAD'S ZIP ENTRIES", lines: zipEntryTableLines(facts.zipEntries) },
    {
      // The cover's Provenance section, word for word.
      heading: 'PROVENANCE',
      lines: [
        ...facts.provenance.rows.flatMap(([label, value]) =>
          wrap(`${label}: ${value}`, { firstIndent: '  ', indent: '      ' }),
        ),
        '',
        ...paragraph('Observations, as on the cover of the transcript:'),
        ...facts.provenance.bullets.flatMap((finding) => bullet(showInvisible(finding))),
      ],
    },
    {
      heading: 'DOCUMENTS THIS RECORD FOLLOWS',
      lines: [
        ...paragraph('ChatExhibit made these documents before this record; their SHA-256 hash values are:'),
        ...hashLines(PACKAGE_PATHS.manifest, hashes.manifest),
        ...hashLines(PACKAGE_PATHS.transcript, hashes.transcript),
        ...hashLines(PACKAGE_PATHS.filingTranscript, hashes.filingTranscript),
        ...hashLines(PACKAGE_PATHS.messagesCsv, hashes.messagesCsv),
        '',
        ...paragraph(
          `${PACKAGE_PATHS.manifest} lists every evidence file of the package with its path, size, ` +
            'detected type and hash values: the uploaded file, the chat text, ' +
            `${countOf(counts.uploadFiles.total, 'other file')} of the upload and ` +
            `${countOf(counts.mp3Copies, 'MP3 copy', 'MP3 copies')}. This record does not repeat that list.`,
        ),
      ],
    },
    {
      heading: 'REPRODUCING THESE DOCUMENTS',
      lines: reproductionInstructions(facts.toolVersion).flatMap(paragraph),
    },
  ];
}

/**
 * The bytes of processing-record.txt: a title, what the record is, then its sections. 80
 * columns, LF line endings; names shown with their invisible characters marked.
 */
export function buildProcessingRecord(input: ProcessingRecordInput): Buffer {
  for (const [name, value] of Object.entries(input.hashes)) {
    if (!/^[0-9a-f]{64}$/.test(value)) throw new Error(`the ${name} hash is not a lower-case hex SHA-256`);
  }
  const lines = [
    '='.repeat(LINE_WIDTH),
    'PROCESSING RECORD',
    `${PROCESSING_METHOD}; export reference ${input.facts.exportReference}`,
    '='.repeat(LINE_WIDTH),
    '',
    ...paragraph(
      'This record is written by ChatExhibit, the software that processed this export. It ' +
        'states the method the software follows and what the software recorded while it ' +
        'processed this export. It is the statement of the software, not of any person: nobody ' +
        'who signs a declaration is taken to know these facts personally. A declaration can ' +
        'identify this record by its SHA-256 hash value, which is listed in SHA256SUMS.',
    ),
    ...processingRecordSections(input).flatMap(({ heading, lines: body }) => [
      '',
      heading,
      '-'.repeat(Math.min(heading.length, LINE_WIDTH)),
      '',
      ...body,
    ]),
    '',
    '-'.repeat(LINE_WIDTH),
    `End of the processing record of export ${input.facts.exportReference}.`,
  ];
  return toText(lines);
}
