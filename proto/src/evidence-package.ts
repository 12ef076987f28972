import { z } from 'zod';
import {
  BatesStartSchema,
  ExaminationSchema,
  isIanaTimeZone,
  ProcessingOptionsSchema,
  ReceiptChannelSchema,
  TimeZoneSourceSchema,
} from './processing-options';
import { SourceRevisionSchema } from './source-revision';

/**
 * The evidence package as others read it: the pdf service writes it, the web app's /verify page
 * (and anyone with `sha256sum -c`) checks it, so its file names and manifest are a contract.
 */
/** The evidence package's own file name, as the pipeline and the convert command write it. */
export const EVIDENCE_ZIP_NAME = 'evidence.zip';

export const PACKAGE_PATHS = {
  readme: 'README.txt',
  checksums: 'SHA256SUMS',
  manifest: 'manifest.json',
  declaration: 'declaration-template.txt',
  declarationDocx: 'declaration-template.docx',
  certificationNotice: 'notice-of-902-certification.txt',
  certificationNoticeDocx: 'notice-of-902-certification.docx',
  /** Only when the package holds audio. */
  conventionalFilingNotice: 'notice-of-conventional-filing.txt',
  conventionalFilingNoticeDocx: 'notice-of-conventional-filing.docx',
  transcript: 'transcript.pdf',
  filingTranscript: 'transcript-filing.pdf',
  messagesCsv: 'messages.csv',
  processingRecord: 'processing-record.txt',
  processingRecordPdf: 'processing-record.pdf',
} as const;

/**
 * The manifest's format, raised whenever its keys change: 2 moved the time zone's source and the
 * counts (people's messages apart from system events, attachments by kind) into `export`; 3 added
 * what reproducing the package reads (`tool.components`, `verifyUrl`, `reproductionNote`); 4 added
 * `export.batesStart` and `export.processingOptions.utcColumn`; 5 added `export.receivedThrough`;
 * 6 added the source code that made the package: `tool.sourceRevision` and `tool.sourceUrl`.
 */
export const MANIFEST_FORMAT = 'chatexhibit-evidence-manifest/6';
/** Every format a verifier still reads: what it relies on (paths and hashes) is the same in each. */
export const READABLE_MANIFEST_FORMATS = [
  'chatexhibit-evidence-manifest/1',
  'chatexhibit-evidence-manifest/2',
  'chatexhibit-evidence-manifest/3',
  'chatexhibit-evidence-manifest/4',
  'chatexhibit-evidence-manifest/5',
  MANIFEST_FORMAT,
] as const;
/**
 * The formats that record every setting a package's documents were made with: a format-3 manifest
 * lacks only settings added since, whose absence means their defaults (Bates from 1, no UTC column).
 */
export const REPRODUCIBLE_MANIFEST_FORMATS = [
  'chatexhibit-evidence-manifest/3',
  'chatexhibit-evidence-manifest/4',
  'chatexhibit-evidence-manifest/5',
  MANIFEST_FORMAT,
] as const;

/** Where the web app checks a package in the browser; the package's README.txt points there. */
export const VERIFY_PATH = '/verify';

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What a verifier relies on in manifest.json: the upload's hash and every evidence file's path
 * and hash. The manifest holds more (counts, options, the examination block), which a verifier
 * passes over.
 */
export const EvidenceManifestSchema = z.looseObject({
  format: z.enum(READABLE_MANIFEST_FORMATS),
  export: z.looseObject({ originalFilename: z.string(), sha256: Sha256Hex }),
  files: z.array(
    z.looseObject({
      path: z.string().min(1),
      sha256: Sha256Hex,
      sizeBytes: z.number(),
      // For lab tools; absent from packages made before they were listed.
      md5: z
        .string()
        .regex(/^[0-9a-f]{32}$/)
        .optional(),
      sha1: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .optional(),
    }),
  ),
});
export type EvidenceManifest = z.infer<typeof EvidenceManifestSchema>;

/**
 * What reproducing a package (`npm run convert -- --reproduce`) reads from its manifest.json:
 * every setting its documents depend on besides the upload itself.
 */
export const ReproducibleManifestSchema = z.looseObject({
  format: z.enum(REPRODUCIBLE_MANIFEST_FORMATS),
  tool: z.looseObject({
    version: z.string(),
    // Manifests written before format 6 name no source revision and no source URL.
    sourceRevision: SourceRevisionSchema.nullable().optional(),
    sourceUrl: z.string().nullable().default(null),
    components: z.record(z.string(), z.string()),
  }),
  generatedAt: z.iso.datetime(),
  verifyUrl: z.string().nullable(),
  export: z.looseObject({
    reference: z.string().min(1),
    originalFilename: z.string().min(1),
    sha256: Sha256Hex,
    sizeBytes: z.number().int().nonnegative(),
    receivedAt: z.iso.datetime(),
    timeZone: z.string().refine(isIanaTimeZone),
    timeZoneSource: TimeZoneSourceSchema,
    processingOptions: ProcessingOptionsSchema,
    batesPrefix: z.string().nullable(),
    // Manifests written before it existed numbered from 1.
    batesStart: BatesStartSchema.default(1),
    examination: ExaminationSchema,
    // Manifests written before it existed: only a package the web service made has a verify URL.
    receivedThrough: ReceiptChannelSchema.optional(),
  }),
  files: z.array(z.looseObject({ path: z.string().min(1), role: z.string() })),
  documents: z.array(z.looseObject({ path: z.string().min(1) })),
});
