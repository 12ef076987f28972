import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { REDACTION_REASONS, type RedactionCategory } from '@chatexhibit/proto/exhibit-spec';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { lineHeight, type TextLayout } from '../text/text-layout';
import { PageFurniture } from '../transcript/page-furniture';
import { COLOUR, SPACE, STYLE } from '../transcript/transcript-style';
import { CONTENT_WIDTH, type DocumentInfo, PAGE, TwinPages } from '../transcript/twin-pages';
import { caseNumberHeading } from './exhibit-cover';
import { REDACTION_BOX_LAYOUT } from './exhibit-wording';
import type { ExhibitPlan } from './exhibit-plan';
import {
  type DrawnOn,
  REDACTION_LOG_COLUMNS,
  type RedactionLogRow,
  redactionLogCells,
} from './redaction-log';

/**
 * The log's columns on the page: which cells of `redactionLogCells` (one under the other), its
 * head and width, from the margin across with COLUMN_GAP between.
 */
const COLUMNS = [
  { cells: [0], head: 'Row', width: 16 },
  { cells: [1], head: 'Redaction', width: 38 },
  { cells: [2], head: 'Message', width: 32 },
  { cells: [9, 10], head: 'Page', width: 74 },
  { cells: [3], head: 'Place', width: 44 },
  { cells: [4], head: REDACTION_LOG_COLUMNS[4], width: 110 },
  { cells: [5], head: 'Reason', width: 46 },
  { cells: [7], head: "Filer's note", width: 80 },
] as const;
const COLUMN_GAP = 4;
const PAGE_COLUMN = 3;
/** The columns that give way, in turn, when others widen: what was removed and the filer's note, words that wrap. */
const GIVING_COLUMNS = [5, 7];
/** The Bates cell: its numbers each on a line of their own. */
const BATES_CELL = 10;

/**
 * The columns, each at least as wide as its head (heads never run together) and the Page column
 * as wide as the widest Bates number, `widestBates` pt (one wrapped inside cannot be searched
 * for); the columns of words give way, down to their heads' width.
 */
function logColumns(
  layout: TextLayout,
  widestBates: number,
): readonly { cells: readonly number[]; head: string; x: number; width: number }[] {
  const heads = COLUMNS.map((column) => layout.measure(column.head, STYLE.label));
  const widths = COLUMNS.map((column, i) =>
    Math.ceil(Math.max(column.width, heads[i]!, i === PAGE_COLUMN ? widestBates : 0)),
  );
  let excess = widths.reduce((sum, width, i) => sum + width - COLUMNS[i]!.width, 0);
  for (const i of GIVING_COLUMNS) {
    const given = Math.min(excess, Math.floor(widths[i]! - heads[i]!));
    widths[i]! -= given;
    excess -= given;
  }
  let x = 0;
  return COLUMNS.map((column, i) => {
    const placed = { ...column, x, width: widths[i]! };
    x += widths[i]! + COLUMN_GAP;
    return placed;
  });
}

/**
 * redaction-log.pdf (PDF/A-2b): a table of the log's rows, with the same words as
 * redaction-log.csv (`redactionLogCells`), the reasons' full descriptions below it, and never the
 * removed text. The header gives the case number first, as the exhibit's does; the footer names
 * the exhibit it belongs to by its whole SHA-256.
 */
export async function writeRedactionLogPdf(
  plan: ExhibitPlan,
  drawnOn: (row: RedactionLogRow) => DrawnOn,
  facts: ExportFacts,
  exhibitSha256: string,
  made: Pick<DocumentInfo, 'creator' | 'createdAt'>,
  layout: TextLayout,
  out: Writable,
): Promise<void> {
  const title = `Redaction log of ${plan.spec.label}`;
  const pages = new TwinPages<'log'>(layout, {
    log: {
      info: {
        ...made,
        title,
        subject: `The redactions of ${EXHIBIT_PATHS.exhibit} (SHA-256 ${exhibitSha256}); never the removed text`,
        keywords: `${plan.spec.label}; redaction log; PDF/A-2b`,
        author: null,
      },
      pdfA: true,
    },
  });
  pages.documents.log.pipe(out);
  const furniture = new PageFurniture(pages, {
    header: [...caseNumberHeading(plan, facts), title].join(' · '),
    headerMasks: [],
    source: `${EXHIBIT_PATHS.exhibit} SHA-256 ${exhibitSha256}`,
    bates: () => null,
  });
  furniture.runningHeader();
  pages.paragraph(title, PAGE.margin, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
  pages.paragraph(
    `Each row is one redaction in one place of ${EXHIBIT_PATHS.exhibit}: the redaction (R1 is the first the filer asked for), ` +
      `the message (by the transcript's number), the pages of ${EXHIBIT_PATHS.exhibit} its black boxes are drawn on ` +
      "(with their Bates numbers, when the exhibit carries them; blank for the participant list and the chat file's " +
      'name, which are not messages), ' +
      'the place in it, what was removed, and the reason. ' +
      `Neither the removed text nor its length is given here or in ${EXHIBIT_PATHS.redactionLogCsv}, which has the same rows. ` +
      `${EXHIBIT_PATHS.sealed}, the unredacted copy, outlines each removed stretch on the same page. ${REDACTION_BOX_LAYOUT}`,
    PAGE.margin,
    CONTENT_WIDTH,
    STYLE.value,
    COLOUR.text,
  );
  pages.y += SPACE.aboveSection;
  const drawn = new Map(plan.log.map((row) => [row, drawnOn(row)]));
  const columns = logColumns(
    layout,
    Math.max(
      0,
      ...[...drawn.values()].flatMap(({ bates }) => bates.map((b) => layout.measure(b, STYLE.value))),
    ),
  );
  const heads = () => {
    for (const column of columns) pages.label(column.head, PAGE.margin + column.x, STYLE.label, COLOUR.muted);
    pages.y += lineHeight(STYLE.label);
    pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterText;
  };
  heads();
  for (const row of plan.log) {
    const where = drawn.get(row)!;
    const cells = redactionLogCells(row, plan.totalMessages, where);
    const wrapped = columns.map((column) =>
      column.cells.flatMap((cell) =>
        cell === BATES_CELL
          ? where.bates.flatMap((bates) => layout.wrap(bates, STYLE.value, column.width))
          : layout.wrap(cells[cell]!, STYLE.value, column.width),
      ),
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight(STYLE.value);
    if (pages.ensure(height)) heads();
    const top = pages.y;
    columns.forEach((column, i) => {
      pages.y = top;
      for (const line of wrapped[i]!)
        pages.line(line, PAGE.margin + column.x, column.width, STYLE.value, COLOUR.text);
    });
    pages.y = top + height + SPACE.betweenEntries;
  }
  pages.y += SPACE.aboveSection;
  const used = [...new Set(plan.log.map((row) => row.category))] as RedactionCategory[];
  for (const category of used) {
    const { label, description } = REDACTION_REASONS[category];
    pages.paragraph(`${label}: ${description}.`, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
  }
  furniture.footers();
  pages.end();
  await finished(out);
}
