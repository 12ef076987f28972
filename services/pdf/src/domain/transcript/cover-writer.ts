import type { TextStyle } from '../text/font-set';
import { lineHeight } from '../text/text-layout';
import { type CoverRows, type CoverSection, SUB_BULLET } from './cover-content';
import { writeMarkedParticipants, writeParticipantTable } from './participant-table';
import type { TranscriptContext } from './transcript-context';
import { copyStatement, TRANSCRIPT_TITLE } from './transcript-copies';
import { COLOUR, INDENT, ROW_SLOTS, type RowSlot, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import { CONTENT_WIDTH, type CopyText, PAGE, type TwinPages } from './twin-pages';

/** The cover: title, what this copy is, and the cover content's sections, the participant table among them. */
export function writeCover(context: TranscriptContext): void {
  writeCoverPages(context, TRANSCRIPT_TITLE, copyStatement, context.input.cover.sections);
}

/**
 * A cover (the transcript's, an exhibit's), from the cursor below a page's running header: a
 * title, what this copy is, then the sections.
 */
export function writeCoverPages<Copy extends string>(
  context: TranscriptContext<Copy>,
  title: string,
  subtitle: CopyText<Copy>,
  sections: readonly CoverSection<Copy>[],
): void {
  const { pages, furniture } = context;
  const x = PAGE.margin;
  furniture.bookmarkCover();
  pages.paragraph(title, x, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
  pages.paragraph(subtitle, x, CONTENT_WIDTH, STYLE.subtitle, COLOUR.text);
  for (const section of sections) {
    // A short list of participants stays on one page with its heading and the legend under it.
    const listed = section.markedParticipants?.names.length ?? 0;
    sectionHeading(context, section.heading, listed > 0 && listed <= KEPT_PARTICIPANTS ? listed + 3 : 2);
    if (section.rows) writeCoverRows(pages, section.rows);
    for (const text of section.paragraphs ?? []) {
      pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
      pages.y += SPACE.afterText;
    }
    for (const text of section.bullets ?? []) bullet(pages, text);
    if (section.participantTable) writeParticipantTable(context as TranscriptContext<string>);
    if (section.markedParticipants) {
      const { names, masks } = section.markedParticipants;
      writeMarkedParticipants(context as TranscriptContext<string>, names, masks);
    }
  }
}

/** Up to this many participants are kept on one page with their heading. */
const KEPT_PARTICIPANTS = 8;

function sectionHeading(
  { pages, furniture }: TranscriptContext<string>,
  text: string,
  keptLines: number,
): void {
  pages.y += SPACE.aboveSection;
  // A heading never ends a page: keep it with (at least two) lines of what follows.
  pages.ensure(lineHeight(STYLE.section) + keptLines * lineHeight(STYLE.value) + SPACE.afterHeading);
  furniture.bookmarkCoverSection(text);
  pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
  pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
  pages.y += SPACE.afterText;
}

/** Label and value rows; two short rows in a row share a line, to keep the cover short. */
export function writeCoverRows(pages: TwinPages<string>, rows: CoverRows): void {
  for (let i = 0; i < rows.length; i += 1) {
    const [label, value] = rows[i]!;
    const next = rows[i + 1];
    const paired =
      next !== undefined &&
      fitsOneLine(pages, label, value, ROW_SLOTS.left) &&
      fitsOneLine(pages, next[0], next[1], ROW_SLOTS.right);
    const cells = paired
      ? [
          { label, value, slot: ROW_SLOTS.left },
          { label: next[0], value: next[1], slot: ROW_SLOTS.right },
        ]
      : [{ label, value, slot: ROW_SLOTS.full }];
    if (paired) i += 1;
    const laidOut = cells.map((cell) => {
      const valueStyle = rowValueStyle(cell.value);
      const labelLines = pages.layout.wrap(cell.label, STYLE.label, cell.slot.labelWidth - TEXT_GAP);
      const valueLines = pages.layout.wrap(cell.value, valueStyle, cell.slot.valueWidth);
      return { ...cell, valueStyle, labelLines, valueLines };
    });
    const height = Math.max(
      ...laidOut.map((cell) =>
        Math.max(
          cell.labelLines.length * lineHeight(STYLE.label),
          cell.valueLines.length * lineHeight(cell.valueStyle),
        ),
      ),
    );
    pages.ensure(height);
    const top = pages.y;
    for (const { slot, valueStyle, labelLines, valueLines } of laidOut) {
      pages.y = top;
      for (const line of labelLines)
        pages.line(line, slot.x, slot.labelWidth - TEXT_GAP, STYLE.label, COLOUR.muted);
      pages.y = top;
      const valueX = slot.x + slot.labelWidth;
      for (const line of valueLines) pages.line(line, valueX, slot.valueWidth, valueStyle, COLOUR.text);
    }
    pages.y = top + height + SPACE.betweenRows;
  }
}

function fitsOneLine(pages: TwinPages<string>, label: string, value: string, slot: RowSlot): boolean {
  const { layout } = pages;
  return (
    layout.wrap(label, STYLE.label, slot.labelWidth - TEXT_GAP).length === 1 &&
    layout.wrap(value, rowValueStyle(value), slot.valueWidth).length === 1
  );
}

/** A SHA-256 value is set in the monospaced face. */
const rowValueStyle = (value: string): TextStyle => (/^[0-9a-f]{64}$/.test(value) ? STYLE.hash : STYLE.value);

/** A bullet; one that says something different in each copy takes the longer one's lines in both. */
function bullet<Copy extends string>(pages: TwinPages<Copy>, text: CopyText<Copy>): void {
  // Only the parser's notes are nested, and they read the same in both copies.
  const nested = typeof text === 'string' && text.startsWith(SUB_BULLET);
  const indent = nested ? INDENT : 0;
  pages.ensure(lineHeight(STYLE.value));
  // The bullet sits 2 pt inside its text's indent.
  pages.label(nested ? '\u2013' : '•', PAGE.margin + 2 + indent, STYLE.value, COLOUR.muted);
  pages.paragraph(
    nested ? text.slice(SUB_BULLET.length) : text,
    PAGE.margin + INDENT + indent,
    CONTENT_WIDTH - INDENT - indent,
    STYLE.value,
    COLOUR.text,
  );
  pages.y += SPACE.afterText;
}
