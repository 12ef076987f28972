import { lineHeight } from '../text/text-layout';
import { formatRecordedMoment } from './time-zone';
import { drawParticipantMark, type TranscriptContext } from './transcript-context';
import { COLOUR, MARK_SPACE, PARTICIPANT_COLUMNS, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import { CONTENT_WIDTH, PAGE } from './twin-pages';

/** Beside the exporting account's name in the participant table. */
const ACCOUNT_NOTE = '(exporting account)';

/**
 * The participant table: each name exactly as exported beside its mark (the legend of the
 * messages), the exporting account marked, message count, first and last message.
 */
export function writeParticipantTable(context: TranscriptContext<string>): void {
  const { pages, marks } = context;
  const { participants } = context.input.summary;
  const columns = PARTICIPANT_COLUMNS;
  pages.y += SPACE.afterHeading;
  const nameX = PAGE.margin + MARK_SPACE;
  const nameWidth = columns.name.width - MARK_SPACE;
  pages.ensure(2 * lineHeight(STYLE.label));
  for (const column of Object.values(columns)) pages.label(column.title, column.x, STYLE.label, COLOUR.muted);
  pages.y += lineHeight(STYLE.label);
  if (participants.length === 0) {
    pages.paragraph('No participant wrote a message.', PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }
  for (const row of participants) {
    const mark = marks.byName.get(row.name)!;
    const nameLines = pages.layout.wrap(row.name, STYLE.value, nameWidth);
    // The account's note follows a left-to-right name on its line when it fits, else goes below.
    const last = nameLines.at(-1)!;
    // The note stands 4 pt after the name.
    const noteX = nameX + last.width + 4;
    const noteInline =
      last.direction === 'ltr' &&
      noteX + pages.layout.measure(ACCOUNT_NOTE, STYLE.value) <= nameX + nameWidth;
    const noteBelow = mark.exportingAccount && !noteInline;
    pages.ensure((nameLines.length + (noteBelow ? 1 : 0)) * lineHeight(STYLE.value));
    const top = pages.y;
    drawParticipantMark(context, mark, PAGE.margin, STYLE.value);
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
    for (const line of nameLines) pages.line(line, nameX, nameWidth, STYLE.value, COLOUR.text);
    if (noteBelow) pages.paragraph(ACCOUNT_NOTE, nameX, nameWidth, STYLE.value, COLOUR.muted);
    else if (mark.exportingAccount) {
      pages.y -= lineHeight(STYLE.value);
      pages.label(ACCOUNT_NOTE, noteX, STYLE.value, COLOUR.muted);
      pages.y += lineHeight(STYLE.value);
    }
    pages.y = Math.max(pages.y, top + lineHeight(STYLE.value)) + SPACE.betweenRows;
  }
  pages.y += SPACE.afterText;
  for (const text of legend(context)) {
    pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }
  pages.y += SPACE.afterText;
}

/** What the marks in the participant table say. */
function legend({ input, marks }: TranscriptContext<string>): string[] {
  if (input.summary.participants.length === 0) return [];
  const stated = input.source.facts.examination.exportingAccount;
  const { highlightSenders } = input.source.facts.options;
  const said = `Each participant's messages carry the mark${highlightSenders ? ' and colour' : ''} shown here`;
  if (stated === null) return [`${said}.`];
  return [
    marks.exportingAccount === null
      ? `${said}. No participant's name matches the stated exporting account, "${stated}", so no one is marked as it.`
      : `${said}; the star marks the account the chat was exported from, as stated in Examination: its messages are the ones that account sent, the others' the ones it received.`,
  ];
}
