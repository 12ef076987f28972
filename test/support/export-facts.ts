import { type ExportFacts, ExportFactsSchema } from '@chatexhibit/proto/processing-options';

/** Valid facts of an upload, for tests that enqueue pipeline jobs directly. */
export const exportFacts = (overrides: Partial<ExportFacts> = {}): ExportFacts =>
  ExportFactsSchema.parse({
    originalFilename: 'WhatsApp Chat - Sam.zip',
    fileHash: 'f'.repeat(64),
    uploadSizeBytes: 1234,
    options: {},
    timeZone: 'UTC',
    batesPrefix: null,
    receivedAt: '2026-11-23T08:00:00.000Z',
    ...overrides,
  });
