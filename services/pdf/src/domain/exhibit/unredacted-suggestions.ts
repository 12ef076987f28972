// After planning, what looks like a Rule 5.2(a) identifier in the exhibit's messages and is left
// unredacted: the filer is warned (CLI, API, web app), never overruled, since a suggestion can be
// wrong and nothing is redacted because it was suggested.

import { messageNumber } from '@chatexhibit/proto/message-number';
import {
  type RedactionSuggestion,
  RULE_5_2_ALLOWS,
  SUGGESTED_KIND_NAMES,
} from '@chatexhibit/proto/redaction-suggestions';
import type { TextRange } from '@chatexhibit/proto/text-range';

/** A suggestion in an included message's text that the exhibit's masks leave (partly) readable. */
export interface UnredactedSuggestion {
  message: number;
  kind: RedactionSuggestion['kind'];
  category: RedactionSuggestion['category'];
}

/** Whether every character of `range` lies in one of `removed` (joined ranges, in order). */
const removedWhole = (range: TextRange, removed: readonly TextRange[]): boolean =>
  range.start >= range.end || removed.some((part) => part.start <= range.start && range.end <= part.end);

/**
 * The suggestions of one message's text that its removed ranges (joined, in order) do not cover:
 * a suggestion is covered when all of it but the part the rule lets a filing show is removed.
 */
export function uncoveredSuggestions(
  message: number,
  suggestions: readonly RedactionSuggestion[],
  removed: readonly TextRange[],
): UnredactedSuggestion[] {
  return suggestions
    .filter(
      ({ start, end, mayShow }) =>
        !removedWhole({ start, end: mayShow.start }, removed) ||
        !removedWhole({ start: mayShow.end, end }, removed),
    )
    .map(({ kind, category }) => ({ message, kind, category }));
}

/** One warning as a sentence, never quoting the text: the message, what it looks like, and the rule. */
export const unredactedSuggestionWarning = (
  { message, kind, category }: UnredactedSuggestion,
  totalMessages: number,
): string =>
  `message ${messageNumber(message, totalMessages)} has what looks like ${SUGGESTED_KIND_NAMES[kind].inSentence}, ` +
  `not redacted: ${RULE_5_2_ALLOWS[category]}.`;

/** The warnings of an exhibit's plan, in message order: the CLI prints them, the API and the manifest hold them. */
export const unredactedSuggestionWarnings = (plan: {
  unredactedSuggestions: readonly UnredactedSuggestion[];
  totalMessages: number;
}): string[] =>
  plan.unredactedSuggestions.map((found) => unredactedSuggestionWarning(found, plan.totalMessages));
