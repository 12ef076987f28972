import { z } from 'zod';
import { isOneLine } from './one-line';

/** SPEC §3: what the transcript includes. Missing fields take the SPEC defaults. */
export const ProcessingOptionsSchema = z.object({
  includeTimestamps: z.boolean().default(true),
  highlightSenders: z.boolean().default(true),
  includeVoiceMessages: z.boolean().default(true),
  includeImages: z.boolean().default(false),
  includeAttachments: z.boolean().default(false),
  /**
   * Beside each recorded time, the UTC time it stands for in the stated zone (not SPEC's; absent
   * in exports and manifests made before it, which read as false).
   */
  utcColumn: z.boolean().default(false),
});
export type ProcessingOptions = z.infer<typeof ProcessingOptionsSchema>;

export const DEFAULT_PROCESSING_OPTIONS: ProcessingOptions = ProcessingOptionsSchema.parse({});

/** Whether `zone` is an IANA time-zone name this runtime knows (e.g. "Europe/Berlin", "UTC"). */
export const isIanaTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/**
 * Where an export's time zone came from, as the documents state it: `declared` (chosen when the
 * transcript was made: the uploader picked it, or an API caller sent it without saying where it
 * came from), `browser` (the web app preset it from the uploading computer and the uploader left
 * it), `default` (nobody chose one;
 * the server's, the machine's or the caller's default zone was used). A default is never a declaration.
 */
export const TIME_ZONE_SOURCES = ['declared', 'browser', 'default'] as const;
export const TimeZoneSourceSchema = z.enum(TIME_ZONE_SOURCES);
export type TimeZoneSource = z.infer<typeof TimeZoneSourceSchema>;

/** A Bates prefix: letters and digits first, then also space, '.', '_' or '-', at most 20 characters. */
export const BATES_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,19}$/;

/**
 * The first Bates number of an export's transcripts: a firm numbers a production on from the
 * numbers it has already used. At most six digits, the width every number is padded to.
 */
export const BatesStartSchema = z
  .number({ error: 'batesStart must be a whole number from 1 to 999999' })
  .int('batesStart must be a whole number from 1 to 999999')
  .min(1, 'batesStart must be a whole number from 1 to 999999')
  .max(999_999, 'batesStart must be a whole number from 1 to 999999');

/** A short line the uploader types for the transcript's examination block. */
const examinationField = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .max(100, `${name} must be at most 100 characters`)
    .refine(isOneLine, `${name} must be one line of text`);

/**
 * What the uploader states for the examination block (LEGAL: forensic reports carry them): case
 * and exhibit numbers, who prepared the transcript, and whose account the chat was exported from
 * (a text export does not say). Each is optional; the transcript shows "not stated" for a missing one.
 */
export const ExaminationSchema = z.object({
  caseNumber: z.string().nullable(),
  exhibitNumber: z.string().nullable(),
  preparedBy: z.string().nullable(),
  exportingAccount: z.string().nullable(),
});
export type Examination = z.infer<typeof ExaminationSchema>;

export const NO_EXAMINATION: Examination = {
  caseNumber: null,
  exhibitNumber: null,
  preparedBy: null,
  exportingAccount: null,
};

/**
 * The `options` field of an upload: the SPEC processing options plus the time zone (stated on the
 * transcript) and where it came from, an optional Bates prefix and its first number (only with a
 * prefix), and the examination block's fields.
 * Without `timeZone` the server's zone is used and the source is `default`, whatever
 * `timeZoneSource` says; a `timeZone` without a source is the caller's statement (`declared`).
 * A caller that sends its own default zone says so with `default`.
 */
export const UploadOptionsSchema = ProcessingOptionsSchema.extend({
  timeZone: z
    .string()
    .refine(isIanaTimeZone, 'timeZone must be an IANA time-zone name such as "Europe/London"')
    .optional(),
  timeZoneSource: TimeZoneSourceSchema.optional(),
  batesPrefix: z
    .string()
    .trim()
    .regex(
      BATES_PREFIX_PATTERN,
      'batesPrefix must be 1-20 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit',
    )
    .optional(),
  batesStart: BatesStartSchema.optional(),
  caseNumber: examinationField('caseNumber').optional(),
  exhibitNumber: examinationField('exhibitNumber').optional(),
  preparedBy: examinationField('preparedBy').optional(),
  exportingAccount: examinationField('exportingAccount').optional(),
})
  .strict()
  .refine((options) => options.batesStart === undefined || options.batesPrefix !== undefined, {
    message: 'batesStart is given without batesPrefix: it numbers the pages that carry the prefix',
    path: ['batesStart'],
  });
export type UploadOptions = z.infer<typeof UploadOptionsSchema>;

/**
 * How the package was made: uploaded to the web service ('web'), or made by `npm run convert` on
 * the user's own computer ('cli'). The sworn and recorded texts say which: an upload, a service
 * and its limits are false words for a package nobody uploaded.
 */
export const RECEIPT_CHANNELS = ['web', 'cli'] as const;
export const ReceiptChannelSchema = z.enum(RECEIPT_CHANNELS);
export type ReceiptChannel = z.infer<typeof ReceiptChannelSchema>;

/** What every pipeline step knows about the export it works on; travels in each job. */
export const ExportFactsSchema = z.object({
  originalFilename: z.string().min(1),
  /** SHA-256 of the upload exactly as received. */
  fileHash: z.string().regex(/^[0-9a-f]{64}$/),
  uploadSizeBytes: z.number().int().nonnegative(),
  options: ProcessingOptionsSchema,
  timeZone: z.string().refine(isIanaTimeZone),
  /** Absent in jobs queued before it existed: those are read as a default, never as declared. */
  timeZoneSource: TimeZoneSourceSchema.default('default'),
  batesPrefix: z.string().nullable(),
  /** The first page's Bates number; absent in jobs queued before it existed, which started at 1. */
  batesStart: BatesStartSchema.default(1),
  /** Absent in jobs queued before the examination block existed. */
  examination: ExaminationSchema.default(NO_EXAMINATION),
  receivedAt: z.iso.datetime(),
  /** Absent in jobs queued before it existed: only the web service queues jobs. */
  receivedThrough: ReceiptChannelSchema.default('web'),
});
export type ExportFacts = z.infer<typeof ExportFactsSchema>;

/** What an upload is, as received: its name, SHA-256 and size. */
export interface ReceivedFile {
  originalFilename: string;
  sha256: string;
  sizeBytes: number;
}

/**
 * The facts of an upload as every step receives them, made the same way for the web upload and
 * `npm run convert`: no zone sent is `defaultTimeZone` with the source `default`, whatever the
 * caller says; a zone sent without a source is the caller's statement (`declared`).
 */
export function exportFactsOf(
  upload: ReceivedFile,
  options: UploadOptions,
  defaultTimeZone: string,
  receivedAt: Date,
  receivedThrough: ReceiptChannel,
): ExportFacts {
  const {
    timeZone,
    timeZoneSource,
    batesPrefix,
    batesStart,
    caseNumber,
    exhibitNumber,
    preparedBy,
    exportingAccount,
    ...processingOptions
  } = options;
  return {
    originalFilename: upload.originalFilename,
    fileHash: upload.sha256,
    uploadSizeBytes: upload.sizeBytes,
    options: processingOptions,
    ...(timeZone === undefined
      ? { timeZone: defaultTimeZone, timeZoneSource: 'default' as const }
      : { timeZone, timeZoneSource: timeZoneSource ?? 'declared' }),
    batesPrefix: batesPrefix ?? null,
    batesStart: batesStart ?? 1,
    examination: {
      caseNumber: caseNumber ?? null,
      exhibitNumber: exhibitNumber ?? null,
      preparedBy: preparedBy ?? null,
      exportingAccount: exportingAccount ?? null,
    },
    receivedAt: receivedAt.toISOString(),
    receivedThrough,
  };
}
