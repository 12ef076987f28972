import { REDACTION_REASONS } from '@chatexhibit/proto/exhibit-spec';
import type { TextRange } from '@chatexhibit/proto/text-range';
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

/**
 * The masks to draw for ranges of one text: their union (overlapping ranges joined), each joined
 * range labelled as its longest range (of equal ones, the first): a whole message sealed by order
 * reads "[Sealed]", never the label of a name inside it.
 */
export function textMasks(plan: ExhibitPlan, ranges: readonly RedactedRange[]): TextMask[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.redaction - b.redaction);
  return rangesToRemove(
    sorted.map((range) => ({ ...range, field: 'content' as MessageField })),
    'content',
  ).map((joined) => ({
    ...joined,
    ...redactionLabel(plan, longestIn(sorted, joined).redaction),
  }));
}

/** The longest of `ranges` inside `joined`; of equal ones, the first in order. */
const longestIn = (ranges: readonly RedactedRange[], joined: TextRange): RedactedRange =>
  ranges
    .filter((range) => joined.start <= range.start && range.end <= joined.end)
    .reduce((longest, range) => (range.end - range.start > longest.end - longest.start ? range : longest));

/** How an exhibit draws one included message's row: highlighted or not, and what it removes. */
export function rowDecoration(plan: ExhibitPlan, message: number, highlighted: boolean): RowDecoration {
  const removed = plan.redactions.get(message);
  if (removed === undefined) return { ...PLAIN_ROW, highlighted };
  const of = (field: MessageField) =>
    textMasks(
      plan,
      removed.masks.filter((mask) => mask.field === field),
    );
  return {
    highlighted,
    senderMasks: of('sender'),
    contentMasks: of('content'),
    attachment: {
      nameMasks: of('attachment'),
      withheld:
        removed.attachmentWithheldBy === null ? null : redactionLabel(plan, removed.attachmentWithheldBy),
    },
  };
}
