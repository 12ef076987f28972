import { lineHeight, type TextLine } from '../text/text-layout';
import { formatRecordedMoment } from './time-zone';
import { drawParticipantMark, type TranscriptContext } from './transcript-context';
import { COLOUR, MARK_SPACE, PARTICIPANT_COLUMNS, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import { CONTENT_WIDTH, PAGE, type TextMask } from './twin-pages';

/** Beside the exporting account's name in the participant table. */
const ACCOUNT_NOTE = '(exporting account)';

/**
 * The participant table: each name exactly as exported beside its mark (the legend of the
 * messages), the exporting account marked, message count, first and last message.
 */
export function writeParticipantTable(context: TranscriptContext<string>): void {
  const { pages } = context;
  const { participants } = context.input.summary;
  const columns = PARTICIPANT_COLUMNS;
  pages.y += SPACE.afterHeading;
  const nameWidth = columns.name.width - MARK_SPACE;
  pages.ensure(2 * lineHeight(STYLE.label));
  for (const column of Object.values(columns)) pages.label(column.title, column.x, STYLE.label, COLOUR.muted);
  pages.y += lineHeight(STYLE.label);
  if (participants.length === 0) {
    pages.paragraph('No participant wrote a message.', PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }
  for (const row of participants) {
    writeMarkedName(context, row.name, [], nameWidth, () => {
      pages.label(
        row.phone ?? 'not shown',
        columns.phone.x,
        STYLE.value,
        row.phone ? COLOUR.text : COLOUR.faint,
      );
      pages.label(row.messageCount.toLocaleString('en-US'), columns.messages.x, STYLE.value, COLOUR.text, {
        align: 'right',
        width: columns.messages.width - TEXT_GAP,
      });
      const withTime = context.input.source.facts.options.includeTimestamps;
      pages.label(formatRecordedMoment(row.firstAt, withTime), columns.first.x, STYLE.value, COLOUR.text);
      pages.label(formatRecordedMoment(row.lastAt, withTime), columns.last.x, STYLE.value, COLOUR.text);
    });
  }
  pages.y += SPACE.afterText;
  for (const text of legend(context, 'Examination')) {
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }
  pages.y += SPACE.afterText;
}

/**
 * The participants of an exhibit's cover: each name as exported beside its mark, the exporting
 * account marked, and the participant table's legend; `masks` gives the ranges of any of these
 * texts that a redacting copy removes.
 */
export function writeMarkedParticipants(
  context: TranscriptContext<string>,
  names: readonly string[],
  masks: (text: string) => readonly TextMask[],
): void {
  const { pages } = context;
  for (const name of names) writeMarkedName(context, name, masks(name), CONTENT_WIDTH - MARK_SPACE);
  pages.y += SPACE.afterText;
  for (const text of legend(context, "the full transcript's Examination section")) {
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted, masks(text));
  }
  pages.y += SPACE.afterText;
}

/**
 * One participant's name as exported (`masks`: the ranges of it a redacting copy removes) beside
 * its mark, "(exporting account)" after the account's; `alongside` draws the row's other columns
 * at its top, once the page has room for the row.
 */
function writeMarkedName(
  context: TranscriptContext<string>,
  name: string,
  masks: readonly TextMask[],
  nameWidth: number,
  alongside: () => void = () => {},
): void {
  const { pages } = context;
  const mark = context.marks.byName.get(name);
  const nameX = PAGE.margin + MARK_SPACE;
  const nameLines = pages.wrap(name, STYLE.value, nameWidth, masks);
  // The account's note follows a left-to-right name on its line, 4 pt after it, when it fits after
  // the name's room lines in every copy (where a copy redacts, the name with its boxes' labels:
  // never what they remove), else goes below in all.
  const noteAfter = (line: TextLine) => nameX + line.width + 4;
  const noteX = (copy: string) => noteAfter(nameLines.copies.get(copy)!.lines.at(-1)!);
  const noteWidth = pages.layout.measure(ACCOUNT_NOTE, STYLE.value);
  const noteInline = [...nameLines.copies.values()].every(({ room }) => {
    const last = room.at(-1)!;
    return last.direction === 'ltr' && noteAfter(last) + noteWidth <= nameX + nameWidth;
  });
  const isAccount = mark?.exportingAccount === true;
  const noteBelow = isAccount && !noteInline;
  pages.ensure((nameLines.lineCount + (noteBelow ? 1 : 0)) * lineHeight(STYLE.value));
  const top = pages.y;
  // Only a participant who wrote a message has a mark.
  if (mark !== undefined) drawParticipantMark(context, mark, PAGE.margin, STYLE.value);
  alongside();
  pages.wrappedLines(nameLines, nameX, nameWidth, STYLE.value, COLOUR.text);
  if (noteBelow) pages.paragraph(ACCOUNT_NOTE, nameX, nameWidth, STYLE.value, COLOUR.muted);
  else if (isAccount) {
    pages.y -= lineHeight(STYLE.value);
    pages.label(ACCOUNT_NOTE, noteX, STYLE.value, COLOUR.muted);
    pages.y += lineHeight(STYLE.value);
  }
  pages.y = Math.max(pages.y, top + lineHeight(STYLE.value)) + SPACE.betweenRows;
}

/** What the marks beside the participants say; `statedIn` is where the exporting account is stated. */
function legend({ input, marks }: TranscriptContext<string>, statedIn: string): string[] {
  if (input.summary.participants.length === 0) return [];
  const stated = input.source.facts.examination.exportingAccount;
  const { highlightSenders } = input.source.facts.options;
  const said = `Each participant's messages carry the mark${highlightSenders ? ' and colour' : ''} shown here`;
  if (stated === null) return [`${said}.`];
  return [
    marks.exportingAccount === null
      ? `${said}. No participant's name matches the stated exporting account, "${stated}", so no one is marked as it.`
      : `${said}; the star marks the account the chat was exported from, as stated in ${statedIn}: its messages are the ones that account sent, the others' the ones it received.`,
  ];
}
