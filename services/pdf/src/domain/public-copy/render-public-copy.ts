// A public copy of a whole evidence package: the exhibit engine over every message, with every
// Rule 5.2(a) identifier the suggestion engine finds accepted (and the filer's own redactions),
// public companions of the package's documents that print such text, and the Rule 5.2(g)
// reference list. Made from the same source as the transcript (the CLI's, or a stored export's in
// the pdf service) and the package's documents as they are, whose hashes the companions cite.

import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ExhibitSpec } from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import {
  PUBLIC_COMPANION_ORIGINALS,
  PUBLIC_COPY_PATHS,
  publicCompanionName,
  publicCompanionStatement,
} from '@chatexhibit/proto/public-copy';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { sha256Hex } from '../evidence/manifest';
import { writeProcessingRecordPdf } from '../evidence/processing-record-pdf';
import { planExhibit } from '../exhibit/exhibit-plan';
import type { TakenBates } from '../exhibit/exhibit-bates';
import { type ExhibitFile, exhibitChecksums } from '../exhibit/exhibit-texts';
import { type FilingCopy, renderPlannedExhibit } from '../render-export-documents';
import { TOOL_VERSION } from '../tool-version';
import type { BatesRun } from '../transcript/bates';
import type { ExportSource } from '../transcript/transcript-source';
import { CompanionRedactor, publicJson, publicText, specItems } from './public-companions';
import { publicCopySpec } from './public-copy-spec';
import { referenceList } from './reference-list';

/** A public copy to make, and the folder its files go in. */
export interface PublicCopyRequest {
  /** A spec whose redactions are added to the accepted suggestions (a minor's name…); null for none. */
  extra: ExhibitSpec | null;
  dir: string;
}

/** A document of the evidence package as it is in the package: the sealed original a companion cites. */
export interface PackageDocument {
  path: string;
  bytes: Uint8Array;
}

export interface WrittenPublicCopy {
  /** Every file but SHA256SUMS, as SHA256SUMS lists them. */
  files: ExhibitFile[];
  pageCount: number;
  /** Its Bates numbers; null when no extra spec gives a prefix. */
  bates: BatesRun | null;
  /** How many redactions the public transcript's spec holds (the filer's and the accepted suggestions). */
  redactions: number;
  /** The exhibit engine's warnings: an identifier left readable, a name written with other accents… */
  warnings: string[];
}

/** Where a log row's redaction removed something, as the reference list names it. */
const placeOf =
  (totalMessages: number) =>
  (row: { message: number | null; place: string }): string =>
    row.message === null
      ? row.place === 'participant-list'
        ? 'the participant list'
        : "the chat file's name"
      : `message ${messageNumber(row.message, totalMessages)}`;

/**
 * Writes a public copy into `request.dir`: the exhibit engine's files for an exhibit of every
 * message (exhibit.pdf the public transcript, exhibit-sealed.pdf, the redaction log, its manifest
 * and declaration paragraph), then a public companion of each of `documents` that
 * PUBLIC_COMPANION_ORIGINALS names, each opening with the statement that ties it to its original
 * by SHA-256, then the Rule 5.2(g) reference list, and SHA256SUMS over them all. The transcript is
 * cut from `filing` (the package's transcript-filing.pdf); Bates numbers an extra spec asks for may
 * repeat neither its numbers nor `earlier` ones (ExhibitSpecError, as for an exhibit).
 */
export async function renderPublicCopy(
  source: ExportSource,
  request: PublicCopyRequest,
  filing: FilingCopy,
  documents: readonly PackageDocument[],
  generatedAt: Date,
  earlier: readonly TakenBates[] = [],
): Promise<WrittenPublicCopy> {
  const { dir } = request;
  const { spec, identifiers } = await publicCopySpec(source.messages(), request.extra);
  const plan = await planExhibit(spec, source.messages(), source.chat);
  const exhibit = await renderPlannedExhibit(source, plan, dir, filing, generatedAt, earlier);
  const files = [...exhibit.files];
  const write = async (name: string, bytes: Buffer): Promise<void> => {
    await writeFile(path.join(dir, name), bytes);
    files.push({ path: name, sha256: sha256Hex(bytes), sizeBytes: bytes.length });
  };

  const redactor = new CompanionRedactor(plan, specItems(plan, identifiers, placeOf(plan.totalMessages)), [
    source.facts.originalFilename,
    source.chat.chatFile,
    ...source.chat.participants,
    ...source.chat.warnings,
  ]);
  const original = (name: string) => {
    const document = documents.find((one) => one.path === name);
    if (document === undefined) return undefined;
    const bytes = Buffer.from(document.bytes);
    return { path: name, sha256: sha256Hex(bytes), text: bytes.toString('utf8') };
  };
  /** How many items each public companion written so far redacts, by its name. */
  const redactedItems = new Map<string, number>();
  for (const name of PUBLIC_COMPANION_ORIGINALS) {
    const of = original(name);
    if (of === undefined) continue;
    if (name === PACKAGE_PATHS.processingRecordPdf) {
      // The PDF renders processing-record.txt: its public copy renders the public record, after
      // the statement about this PDF's original.
      const recordName = publicCompanionName(PACKAGE_PATHS.processingRecord);
      const items = redactedItems.get(recordName);
      if (items === undefined) continue;
      const text = await readFile(path.join(dir, recordName));
      const publicName = publicCompanionName(name);
      await writeProcessingRecordPdf(
        {
          text,
          textFile: recordName,
          preface: publicCompanionStatement(name, of.sha256, items),
          exportReference: source.exportReference,
          toolVersion: TOOL_VERSION,
          generatedAt,
        },
        createWriteStream(path.join(dir, publicName)),
      );
      files.push({ path: publicName, ...(await hashFile(path.join(dir, publicName))) });
      continue;
    }
    const made = name.endsWith('.json') ? publicJson(of, redactor) : publicText(of, redactor);
    await write(publicCompanionName(name), made.bytes);
    redactedItems.set(publicCompanionName(name), made.items);
  }
  const transcript = files.find((file) => file.path === PUBLIC_COPY_PATHS.transcript)!;
  await write(PUBLIC_COPY_PATHS.referenceList, referenceList(redactor.allItems(), transcript.sha256));
  await writeFile(path.join(dir, PUBLIC_COPY_PATHS.checksums), exhibitChecksums(files));
  return {
    files,
    pageCount: exhibit.pageCount,
    bates: exhibit.bates,
    redactions: spec.redactions.length,
    warnings: exhibit.warnings,
  };
}
