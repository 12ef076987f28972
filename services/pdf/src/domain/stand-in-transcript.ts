import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';

export interface TranscriptHeading {
  originalFilename: string;
  fileHash: string;
  participants: readonly string[];
  timeZone: string;
}

export interface TranscriptLine {
  index: number;
  timestamp: string;
  sender: string;
  content: string;
}

/**
 * A plain PDF of the parsed messages, one numbered line each. It stands in for the court-ready
 * transcript (the transcript issue's) so the pipeline runs end to end; pages of messages are
 * written as they arrive, so a long chat never sits whole in memory.
 */
export async function writeStandInTranscript(
  heading: TranscriptHeading,
  pages: AsyncIterable<readonly TranscriptLine[]>,
  out: Writable,
): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: 'Chat transcript', Creator: 'ChatExhibit' },
  });
  doc.pipe(out);
  doc.fontSize(16).text('CHAT TRANSCRIPT EVIDENCE');
  doc.fontSize(12).text('WhatsApp Conversation');
  doc.moveDown(0.5).fontSize(9);
  doc.text(`Source file: ${heading.originalFilename}`);
  doc.text(`File SHA-256: ${heading.fileHash}`);
  doc.text(`Participants: ${heading.participants.join(', ')}`);
  doc.text(`Times are as the phone recorded them; declared time zone: ${heading.timeZone}`);
  doc.moveDown();
  for await (const lines of pages) {
    for (const line of lines) {
      doc.text(`${line.index}. [${line.timestamp}] ${line.sender ? `${line.sender}: ` : ''}${line.content}`);
    }
  }
  doc.end();
  await finished(out);
}
