import { REDACTION_REASONS } from '@chatexhibit/proto/exhibit-spec';
import type { RowDecoration } from '../transcript/message-rows';
import { PLAIN_ROW } from '../transcript/message-rows';
import type { BoxLabel, TextMask } from '../transcript/twin-pages';
import { type ExhibitPlan, type MessageField, type RedactedRange, rangesToRemove } from './exhibit-plan';
import { redactionName } from './redaction-log';

/**
 * The words on a redaction's boxes: the filer's replacement ("E.M.") or its reason in a few words
 * ("SSN/TIN"), and, for a box too narrow for them, the redaction's number as the log gives it ("R3").
 */
export function redactionLabel(plan: ExhibitPlan, redaction: number): BoxLabel {
  const asked = plan.spec.redactions[redaction]!;
  const replaceWith = 'replaceWith' in asked ? asked.replaceWith : undefined;
  return {
    label: replaceWith ?? REDACTION_REASONS[asked.reason.category].label,
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
  const joinedRanges = rangesToRemove(
    sorted.map((range) => ({ ...range, field: 'content' as MessageField })),
    'content',
  );
  // Both in order of start, each range inside one joined range: one walk finds each joined range's longest.
  const longest: RedactedRange[] = [];
  let at = 0;
  for (const range of sorted) {
    while (joinedRanges[at]!.end < range.end) at++;
    const current = longest[at];
    if (current === undefined || range.end - range.start > current.end - current.start) longest[at] = range;
  }
  return joinedRanges.map((joined, index) => ({
    ...joined,
    ...redactionLabel(plan, longest[index]!.redaction),
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
