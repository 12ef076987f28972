// The two notices that go with the declaration, pre-filled from the package: the written notice
// Rules 902(11) and 902(14) require before a certified record is offered, and the Notice of
// Conventional (Manual) Filing for the voice notes, which electronic filing does not accept.

import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { captionBlocks, checkHashes, quotedName, type DeclarationHashes } from './declaration';
import { type Block, type LegalDocument, renderDocx, renderText } from './legal-document';
import { countOf } from '@chatexhibit/proto/count-words';
import { showInvisible } from './plain-text';
import { type EvidenceFacts, type EvidenceFile, isAudioEvidence } from './types';

/** Duration as m:ss; 'unknown' when media could not tell. */
const duration = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined) return 'unknown';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const signatureBlock = (): Block[] => [
  { kind: 'paragraph', text: ['Dated: ', { blank: 'date' }] },
  { kind: 'line', label: 'signature' },
  { kind: 'line', label: 'name, bar number' },
  { kind: 'line', label: 'firm, address, telephone, e-mail' },
  { kind: 'paragraph', text: ['Attorney for ', { blank: 'party' }] },
];

const serviceBlock = (): Block[] => [
  { kind: 'heading', text: 'CERTIFICATE OF SERVICE' },
  {
    kind: 'paragraph',
    text: [
      'I certify that on ',
      { blank: 'date' },
      ' I served this notice on ',
      { blank: 'each adverse party or its counsel' },
      ' by ',
      { blank: 'means of service' },
      '.',
    ],
  },
  { kind: 'line', label: 'signature' },
];

/** The written notice of intent to offer the package as a record certified under FRE 902(14) (with 902(11)'s notice). */
export function certificationNoticeDocument(facts: EvidenceFacts, hashes: DeclarationHashes): LegalDocument {
  checkHashes(hashes);
  const upload = facts.facts;
  const blocks: Block[] = [
    ...captionBlocks(facts),
    // The record relies on 902(14); 902(11) supplies only the notice and certification rules it borrows.
    { kind: 'title', text: ['NOTICE OF INTENT TO OFFER A RECORD CERTIFIED UNDER'] },
    { kind: 'title', text: ['FEDERAL RULE OF EVIDENCE 902(14)'] },
    { kind: 'paragraph', text: ['TO: ', { blank: 'each adverse party and its counsel of record' }] },
    {
      kind: 'paragraph',
      text: [
        'PLEASE TAKE NOTICE that ',
        { blank: 'party' },
        ' intends to offer at ',
        { blank: 'trial or hearing, and its date' },
        ' the record described below, authenticated under Federal Rule of Evidence 902(14) by the ' +
          'certification of a qualified person. Rule 902(14) requires a certification that meets Rule ' +
          "902(11)'s requirements and the written notice of Rule 902(11); this is that notice.",
      ],
    },
    { kind: 'heading', text: 'THE RECORD' },
    {
      kind: 'paragraph',
      style: 'numbered',
      text: [
        `The evidence package of a WhatsApp chat export (reference ${facts.exportReference}), made by ` +
          `ChatExhibit ${facts.toolVersion}. It holds the export file as uploaded, every file inside it, ` +
          'the transcripts and the hash values that identify each file:',
      ],
    },
    { kind: 'paragraph', indent: true, text: [`Export file: ${quotedName(upload.originalFilename)}`] },
    { kind: 'paragraph', indent: true, text: [`SHA-256 of the export file: ${upload.fileHash}`] },
    { kind: 'paragraph', indent: true, text: [`SHA-256 of ${PACKAGE_PATHS.manifest}: ${hashes.manifest}`] },
    {
      kind: 'paragraph',
      indent: true,
      text: [`SHA-256 of ${PACKAGE_PATHS.processingRecord}: ${hashes.processingRecord}`],
    },
    {
      kind: 'paragraph',
      indent: true,
      text: [`SHA-256 of ${PACKAGE_PATHS.filingTranscript}: ${hashes.filingTranscript}`],
    },
    {
      kind: 'paragraph',
      indent: true,
      text: [`SHA-256 of ${PACKAGE_PATHS.transcript}: ${hashes.transcript}`],
    },
    {
      kind: 'paragraph',
      style: 'numbered',
      text: [
        'The certification: the declaration of ',
        { blank: 'name of the declarant' },
        ', dated ',
        { blank: 'date' },
        '.',
      ],
    },
    { kind: 'heading', text: 'INSPECTION' },
    {
      kind: 'paragraph',
      style: 'numbered',
      text: [
        'The record and the certification are available for inspection ',
        { blank: 'where and how: e.g. a copy delivered with this notice, or at an address' },
        ', so that you have a fair opportunity to challenge them. Each file can be checked with ' +
          `"sha256sum -c ${PACKAGE_PATHS.checksums}" as the package's ${PACKAGE_PATHS.readme} describes.`,
      ],
    },
    ...signatureBlock(),
    ...serviceBlock(),
  ];
  return { title: 'Notice of intent to offer a record certified under FRE 902(14)', blocks };
}

/**
 * The rows of the audio register: each original voice note with the MP3 copy made of it, then any
 * other audio file of the upload. One row per file, so 500 voice notes make a table, not prose.
 */
function audioRows(files: readonly EvidenceFile[]): string[][] {
  const copies = new Map(
    files.flatMap((file) =>
      file.role === 'derived-audio' && file.derivedFrom !== null ? [[file.derivedFrom, file]] : [],
    ),
  );
  const rows: string[][] = [];
  for (const file of files) {
    const copy = copies.get(file.path);
    if (file.role === 'derived-audio' || (copy === undefined && !isAudioEvidence(file))) continue;
    rows.push([
      showInvisible(file.path),
      'original, as exported',
      duration(copy?.durationSeconds),
      file.sha256,
    ]);
    if (copy !== undefined) {
      rows.push([
        showInvisible(copy.path),
        'MP3 copy made by ChatExhibit (derived)',
        duration(copy.durationSeconds),
        copy.sha256,
      ]);
    }
  }
  return rows;
}

/** The Notice of Conventional (Manual) Filing of the audio; null when the package holds none. */
export function conventionalFilingNoticeDocument(
  facts: EvidenceFacts,
  files: readonly EvidenceFile[],
  hashes: DeclarationHashes,
): LegalDocument | null {
  checkHashes(hashes);
  const rows = audioRows(files);
  if (rows.length === 0) return null;
  const blocks: Block[] = [
    ...captionBlocks(facts),
    { kind: 'title', text: ['NOTICE OF CONVENTIONAL (MANUAL) FILING'] },
    {
      kind: 'paragraph',
      text: [
        { blank: 'party' },
        ` gives notice that the audio files listed below (${countOf(rows.length, 'file')}), part of the ` +
          `evidence package of a WhatsApp chat export (reference ${facts.exportReference}), are filed ` +
          'conventionally because the electronic filing system does not accept audio. They are filed on ',
        { blank: 'medium: e.g. USB drive, DVD' },
        ' on ',
        { blank: 'date' },
        ' and served on ',
        { blank: 'each adverse party' },
        ' by ',
        { blank: 'means of service' },
        `. The voice notes are referenced by file name in ${PACKAGE_PATHS.filingTranscript} ` +
          `(SHA-256 ${hashes.filingTranscript}), and every file is listed with its SHA-256 hash value in ` +
          `${PACKAGE_PATHS.manifest} (SHA-256 ${hashes.manifest}).`,
      ],
    },
    { kind: 'heading', text: 'THE FILES (path in the evidence package; duration m:ss)' },
    { kind: 'table', columns: ['File', 'What it is', 'Duration', 'SHA-256'], rows },
    ...signatureBlock(),
    ...serviceBlock(),
  ];
  return { title: 'Notice of conventional (manual) filing', blocks };
}

/** The notices' files, text and Word, in package order; the conventional filing only with audio. */
export async function buildNotices(
  facts: EvidenceFacts,
  files: readonly EvidenceFile[],
  hashes: DeclarationHashes,
): Promise<{ path: string; bytes: Buffer }[]> {
  const documents: [string, string, LegalDocument | null][] = [
    [
      PACKAGE_PATHS.certificationNotice,
      PACKAGE_PATHS.certificationNoticeDocx,
      certificationNoticeDocument(facts, hashes),
    ],
    [
      PACKAGE_PATHS.conventionalFilingNotice,
      PACKAGE_PATHS.conventionalFilingNoticeDocx,
      conventionalFilingNoticeDocument(facts, files, hashes),
    ],
  ];
  const out: { path: string; bytes: Buffer }[] = [];
  for (const [text, docx, document] of documents) {
    if (document === null) continue;
    out.push(
      { path: text, bytes: renderText(document) },
      { path: docx, bytes: await renderDocx(document, facts.generatedAt) },
    );
  }
  return out;
}
