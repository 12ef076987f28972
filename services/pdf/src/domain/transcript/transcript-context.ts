import type { TextStyle } from '../text/font-set';
import { ascent } from '../text/text-layout';
import { type AttachmentFiles, attachmentFiles } from './attachment-files';
import { type FurnitureTexts, PageFurniture, transcriptFurniture } from './page-furniture';
import { drawMark, type ParticipantMark, type ParticipantMarks, participantMarks } from './participant-marks';
import { COLOUR, HALF_CAP_HEIGHT, MARK_SIZE, PART_GAP } from './transcript-style';
import type { TranscriptCopy, TwinPages } from './twin-pages';
import type { TranscriptInput } from './write-transcripts';

/**
 * What the parts of the transcript (or of an exhibit cut from it) share: the input, the pages they
 * draw on, and what is looked up once.
 */
export interface TranscriptContext<Copy extends string = TranscriptCopy> {
  readonly input: TranscriptInput;
  readonly pages: TwinPages<Copy>;
  readonly furniture: PageFurniture<Copy>;
  /** The document attached files are embedded in (the native transcript); null to embed none. */
  readonly embedInto: PDFKit.PDFDocument | null;
  /** The number of entries, which sets the width of every message number. */
  readonly total: number;
  readonly marks: ParticipantMarks;
  readonly files: AttachmentFiles;
}

export function transcriptContext(input: TranscriptInput, pages: TwinPages): TranscriptContext {
  return documentContext(input, pages, transcriptFurniture(input.source), pages.documents.transcript);
}

/** The context of any document laid out as the transcript is, with its own furniture's texts. */
export function documentContext<Copy extends string>(
  input: TranscriptInput,
  pages: TwinPages<Copy>,
  furniture: FurnitureTexts<Copy>,
  embedInto: PDFKit.PDFDocument | null,
): TranscriptContext<Copy> {
  return {
    input,
    pages,
    furniture: new PageFurniture(pages, furniture),
    embedInto,
    total: input.summary.counts.entries,
    marks: participantMarks(
      input.summary.participants.map((row) => row.name),
      input.source.facts.examination.exportingAccount,
    ),
    files: attachmentFiles(input),
  };
}

/** A participant's colour, when the uploader asked for senders in colour. */
export function senderColour(context: TranscriptContext<string>, mark: ParticipantMark): string {
  return context.input.source.facts.options.highlightSenders ? mark.colour : COLOUR.text;
}

/** A participant's mark at `x`, centred on the line at the cursor drawn in `lineStyle`. */
export function drawParticipantMark(
  context: TranscriptContext<string>,
  mark: ParticipantMark,
  x: number,
  lineStyle: TextStyle,
): void {
  const { pages } = context;
  const colour = senderColour(context, mark);
  const centre = pages.y + ascent(lineStyle) - HALF_CAP_HEIGHT * lineStyle.size;
  pages.draw((doc) => drawMark(doc, mark.shape, x + MARK_SIZE / 2, centre, MARK_SIZE, colour));
}

/**
 * A part (the messages, the register) follows on the page before it when there is room for its
 * heading and first lines, else starts a new page: a small export's parts share pages.
 */
export function startPart(pages: TwinPages<string>, room: number): void {
  pages.y += PART_GAP;
  pages.ensure(room);
}
