import { REDACTION_REASONS } from '@chatexhibit/proto/exhibit-spec';
import type { RowDecoration } from '../transcript/message-rows';
import { PLAIN_ROW } from '../transcript/message-rows';
import type { BoxLabel, TextMask } from '../transcript/twin-pages';
import { type ExhibitPlan, type MessageField, type RedactedRange, rangesToRemove } from './exhibit-plan';
import { redactionName } from './redaction-log';

/**
 * The words on a redaction's boxes: the filer's replacement ("E.M.") or its reason in a few words
 * ("SSN/TIN"), on every box of it whatever it removes; and its number as the log gives it ("R3").
 */
export function redactionLabel(plan: ExhibitPlan, redaction: number): BoxLabel {
  const asked = plan.spec.redactions[redaction]!;
  const replaceWith = 'replaceWith' in asked ? asked.replaceWith : undefined;
  return {
    label: replaceWith ?? REDACTION_REASONS[asked.reason.category].label,
    shortLabel: redactionName(redaction),
  };
}

/** Each plan's log rows by message, place and redaction, made once: a message may have thousands of boxes. */
const LOG_ROWS = new WeakMap<ExhibitPlan, ReadonlyMap<string, number>>();
const logKey = (message: number | null, place: string, redaction: number) =>
  `${message}:${place}:${redaction}`;

/** The log's rows for what `redactions` remove from one field of a message. */
function logRowsOf(
  plan: ExhibitPlan,
  message: number,
  field: MessageField,
  redactions: readonly number[],
): number[] {
  let rows = LOG_ROWS.get(plan);
  if (rows === undefined) {
    rows = new Map(plan.log.map((row) => [logKey(row.message, row.place, row.redaction), row.log]));
    LOG_ROWS.set(plan, rows);
  }
  return redactions.flatMap((redaction) => rows.get(logKey(message, field, redaction)) ?? []);
}

/**
 * The masks to draw for ranges of one text: their union (overlapping ranges joined), each joined
 * range labelled as its longest range (of equal ones, the first): a whole message sealed by order
 * reads "[Sealed]", never the label of a name inside it. For a field of a message (`of`), each
 * mask names the log's rows of the redactions it removes, so the log can give the page it is on.
 */
export function textMasks(
  plan: ExhibitPlan,
  ranges: readonly RedactedRange[],
  of: { message: number; field: MessageField } | null = null,
): TextMask[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.redaction - b.redaction);
  const joinedRanges = rangesToRemove(
    sorted.map((range) => ({ ...range, field: 'content' as MessageField })),
    'content',
  );
  // Both in order of start, each range inside one joined range: one walk finds each joined
  // range's longest, and the redactions inside it.
  const longest: RedactedRange[] = [];
  const inside: Array<Set<number>> = joinedRanges.map(() => new Set());
  let at = 0;
  for (const range of sorted) {
    while (joinedRanges[at]!.end < range.end) at++;
    const current = longest[at];
    if (current === undefined || range.end - range.start > current.end - current.start) longest[at] = range;
    inside[at]!.add(range.redaction);
  }
  return joinedRanges.map((joined, index) => ({
    ...joined,
    ...redactionLabel(plan, longest[index]!.redaction),
    ...(of !== null && { logRows: logRowsOf(plan, of.message, of.field, [...inside[index]!]) }),
  }));
}

/** How an exhibit draws one included message's row: highlighted or not, and what it removes. */
export function rowDecoration(plan: ExhibitPlan, message: number, highlighted: boolean): RowDecoration {
  const removed = plan.redactions.get(message);
  if (removed === undefined) return { ...PLAIN_ROW, highlighted };
  const of = (field: MessageField) =>
    textMasks(
      plan,
      removed.masks.filter((mask) => mask.field === field),
      { message, field },
    );
  const withheldBy = removed.attachmentWithheldBy;
  return {
    highlighted,
    senderMasks: of('sender'),
    contentMasks: of('content'),
    attachment: {
      nameMasks: of('attachment'),
      withheld:
        withheldBy === null
          ? null
          : {
              ...redactionLabel(plan, withheldBy),
              logRows: logRowsOf(plan, message, 'attachment', [withheldBy]),
            },
    },
  };
}
