import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { type ExhibitSpecInput, ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { planExhibit } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import { renderExhibitDocuments } from '@chatexhibit/pdf/domain/exhibit/render-exhibit-documents';
import { exportCounts } from '@chatexhibit/pdf/domain/export-counts';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { summarizeChat } from '@chatexhibit/pdf/domain/transcript/chat-summary';
import { coverContent } from '@chatexhibit/pdf/domain/transcript/cover-content';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { type TranscriptInput, writeTranscripts } from '@chatexhibit/pdf/domain/transcript/write-transcripts';

const GENERATED_AT = new Date('2026-11-23T09:00:00.000Z');

/**
 * What the transcripts of a chat of `messages` among `participants` are written from, with Bates
 * numbers and no upload files, as step 3 of the pipeline makes it: the summary pass and the cover.
 * `options` are the processing options the uploader chose (the defaults when left out).
 */
export async function chatTranscriptInput(
  messages: readonly TranscriptMessage[],
  participants: string[],
  options: Record<string, unknown> = {},
): Promise<TranscriptInput> {
  const source: ExportSource = {
    exportReference: 'CE-0000-0000-0000',
    facts: ExportFactsSchema.parse({
      originalFilename: 'WhatsApp Chat.zip',
      fileHash: 'a'.repeat(64),
      uploadSizeBytes: 1,
      options,
      timeZone: 'UTC',
      batesPrefix: 'CHAT',
      receivedAt: '2026-11-23T08:00:00.000Z',
    }),
    chat: {
      chatFile: '_chat.txt',
      participants,
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
    sourceUrl: null,
  };
  const summary = await summarizeChat(source.messages());
  return {
    source,
    summary,
    cover: coverContent({
      facts: source.facts,
      chat: source.chat,
      summary,
      counts: exportCounts(summary, []),
      generatedAt: GENERATED_AT,
      toolVersion: 'test',
      manifestSha256: 'b'.repeat(64),
      exportReference: source.exportReference,
      provenance: { heading: 'Provenance', bullets: [] },
      anomalies: { skippedTimes: [], laterAfterClocksWentBack: [] },
    }),
    evidence: [],
    generatedAt: GENERATED_AT,
    toolVersion: 'test',
    onProgress: () => {},
  };
}

/**
 * The transcript and its filing copy of a chat of `messages` among `participants`, written into
 * `dir` as step 3 of the pipeline writes them: every message laid out once and drawn into both PDFs.
 */
export async function writeChatTranscripts(
  messages: readonly TranscriptMessage[],
  participants: string[],
  dir: string,
  options: Record<string, unknown> = {},
): Promise<{ transcript: string; filing: string }> {
  const files = {
    transcript: path.join(dir, 'transcript.pdf'),
    filing: path.join(dir, 'transcript-filing.pdf'),
  };
  await writeTranscripts(
    await chatTranscriptInput(messages, participants, options),
    new TextLayout(FontSet.shared()),
    { transcript: createWriteStream(files.transcript), filing: createWriteStream(files.filing) },
  );
  return files;
}

/** The exhibit files of `spec` cut from the transcript of `messages` among `participants`, written into `dir`. */
export async function writeExhibit(
  messages: readonly TranscriptMessage[],
  participants: string[],
  spec: ExhibitSpecInput,
  dir: string,
): Promise<void> {
  const transcript = await chatTranscriptInput(messages, participants);
  const plan = await planExhibit(
    ExhibitSpecSchema.parse(spec),
    transcript.source.messages(),
    transcript.source.chat,
  );
  await renderExhibitDocuments(
    transcript,
    plan,
    { exportReference: 'CE-0000-0000-0000', uploadSha256: 'a'.repeat(64), filingSha256: 'c'.repeat(64) },
    new TextLayout(FontSet.shared()),
    dir,
    [],
  );
}
