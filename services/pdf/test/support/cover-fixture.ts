import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { summarizeChat } from '@chatexhibit/pdf/domain/transcript/chat-summary';
import { coverContent, type CoverInput } from '@chatexhibit/pdf/domain/transcript/cover-content';
import { exportCounts } from '@chatexhibit/pdf/domain/export-counts';
import { findMessageAnomalies } from '@chatexhibit/pdf/domain/transcript/message-anomalies';
import type { EvidenceFile } from '@chatexhibit/pdf/domain/evidence/types';

async function* pages(messages: TranscriptMessage[]): AsyncIterable<readonly TranscriptMessage[]> {
  yield messages;
}

/** `count` media files of an upload, as the evidence list gives them, named by no message. */
export const uploadedMedia = (count: number): EvidenceFile[] =>
  Array.from({ length: count }, (_, i) => ({
    path: `original/IMG-${i}.jpg`,
    role: 'original-media',
    sizeBytes: 1,
    sha256: 'e'.repeat(64),
    md5: 'e'.repeat(32),
    sha1: 'e'.repeat(40),
    sourcePath: `IMG-${i}.jpg`,
    derivedFrom: null,
    mediaType: 'image/jpeg',
    key: `entries/IMG-${i}.jpg`,
  }));

/**
 * The cover of a one-participant chat of `messages`, with `over` replacing cover inputs and
 * `facts` the export facts' fields (the time zone, its source); `section` finds a section. The
 * counts are made from the messages and `evidence`, the upload's files.
 */
export async function coverOf(
  messages: TranscriptMessage[],
  over: Partial<CoverInput> = {},
  facts: { timeZone: string; timeZoneSource?: unknown; options?: unknown; receivedThrough?: unknown },
  evidence: readonly EvidenceFile[] = [],
) {
  const summary = await summarizeChat(pages(messages));
  const exportFacts = ExportFactsSchema.parse({
    originalFilename: 'chat.zip',
    fileHash: 'c'.repeat(64),
    uploadSizeBytes: 10,
    options: {},
    ...facts,
    batesPrefix: null,
    receivedAt: '2026-11-23T08:00:00.000Z',
  });
  const content = coverContent({
    facts: exportFacts,
    chat: {
      chatFile: '_chat.txt',
      participants: ['Sam'],
      warnings: [],
      format: null,
      dateOrder: null,
      calendar: 'gregorian',
      encoding: null,
    },
    summary,
    counts: exportCounts(summary, evidence),
    generatedAt: new Date('2026-11-23T09:00:00.000Z'),
    toolVersion: '1.0.0',
    manifestSha256: 'd'.repeat(64),
    exportReference: 'CE-FK9E-D9YK-P6G3',
    provenance: { heading: 'Provenance', bullets: [] },
    anomalies: await findMessageAnomalies(pages(messages), ['Sam'], 'gregorian', {
      timeZone: exportFacts.timeZone,
      firstAt: summary.firstAt,
      lastAt: summary.lastAt,
    }),
    ...over,
  });
  const section = (heading: string) => content.sections.find((s) => s.heading === heading)!;
  return { summary, content, section };
}
