import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { summarizeChat } from '@chatexhibit/pdf/domain/transcript/chat-summary';
import { coverContent, type CoverInput } from '@chatexhibit/pdf/domain/transcript/cover-content';

async function* pages(messages: TranscriptMessage[]): AsyncIterable<readonly TranscriptMessage[]> {
  yield messages;
}

/**
 * The cover of a one-participant chat of `messages`, with `over` replacing cover inputs and
 * `facts` the export facts' fields (the time zone, its source); `section` finds a section.
 */
export async function coverOf(
  messages: TranscriptMessage[],
  over: Partial<CoverInput> = {},
  facts: { timeZone: string; timeZoneSource?: unknown },
) {
  const summary = await summarizeChat(pages(messages));
  const content = coverContent({
    facts: ExportFactsSchema.parse({
      originalFilename: 'chat.zip',
      fileHash: 'c'.repeat(64),
      uploadSizeBytes: 10,
      options: {},
      ...facts,
      batesPrefix: null,
      receivedAt: '2026-11-23T08:00:00.000Z',
    }),
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
    mediaFiles: { total: 0, voiceNotes: 0, images: 0 },
    generatedAt: new Date('2026-11-23T09:00:00.000Z'),
    toolVersion: '1.0.0',
    manifestSha256: 'd'.repeat(64),
    exportReference: 'CE-FK9E-D9YK-P6G3',
    ...over,
  });
  const section = (heading: string) => content.sections.find((s) => s.heading === heading)!;
  return { summary, content, section };
}
