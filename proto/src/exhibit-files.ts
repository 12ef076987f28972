// The files of an exhibit, as `npm run convert -- --exhibit-spec` writes them into <out>/exhibit/:
// their names are a contract, quoted by the exhibit's cover, its manifest and the declaration
// paragraph, and checked by `sha256sum -c SHA256SUMS`. When the spec's court profile sets a size
// limit that exhibit.pdf (or its sealed copy) passes, both are also split into volumes of the same
// pages, named by `volumeFileName`.

export const EXHIBIT_PATHS = {
  /** The exhibit as filed: redacted when the spec redacts anything. */
  exhibit: 'exhibit.pdf',
  /** Only when the spec redacts: the same pages, unredacted, for filing under seal. */
  sealed: 'exhibit-sealed.pdf',
  /** Only when the spec redacts. */
  redactionLogPdf: 'redaction-log.pdf',
  redactionLogCsv: 'redaction-log.csv',
  manifest: 'exhibit-manifest.json',
  declaration: 'declaration-paragraph.txt',
  checksums: 'SHA256SUMS',
} as const;

/**
 * A volume of a document split for a court's size limit, beside it: "exhibit-volume-02-of-03.pdf",
 * "exhibit-sealed-volume-02-of-03.pdf", "transcript-filing-volume-02-of-05.pdf"; a trial while the
 * split is found, whose count is not yet known, "exhibit-volume-02.trial.pdf".
 */
export function volumeFileName(document: string, number: number, count: number | null): string {
  const digits = Math.max(2, String(count ?? number).length);
  const padded = (n: number) => String(n).padStart(digits, '0');
  const stem = document.replace(/\.pdf$/, '');
  return count === null
    ? `${stem}-volume-${padded(number)}.trial.pdf`
    : `${stem}-volume-${padded(number)}-of-${padded(count)}.pdf`;
}

/**
 * Advice to the filer of an exhibit that redacts, for the declaration paragraph's note to the
 * filer, the CLI and the web app; never on the exhibit's own pages, which state facts only.
 */
export const UNREDACTED_FILES_ADVICE =
  'transcript-filing.pdf and the evidence package hold every message unredacted, and between them ' +
  `everything ${EXHIBIT_PATHS.exhibit} removes: do not file them publicly with it; file them under seal, ` +
  'or not at all. Keeping them out of the public record does not keep them from the other parties: they ' +
  'may need the full transcript for completeness (Fed. R. Evid. 106), and if you rely on Fed. R. Evid. ' +
  '902(11) or (14), it requires notice to them, with the record made available for inspection.';

/** The exhibit manifest's format, raised whenever its keys change. */
export const EXHIBIT_MANIFEST_FORMAT = 'chatexhibit-exhibit-manifest/1';

export type ExhibitFileName = (typeof EXHIBIT_PATHS)[keyof typeof EXHIBIT_PATHS];

/** The media type each file of an exhibit is stored and served with. */
export const EXHIBIT_FILE_TYPES: Readonly<Record<ExhibitFileName, string>> = {
  [EXHIBIT_PATHS.exhibit]: 'application/pdf',
  [EXHIBIT_PATHS.sealed]: 'application/pdf',
  [EXHIBIT_PATHS.redactionLogPdf]: 'application/pdf',
  [EXHIBIT_PATHS.redactionLogCsv]: 'text/csv; charset=utf-8',
  [EXHIBIT_PATHS.manifest]: 'application/json',
  [EXHIBIT_PATHS.declaration]: 'text/plain; charset=utf-8',
  [EXHIBIT_PATHS.checksums]: 'text/plain; charset=utf-8',
};

/** A final volume of exhibit.pdf or of its sealed copy, as `volumeFileName` names it. */
const EXHIBIT_VOLUME_NAME = new RegExp(
  `^(?:${[EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed].map((name) => name.replace(/\.pdf$/, '')).join('|')})` +
    '-volume-\\d{2,}-of-\\d{2,}\\.pdf$',
);

/**
 * The media type of a file an exhibit can hold (its named files and its volumes), or undefined
 * for a name no exhibit file has.
 */
export const exhibitFileType = (name: string): string | undefined =>
  Object.hasOwn(EXHIBIT_FILE_TYPES, name)
    ? EXHIBIT_FILE_TYPES[name as ExhibitFileName]
    : EXHIBIT_VOLUME_NAME.test(name)
      ? 'application/pdf'
      : undefined;

/**
 * The record the convert command keeps beside an evidence package of the exhibits it cut from it
 * (`evidence.zip` → `evidence.exhibits.json`), so that a later exhibit's Bates numbers are checked
 * against every earlier one's, as the service checks them against its stored exhibits.
 */
export const exhibitRecordName = (packageFile: string): string =>
  `${packageFile.replace(/\.zip$/i, '')}.exhibits.json`;
