import { z } from 'zod';

/** The format of the convert command's exhibit record (`exhibitRecordName`), raised when its keys change. */
export const EXHIBIT_RECORD_FORMAT = 'chatexhibit-exhibit-record/1';

export const ExhibitRecordSchema = z.object({
  format: z.literal(EXHIBIT_RECORD_FORMAT),
  /** The court-filing copy every recorded exhibit cites: the record belongs to that package. */
  filingSha256: z.string().regex(/^[0-9a-f]{64}$/),
  exhibits: z.array(
    z.object({
      label: z.string(),
      /** exhibit.pdf's SHA-256, as its SHA256SUMS lists it. */
      exhibitSha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** Its Bates numbers; null when its spec gave no prefix. */
      bates: z
        .object({ prefix: z.string(), first: z.number().int().positive(), last: z.number().int().positive() })
        .nullable(),
    }),
  ),
});
export type ExhibitRecord = z.infer<typeof ExhibitRecordSchema>;
