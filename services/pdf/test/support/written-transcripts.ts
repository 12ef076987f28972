import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { exportCounts } from '@chatexhibit/pdf/domain/export-counts';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { summarizeChat } from '@chatexhibit/pdf/domain/transcript/chat-summary';
import { coverContent } from '@chatexhibit/pdf/domain/transcript/cover-content';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { writeTranscripts } from '@chatexhibit/pdf/domain/transcript/write-transcripts';

/**
 * Writes transcript.pdf and transcript-filing.pdf into `dir` for a chat of text messages between
 * two people (no media, no evidence files), as step 3 of the pipeline draws them.
 */
export async function writeChatTranscripts(
  messages: readonly TranscriptMessage[],
  dir: string,
): Promise<void> {
  const source: ExportSource = {
    exportReference: 'CE-0000-0000-0000',
    facts: ExportFactsSchema.parse({
      originalFilename: 'WhatsApp Chat - Alex Morgan.zip',
      fileHash: 'a'.repeat(64),
      uploadSizeBytes: 1,
      options: {},
      timeZone: 'UTC',
      batesPrefix: 'CHAT',
      receivedAt: '2026-11-23T08:00:00.000Z',
    }),
    chat: {
      chatFile: '_chat.txt',
      participants: ['Sam Carter', 'Alex Morgan'],
      warnings: [],
      format: 'ios',
      dateOrder: 'dmy',
      calendar: 'gregorian',
      encoding: 'utf-8',
    },
    async *messages() {
      for (let start = 0; start < messages.length; start += 1000) yield messages.slice(start, start + 1000);
    },
    entries: [],
    folders: [],
    media: [],
    mediaComponents: {},
    uploadKey: 'upload',
    files: { open: () => Promise.reject(new Error('the chat has no files')) },
    verifyUrl: null,
  };
  const generatedAt = new Date('2026-11-23T09:00:00.000Z');
  const summary = await summarizeChat(source.messages());
  await writeTranscripts(
    {
      source,
      summary,
      cover: coverContent({
        facts: source.facts,
        chat: source.chat,
        summary,
        counts: exportCounts(summary, []),
        generatedAt,
        toolVersion: 'test',
        manifestSha256: 'b'.repeat(64),
        exportReference: source.exportReference,
        provenance: { heading: 'Provenance', bullets: [] },
        anomalies: { skippedTimes: [], laterAfterClocksWentBack: [] },
      }),
      evidence: [],
      generatedAt,
      toolVersion: 'test',
      onProgress: () => {},
    },
    new TextLayout(FontSet.shared()),
    {
      transcript: createWriteStream(path.join(dir, 'transcript.pdf')),
      filing: createWriteStream(path.join(dir, 'transcript-filing.pdf')),
    },
  );
}
