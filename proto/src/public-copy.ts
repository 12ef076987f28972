// The public copy of a whole evidence package, as `npm run convert -- --public-copy` writes it into
// <out>/public-copy/: the full transcript cut as an exhibit of every message with every Rule 5.2(a)
// identifier the suggestion engine finds redacted as the rule asks (and the filer's own redactions),
// public companions of the package's documents that print such text, and the Rule 5.2(g) reference
// list. The names are a contract, checked by `sha256sum -c SHA256SUMS`.

import { countOf } from './count-words';
import { PACKAGE_PATHS } from './evidence-package';
import { EXHIBIT_PATHS } from './exhibit-files';

/** The folder of the convert command's <out> the public copy is written into. */
export const PUBLIC_COPY_DIR = 'public-copy';

/** The label on the public transcript's cover and running header (it is an exhibit of every message). */
export const PUBLIC_COPY_LABEL = 'Public copy';

/**
 * The package's documents that print the upload's or chat file's name, the participants or a
 * parser's note, and get a public companion: the processing record (text and PDF), the manifest,
 * the notices (the notice of conventional filing only when the package holds one) and the
 * declaration template, which the declarant completes and files.
 */
export const PUBLIC_COMPANION_ORIGINALS = [
  PACKAGE_PATHS.processingRecord,
  PACKAGE_PATHS.processingRecordPdf,
  PACKAGE_PATHS.manifest,
  PACKAGE_PATHS.certificationNotice,
  PACKAGE_PATHS.conventionalFilingNotice,
  PACKAGE_PATHS.declaration,
] as const;
export type PublicCompanionOriginal = (typeof PUBLIC_COMPANION_ORIGINALS)[number];

/** A public companion's name beside its original's: "processing-record.txt" → "processing-record-public.txt". */
export const publicCompanionName = (original: string): string => original.replace(/(\.[a-z]+)$/, '-public$1');

export const PUBLIC_COPY_PATHS = {
  /** The full transcript, redacted: the exhibit engine's exhibit.pdf of every message. */
  transcript: EXHIBIT_PATHS.exhibit,
  /** The same pages unredacted, for filing under seal. */
  sealed: EXHIBIT_PATHS.sealed,
  /** Fed. R. Civ. P. 5.2(g): each redacted item against its identifier, for filing under seal. */
  referenceList: 'reference-list-under-seal.txt',
  checksums: EXHIBIT_PATHS.checksums,
} as const;

/**
 * The statement each public companion opens with, tying it to its sealed original: "Public copy of
 * processing-record.txt, SHA-256 …, with 3 items redacted under Fed. R. Civ. P. 5.2."
 */
export const publicCompanionStatement = (original: string, sha256: string, items: number): string =>
  `Public copy of ${original}, SHA-256 ${sha256}, with ${countOf(items, 'item')} redacted under Fed. R. Civ. P. 5.2.`;

/** The reference list's heading and what it is, above its entries. */
export const REFERENCE_LIST_HEADING = 'REFERENCE LIST UNDER FED. R. CIV. P. 5.2(g) \u2014 FILE UNDER SEAL';
export const referenceListIntroduction = (transcriptSha256: string): string =>
  `Each item of information redacted from ${PUBLIC_COPY_PATHS.transcript} (SHA-256 ${transcriptSha256}) ` +
  'and its public companions, against the identifier that stands for it: the redaction number the ' +
  `redaction log and the boxes of ${PUBLIC_COPY_PATHS.transcript} give, and the words on its boxes. ` +
  'Fed. R. Civ. P. 5.2(g) lets a filing that redacts be filed with this list, under seal; it may be ' +
  'amended as of right, and any reference in the case to a listed identifier is construed to refer to ' +
  'the corresponding item.';

/** What the convert command notes about the public copy's folder: which of its files are not for the public record. */
export const PUBLIC_COPY_SEALED_FILES =
  `${PUBLIC_COPY_DIR}/ holds the files to file publicly (${PUBLIC_COPY_PATHS.transcript}, the redaction log, the ` +
  `files named *-public.*) and two for filing under seal only: ${PUBLIC_COPY_PATHS.sealed}, which shows every ` +
  `redacted item, and ${PUBLIC_COPY_PATHS.referenceList}, the Fed. R. Civ. P. 5.2(g) reference list.`;

/** How to make a public copy, as README.txt, the declaration's notes, the CLI and the web app say it. */
export const PUBLIC_COPY_HOW =
  'To file the whole transcript publicly, make its public copy with the command line: ' +
  `npm run convert -- <export.zip> --out <folder> --public-copy writes into <folder>/${PUBLIC_COPY_DIR}/ ` +
  `the transcript with every identifier this scan finds redacted as Fed. R. Civ. P. 5.2(a) asks (${PUBLIC_COPY_PATHS.transcript}), ` +
  `public copies of ${PACKAGE_PATHS.processingRecord}, ${PACKAGE_PATHS.manifest}, the notices and the declaration template, and the ` +
  `Rule 5.2(g) reference list for filing under seal (--exhibit-spec <spec.json> adds the spec's redactions, ` +
  "such as a minor's name). The web app cannot make one yet.";
