// processing-record.pdf: processing-record.txt as a PDF/A-2b document for filing, line for line in
// a monospaced face so that its columns stay as in the text. Names may be in any script: every
// character is drawn with the font set's fallbacks, and what no font has is listed at the end.

import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { FontSet, type TextStyle } from '../text/font-set';
import { ascent, lineHeight, TextLayout } from '../text/text-layout';
import { TextPainter } from '../text/text-painter';
import { describeCharacter } from '../text/unicode';
import { CONTENT_WIDTH, createDocument, PAGE } from '../transcript/twin-pages';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { sha256Hex } from './manifest';

/** 80 columns of Noto Sans Mono (0.6 em each) fill the 6.5-inch text width at 9.75 pt. */
const BODY: TextStyle = { family: 'mono', weight: 'regular', size: 9.5 };
const FOOTER: TextStyle = { family: 'sans', weight: 'regular', size: 7.5 };
const COLOUR = { text: '#0f172a', muted: '#475569' } as const;

export interface ProcessingRecordPdfInput {
  /** processing-record.txt's bytes (or its public copy's). */
  text: Buffer;
  /** The file whose bytes `text` is, which the metadata names by its SHA-256; processing-record.txt when not given. */
  textFile?: string;
  /** Lines drawn before the text (a public copy's statement about this PDF's original); none when not given. */
  preface?: string;
  exportReference: string;
  toolVersion: string;
  generatedAt: Date;
}

/**
 * Writes the record's text as a PDF/A-2b file into `out`. The document ID is derived from the
 * text (its SHA-256 is the Subject), and every date is `generatedAt`: the same text and time give
 * the same bytes.
 */
export async function writeProcessingRecordPdf(
  input: ProcessingRecordPdfInput,
  out: Writable,
  fonts: FontSet = FontSet.shared(),
): Promise<void> {
  const text = input.text.toString('utf8');
  const textFile = input.textFile ?? PACKAGE_PATHS.processingRecord;
  const doc = createDocument(
    {
      title: `Processing record of export ${input.exportReference}`,
      subject: `ChatExhibit processing record; ${textFile} SHA-256 ${sha256Hex(input.text)}`,
      author: null,
      creator: `ChatExhibit ${input.toolVersion}`,
      createdAt: input.generatedAt,
    },
    true,
  );
  doc.pipe(out);
  const layout = new TextLayout(fonts);
  const painter = new TextPainter(doc, fonts);
  const column = layout.measure(' ', BODY);
  const height = lineHeight(BODY);
  let y = PAGE.top;
  const draw = (line: string): void => {
    // Leading spaces are the text's indentation: kept as an offset, as wrapping would drop them.
    const body = line.trimStart();
    const indent = (line.length - body.length) * column;
    // Every line of the record reads left to right, also one quoting a right-to-left name.
    for (const wrapped of layout.wrap(body, BODY, CONTENT_WIDTH - indent, 'ltr')) {
      if (y + height > PAGE.height - PAGE.bottom) {
        doc.addPage();
        y = PAGE.top;
      }
      painter.drawLine(wrapped, PAGE.margin + indent, y + ascent(BODY), BODY, COLOUR.text);
      y += height;
    }
  };
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  if (input.preface !== undefined) [input.preface, ''].forEach(draw);
  lines.forEach(draw);
  const missing = fonts.missingCharacters(text, BODY.family, BODY.weight);
  if (missing.length > 0) {
    draw('');
    draw(
      'Characters no font of this PDF can draw (each shown above as a replacement mark; ' +
        `${textFile} holds them): ${missing.map(describeCharacter).join('; ')}`,
    );
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const baseline = PAGE.height - 40;
    painter.drawText(
      `Processing record, export ${input.exportReference}`,
      PAGE.margin,
      baseline,
      FOOTER,
      COLOUR.muted,
    );
    painter.drawText(`Page ${i - start + 1} of ${count}`, PAGE.margin, baseline, FOOTER, COLOUR.muted, {
      align: 'right',
      width: CONTENT_WIDTH,
    });
  }
  doc.end();
  await finished(out);
}
