// The redaction log: one row for each redaction in each place it removes something, saying what
// was removed, where and why, never what it said nor how long it was (a length narrows a name
// down as a box's width would). (LEGAL: redaction must
// remove the text, not paint over it, and be listed in a log.)

import { REDACTION_REASONS, type Redaction, type RedactionCategory } from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { RULE_5_2_ALLOWS, SUGGESTED_CATEGORIES } from '@chatexhibit/proto/redaction-suggestions';
import { SUGGESTED_KIND_NAMES, type SuggestedKind } from '@chatexhibit/proto/suggested-kinds';
import { stringify } from 'csv-stringify/sync';
import { SPREADSHEET_CSV } from '../evidence/messages-csv';
import type { MessageField, RedactedRange } from './exhibit-plan';

/** Where a row's redaction removed something: a field of a message, or a text of the chat. */
export type LoggedPlace = MessageField | 'participant-list' | 'chat-file-name';

export interface RedactionLogRow {
  /** 1-based, in order of message, then place, then redaction. */
  log: number;
  /** The message's number; null for the participant list and the chat file's name. */
  message: number | null;
  place: LoggedPlace;
  /** Its index in spec.redactions. */
  redaction: number;
  kind: Redaction['kind'];
  category: RedactionCategory;
  /** The filer's words, when given. */
  note: string | null;
  /** What the boxes say instead of the reason's label (initials, a pseudonym), when the filer gave it. */
  replaceWith: string | null;
  /** How many separate ranges were removed here. */
  ranges: number;
  /**
   * When every range of a text redaction here removes exactly what Rule 5.2(a) asks of one kind of
   * identifier (all of it but its last four digits or its year): that kind; else null.
   */
  ruleSuggestion: SuggestedKind | null;
}

/** A redaction as the log's rows name it: its place in the spec, from 1 ("R3"). */
export const redactionName = (redaction: number): string => `R${redaction + 1}`;

/** What a phone number's row removed, by where it was written. */
const PHONE_NUMBER_IN: Record<LoggedPlace, string> = {
  sender: "The sender's phone number",
  content: 'A phone number in the message text',
  attachment: "A phone number in the attachment's file name",
  'participant-list': "A participant's phone number",
  'chat-file-name': "A phone number in the chat file's name",
};

/** What a row removed, in words, never the text itself: the kind, where it was, and the label its boxes carry instead. */
export function whatWasRemoved(
  row: Pick<RedactionLogRow, 'kind' | 'place' | 'category' | 'replaceWith' | 'ruleSuggestion'>,
): string {
  const rule = row.ruleSuggestion;
  const what = {
    text:
      rule === null
        ? 'Part of the message text'
        : `${SUGGESTED_KIND_NAMES[rule].name} except its ${RULE_5_2_ALLOWS[SUGGESTED_CATEGORIES[rule]].part}`,
    message: 'The whole message text',
    attachment: 'Attachment file name, size, hash and picture',
    'phone-number': PHONE_NUMBER_IN[row.place],
    'text-everywhere': `${row.category === 'minor-name' ? "A minor's name" : 'A word or phrase'} (everywhere)`,
  }[row.kind];
  return row.replaceWith === null ? what : `${what}, shown as “${row.replaceWith}”`;
}

const PLACE_LABELS: Record<LoggedPlace, string> = {
  sender: 'Sender',
  content: 'Text',
  attachment: 'Attachment',
  'participant-list': 'Participant list',
  'chat-file-name': "Chat file's name",
};

/**
 * The rows for what the ranges of `text` remove from one place (a field of a message, or a text
 * of the chat), one for each redaction, in the order of the spec; numbered later, when every
 * row is known.
 */
/**
 * The ranges not inside another range of the same text (of an equal pair, the earlier redaction's):
 * what lies inside a removed stretch goes with it, and a row of its own would tell what the outer
 * redaction hides ("the message sealed by order names the child").
 */
export function outermostRanges<Range extends RedactedRange>(ranges: readonly Range[]): Range[] {
  // In order of start, the longer first, then the earlier redaction: a range is inside another
  // exactly when one before it in this order ends at or after it (one sweep, for many thousands).
  const ordered = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end || a.redaction - b.redaction);
  const inside = new Set<Range>();
  let furthestEnd = -Infinity;
  for (const range of ordered) {
    if (furthestEnd >= range.end) inside.add(range);
    furthestEnd = Math.max(furthestEnd, range.end);
  }
  return ranges.filter((range) => !inside.has(range));
}

export function placeLogRows(
  redactions: readonly Redaction[],
  message: number | null,
  place: LoggedPlace,
  ranges: ReadonlyArray<RedactedRange & { ruleSuggestion?: SuggestedKind }>,
): Array<Omit<RedactionLogRow, 'log'>> {
  const byRedaction = new Map<number, Array<(typeof ranges)[number]>>();
  for (const range of outermostRanges(ranges)) {
    const own = byRedaction.get(range.redaction);
    if (own === undefined) byRedaction.set(range.redaction, [range]);
    else own.push(range);
  }
  return [...byRedaction]
    .sort(([a], [b]) => a - b)
    .map(([redaction, own]) => {
      const asked = redactions[redaction]!;
      const [first] = own;
      const ruleSuggestion =
        first?.ruleSuggestion !== undefined &&
        own.every((range) => range.ruleSuggestion === first.ruleSuggestion)
          ? first.ruleSuggestion
          : null;
      return {
        message,
        place,
        redaction,
        kind: asked.kind,
        category: asked.reason.category,
        note: asked.reason.note ?? null,
        replaceWith: ('replaceWith' in asked ? asked.replaceWith : undefined) ?? null,
        ranges: own.length,
        ruleSuggestion,
      };
    });
}

/** The columns of the log as CSV, in order (its first row). */
export const REDACTION_LOG_COLUMNS = [
  'Log number',
  'Redaction',
  'Message',
  'Place',
  'What was removed',
  'Reason',
  'Reason in full',
  "Filer's note",
  'Ranges',
  'Exhibit page',
  'Bates number',
] as const;

/**
 * Where a row's black boxes are drawn in exhibit.pdf, as its writer found them: the pages (empty
 * for a row of no message) and their Bates numbers, when the exhibit carries them.
 */
export interface DrawnOn {
  pages: readonly number[];
  bates: readonly string[];
}

/** One row of the log as words, for the CSV and any other copy of the log, so that they read alike. */
export const redactionLogCells = (
  row: RedactionLogRow,
  totalMessages: number,
  drawnOn: DrawnOn,
): string[] => [
  String(row.log),
  redactionName(row.redaction),
  row.message === null ? '' : messageNumber(row.message, totalMessages),
  PLACE_LABELS[row.place],
  whatWasRemoved(row),
  REDACTION_REASONS[row.category].label,
  REDACTION_REASONS[row.category].description,
  row.note ?? '',
  String(row.ranges),
  drawnOn.pages.join(', '),
  drawnOn.bates.join(', '),
];

/** The log as CSV, written as messages.csv is (quoting, CRLF, byte order mark, formulas defused). */
export const redactionLogCsv = (
  rows: readonly RedactionLogRow[],
  totalMessages: number,
  drawnOn: (row: RedactionLogRow) => DrawnOn,
): Buffer =>
  Buffer.from(
    stringify(
      [[...REDACTION_LOG_COLUMNS], ...rows.map((row) => redactionLogCells(row, totalMessages, drawnOn(row)))],
      SPREADSHEET_CSV,
    ),
    'utf8',
  );
