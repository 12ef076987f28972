import { z } from 'zod';

/** SPEC §3: what the transcript includes. Missing fields take the SPEC defaults. */
export const ProcessingOptionsSchema = z.object({
  includeTimestamps: z.boolean().default(true),
  highlightSenders: z.boolean().default(true),
  includeVoiceMessages: z.boolean().default(true),
  includeImages: z.boolean().default(false),
  includeAttachments: z.boolean().default(false),
});
export type ProcessingOptions = z.infer<typeof ProcessingOptionsSchema>;

export const DEFAULT_PROCESSING_OPTIONS: ProcessingOptions = ProcessingOptionsSchema.parse({});
