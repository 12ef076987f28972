// The files of an exhibit, as `npm run convert -- --exhibit-spec` writes them into <out>/exhibit/:
// their names are a contract, quoted by the exhibit's cover, its manifest and the declaration
// paragraph, and checked by `sha256sum -c SHA256SUMS`.

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

/** The exhibit manifest's format, raised whenever its keys change. */
export const EXHIBIT_MANIFEST_FORMAT = 'chatexhibit-exhibit-manifest/1';
