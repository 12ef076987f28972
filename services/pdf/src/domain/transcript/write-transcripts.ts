import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { EvidenceFile } from '../evidence/types';
import type { TextLayout } from '../text/text-layout';
import { writeAttachmentRegister } from './attachment-register';
import type { ChatSummary } from './chat-summary';
import type { CoverContent } from './cover-content';
import { writeCover } from './cover-writer';
import { MessageRows } from './message-rows';
import { type TranscriptContext, transcriptContext } from './transcript-context';
import { documentInfo } from './transcript-copies';
import type { ExportSource } from './transcript-source';
import { TwinPages } from './twin-pages';

export interface TranscriptInput {
  source: ExportSource;
  summary: ChatSummary;
  cover: CoverContent;
  /** The evidence files, for each attachment's hash, size and detected type. */
  evidence: readonly EvidenceFile[];
  generatedAt: Date;
  toolVersion: string;
  /** Told the share of messages drawn after each page of them. */
  onProgress: (fraction: number) => void | Promise<void>;
}

/**
 * The transcript's parts in order from its first page: the running header, the cover, the
 * messages and the attachment register. The one layout of both copies and of every volume.
 */
export async function layOutTranscript(context: TranscriptContext): Promise<void> {
  context.furniture.runningHeader();
  writeCover(context);
  await new MessageRows(context).write();
  writeAttachmentRegister(context);
}

/**
 * Writes the transcript (voice notes and, when asked, other attachments embedded) and its
 * PDF/A court-filing copy (no attachments; attachment numbers instead) from one layout: the
 * cover, the messages, the attachment register, then the footers on every page.
 * Resolves to the page count, the same for both.
 */
export async function writeTranscripts(
  input: TranscriptInput,
  layout: TextLayout,
  out: { transcript: Writable; filing: Writable },
): Promise<{ pageCount: number }> {
  const made = { creator: `ChatExhibit ${input.toolVersion}`, createdAt: input.generatedAt };
  const pages = new TwinPages(layout, {
    transcript: { info: documentInfo(input.source, 'transcript', made), pdfA: false },
    filing: { info: documentInfo(input.source, 'filing', made), pdfA: true },
  });
  pages.documents.transcript.pipe(out.transcript);
  pages.documents.filing.pipe(out.filing);
  const context = transcriptContext(input, pages);
  await layOutTranscript(context);
  context.furniture.footers();
  const { count: pageCount } = pages.documents.transcript.bufferedPageRange();
  pages.end();
  await Promise.all([finished(out.transcript), finished(out.filing)]);
  return { pageCount };
}
