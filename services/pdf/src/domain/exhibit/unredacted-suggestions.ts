// After planning, what looks like a Rule 5.2(a) identifier in the exhibit's messages and is left
// unredacted: the filer is warned (CLI, API, web app), never overruled, since a suggestion can be
// wrong and nothing is redacted because it was suggested.

import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { type RedactionSuggestion, RULE_5_2_ALLOWS } from '@chatexhibit/proto/redaction-suggestions';
import { SUGGESTED_KIND_NAMES } from '@chatexhibit/proto/suggested-kinds';
import type { TextRange } from '@chatexhibit/proto/text-range';

/**
 * A suggestion in an included message's text that the exhibit's masks leave readable beyond what
 * Rule 5.2(a) lets a filing show. Counts are of its letters and digits: separators and punctuation
 * tell nothing of the number or date.
 */
export interface UnredactedSuggestion {
  message: number;
  kind: RedactionSuggestion['kind'];
  category: RedactionSuggestion['category'];
  /** Its letters and digits. */
  characters: number;
  /** Its letters and digits the masks leave: `characters` when nothing of it is redacted. */
  left: number;
  /** Of those left, the ones outside the part the rule lets show (never 0 here). */
  leftBeyondRule: number;
  /** Whether those left are all digits, so the warning counts digits. */
  leftDigitsOnly: boolean;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether the index `at` lies in one of `removed`. */
const isRemoved = (at: number, removed: readonly TextRange[]): boolean =>
  removed.some((range) => range.start <= at && at < range.end);

/**
 * The suggestions of one message's `text` that its removed ranges leave readable beyond what the
 * rule lets a filing show: a suggestion is handled when every letter and digit of it the ranges
 * leave lies in its `mayShow` part (the last four digits, the year), whatever becomes of the
 * separators between.
 */
export function uncoveredSuggestions(
  message: number,
  text: string,
  suggestions: readonly RedactionSuggestion[],
  removed: readonly TextRange[],
): UnredactedSuggestion[] {
  return suggestions.flatMap(({ start, end, mayShow, kind, category }) => {
    let characters = 0;
    const left: string[] = [];
    let leftBeyondRule = 0;
    for (let at = start; at < end; at++) {
      const char = text[at]!;
      if (!LETTER_OR_DIGIT.test(char)) continue;
      characters += 1;
      if (isRemoved(at, removed)) continue;
      left.push(char);
      if (at < mayShow.start || mayShow.end <= at) leftBeyondRule += 1;
    }
    if (leftBeyondRule === 0) return [];
    const leftDigitsOnly = left.every((char) => /\d/.test(char));
    return [{ message, kind, category, characters, left: left.length, leftBeyondRule, leftDigitsOnly }];
  });
}

/**
 * How much of it is left, when some of it is redacted: "8 digits remain, 4 outside its last four
 * digits".
 */
function whatRemains({ category, left, leftBeyondRule, leftDigitsOnly }: UnredactedSuggestion): string {
  const remain = `${leftDigitsOnly ? countOf(left, 'digit') : countOf(left, 'letter or digit', 'letters and digits')} ${left === 1 ? 'remains' : 'remain'}`;
  const outside = `outside its ${RULE_5_2_ALLOWS[category].part}`;
  if (leftBeyondRule < left) return `${remain}, ${formatInteger(leftBeyondRule)} ${outside}`;
  return `${remain}, ${left === 1 ? '' : 'all '}${outside}`;
}

/**
 * One warning as a sentence, never quoting the text: the message, what it looks like, whether
 * nothing of it is redacted or how much is left, and the rule.
 */
export function unredactedSuggestionWarning(found: UnredactedSuggestion, totalMessages: number): string {
  const { rule, part } = RULE_5_2_ALLOWS[found.category];
  const state = found.left === found.characters ? 'not redacted:' : `partly redacted: ${whatRemains(found)};`;
  return (
    `message ${messageNumber(found.message, totalMessages)} has what looks like ${SUGGESTED_KIND_NAMES[found.kind].inSentence}, ` +
    `${state} ${rule} lets a filing show only its ${part}.`
  );
}

/** The warnings of an exhibit's plan, in message order: the CLI prints them, the API and the manifest hold them. */
export const unredactedSuggestionWarnings = (plan: {
  unredactedSuggestions: readonly UnredactedSuggestion[];
  totalMessages: number;
}): string[] =>
  plan.unredactedSuggestions.map((found) => unredactedSuggestionWarning(found, plan.totalMessages));
