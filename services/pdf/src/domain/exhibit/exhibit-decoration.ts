import { REDACTION_REASONS } from '@chatexhibit/proto/exhibit-spec';
import type { RowDecoration } from '../transcript/message-rows';
import { PLAIN_ROW } from '../transcript/message-rows';
import type { BoxLabel, TextMask } from '../transcript/twin-pages';
import { type ExhibitPlan, type MessageField, type RedactedRange, rangesToRemove } from './exhibit-plan';
import { redactionName } from './redaction-log';

/**
 * The words on a redaction's boxes: the filer's replacement ("E.M.") or its reason in a few words
 * ("SSN/TIN"); for a box too narrow for them, the reason's abbreviation ("TIN"); for one too narrow
 * for that, the redaction's number as the log gives it ("R3").
 */
export function redactionLabel(plan: ExhibitPlan, redaction: number): BoxLabel {
  const asked = plan.spec.redactions[redaction]!;
  const replaceWith = 'replaceWith' in asked ? asked.replaceWith : undefined;
  const reason = REDACTION_REASONS[asked.reason.category];
  return {
    label: replaceWith ?? reason.label,
    abbreviation: reason.abbreviation,
    shortLabel: redactionName(redaction),
  };
}

/** The log's rows for what `redactions` remove from one field of a message. */
const logRowsOf = (plan: ExhibitPlan, message: number, field: MessageField, redactions: readonly number[]) =>
  plan.log
    .filter((row) => row.message === message && row.place === field && redactions.includes(row.redaction))
    .map((row) => row.log);

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
  return rangesToRemove(
    sorted.map((range) => ({ ...range, field: 'content' as MessageField })),
    'content',
  ).map((joined) => {
    const inside = sorted.filter((range) => joined.start <= range.start && range.end <= joined.end);
    return {
      ...joined,
      ...redactionLabel(plan, longestIn(inside).redaction),
      ...(of !== null && {
        logRows: logRowsOf(
          plan,
          of.message,
          of.field,
          inside.map((range) => range.redaction),
        ),
      }),
    };
  });
}

/** The longest of `ranges`; of equal ones, the first in order. */
const longestIn = (ranges: readonly RedactedRange[]): RedactedRange =>
  ranges.reduce((longest, range) =>
    range.end - range.start > longest.end - longest.start ? range : longest,
  );

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
