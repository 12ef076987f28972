// The convert command's record of the exhibits it cut from one evidence package, kept beside the
// package (`exhibitRecordName`): each later exhibit's Bates numbers are checked against it, as the
// service checks them against the exhibits it stores.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import {
  EXHIBIT_RECORD_FORMAT,
  type ExhibitRecord,
  ExhibitRecordSchema,
} from '@chatexhibit/proto/exhibit-record';
import { CliInputError } from '@chatexhibit/kit/cli/command-line';
import type { TakenBates } from '@chatexhibit/pdf/domain/exhibit/exhibit-bates';
import type { WrittenExhibit } from '@chatexhibit/pdf/domain/render-export-documents';

/** The record at `file` of the package whose filing copy is `filingSha256`; empty when there is none yet. */
export async function readExhibitRecord(file: string, filingSha256: string): Promise<ExhibitRecord> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new CliInputError(`${file} cannot be read: ${error.message}`);
  });
  if (text === null) return { format: EXHIBIT_RECORD_FORMAT, filingSha256, exhibits: [] };
  let record: ExhibitRecord;
  try {
    record = ExhibitRecordSchema.parse(JSON.parse(text));
  } catch {
    throw new CliInputError(
      `${file} is not a record of exhibits the convert command keeps (${EXHIBIT_RECORD_FORMAT}): ` +
        'move it away to cut exhibits without checking their Bates numbers against earlier ones.',
    );
  }
  if (record.filingSha256 !== filingSha256) {
    throw new CliInputError(
      `${file} records exhibits of another package (cut from a court-filing copy of SHA-256 ` +
        `${record.filingSha256}, this package's is ${filingSha256}).`,
    );
  }
  return record;
}

/** The Bates numbers the recorded exhibits carry, as a refusal names them. */
export const recordedBates = (record: ExhibitRecord, file: string): TakenBates[] =>
  record.exhibits.flatMap(({ label, bates }) =>
    bates === null
      ? []
      : [{ document: `exhibit ${JSON.stringify(label)} (recorded in ${file})`, run: bates }],
  );

/** Adds `exhibit`, labelled `label`, to the record at `file`, replacing the file whole. */
export async function recordExhibit(
  file: string,
  record: ExhibitRecord,
  label: string,
  exhibit: Pick<WrittenExhibit, 'files' | 'bates'>,
): Promise<void> {
  const exhibitSha256 = exhibit.files.find((written) => written.path === EXHIBIT_PATHS.exhibit)!.sha256;
  const next: ExhibitRecord = {
    ...record,
    exhibits: [...record.exhibits, { label, exhibitSha256, bates: exhibit.bates }],
  };
  await writeFile(`${file}.partial`, `${JSON.stringify(next, null, 2)}\n`);
  await rename(`${file}.partial`, file);
}
