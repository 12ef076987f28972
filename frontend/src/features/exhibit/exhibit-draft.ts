import type { ExhibitMessage } from '@chatexhibit/proto/exhibit-api';
import {
  COURT_PROFILES,
  type CourtProfileId,
  type ExhibitDraft,
  type ExhibitDraftSettings,
  type ExhibitSpecInput,
  type Redaction,
  type RedactionCategory,
  REDACTION_REASONS,
  redactionTarget,
} from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import {
  acceptedRedaction,
  RULE_5_2_ALLOWS,
  suggestRedactions,
} from '@chatexhibit/proto/redaction-suggestions';
import { SUGGESTED_KIND_NAMES } from '@chatexhibit/proto/suggested-kinds';

// What the exhibit mode keeps while the filer builds an exhibit, and how it becomes the spec's
// parts: plain functions, so the rules are tested without a browser.

/** Selected message numbers as the spec's selections: each run of consecutive numbers one range. */
export function selectionsOf(numbers: Iterable<number>): ExhibitDraft['selections'] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const selections: ExhibitDraft['selections'] = [];
  let first = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const number = sorted[i]!;
    const next = sorted[i + 1];
    if (next === number + 1) continue;
    selections.push(first === number ? { message: number } : { from: first!, to: number });
    first = next;
  }
  return selections;
}

/** A span of a message that looks like a Rule 5.2(a) identifier, as the filer accepts or rejects it. */
export interface MessageSuggestion {
  /** Stable across renders: the message and the span. */
  key: string;
  message: number;
  text: string;
  kind: string;
  /** What of it Rule 5.2(a) lets a filing show, and accepting it keeps: "last four digits", "year". */
  keeps: string;
  /**
   * The redaction accepting it adds: the occurrence of all of it but what the rule lets show
   * ("123-45-" of "123-45-6789"), with the rule's category.
   */
  redaction: Extract<Redaction, { kind: 'text' }>;
}

/** The Rule 5.2(a) suggestions in `messages`, in message order. */
export function suggestionsIn(messages: readonly ExhibitMessage[]): MessageSuggestion[] {
  return messages.flatMap((message) =>
    suggestRedactions(message.content).flatMap((suggestion) => {
      const redaction = acceptedRedaction(message.number, message.content, suggestion);
      if (redaction === null) return [];
      return [
        {
          key: `${message.number}:${suggestion.start}:${suggestion.end}`,
          message: message.number,
          text: message.content.slice(suggestion.start, suggestion.end),
          kind: SUGGESTED_KIND_NAMES[suggestion.kind].name,
          keeps: RULE_5_2_ALLOWS[suggestion.category].part,
          redaction,
        },
      ];
    }),
  );
}

/** A reason as the list and the black box say it: the category's label, and the filer's note. */
export const reasonText = ({ category, note }: { category: RedactionCategory; note?: string }): string =>
  note ? `${REDACTION_REASONS[category].label}: ${note}` : REDACTION_REASONS[category].label;

/** One line for a redaction in the list of redactions. */
export function redactionText(redaction: Redaction, totalMessages: number): string {
  const at = (number: number) => `message ${messageNumber(number, totalMessages)}`;
  switch (redaction.kind) {
    case 'text':
      return `“${redaction.text}” in ${at(redaction.message)}${
        redaction.occurrence === undefined ? ' (every occurrence)' : ` (occurrence ${redaction.occurrence})`
      }`;
    case 'message':
      return `All text of ${at(redaction.message)}`;
    case 'attachment':
      return `The attachment of ${at(redaction.message)}`;
    case 'phone-number':
      return `Phone number ${redaction.number}, everywhere${shownAs(redaction.replaceWith)}`;
    case 'text-everywhere':
      return `“${redaction.text}”, everywhere in the exhibit${shownAs(redaction.replaceWith)}`;
  }
}

/** What the boxes say instead of the reason, when the filer chose it. */
const shownAs = (replaceWith: string | undefined): string =>
  replaceWith === undefined ? '' : `, shown as “${replaceWith}”`;

/** Whether two redactions remove the same thing, as the spec's schema tells (a suggestion accepted twice is one redaction). */
export const sameRedaction = (a: Redaction, b: Redaction): boolean =>
  redactionTarget(a) === redactionTarget(b);

/** The recorded day of a message's timestamp (the chat's own date, YYYY-MM-DD). */
export const dayOf = (message: ExhibitMessage): string => message.timestamp.slice(0, 10);

/** Messages on the days from `fromDay` to `toDay` (either open) whose text or sender holds `search`. */
export function filterMessages(
  messages: readonly ExhibitMessage[],
  { fromDay, toDay, search }: { fromDay: string; toDay: string; search: string },
): ExhibitMessage[] {
  const needle = search.trim().toLocaleLowerCase();
  return messages.filter(
    (message) =>
      (fromDay === '' || dayOf(message) >= fromDay) &&
      (toDay === '' || dayOf(message) <= toDay) &&
      (needle === '' ||
        message.content.toLocaleLowerCase().includes(needle) ||
        (message.sender ?? '').toLocaleLowerCase().includes(needle) ||
        (message.attachment ?? '').toLocaleLowerCase().includes(needle)),
  );
}

/** The exhibit form's fields as typed (every input's value is a string), as a draft keeps them. */
export type ExhibitSettings = ExhibitDraftSettings;

export const DEFAULT_SETTINGS: ExhibitSettings = {
  label: '',
  context: '0',
  batesPrefix: '',
  batesStart: '',
  courtProfile: 'none',
  customMegabytes: '',
  sealedCopyMark: '',
};

/** A typed number, or the text itself for the spec's schema to refuse in its own words. */
const numberOf = (typed: string): number | string =>
  /^\s*\d+(\.\d+)?\s*$/.test(typed) ? Number(typed) : typed;

/** What the filer chose, as the spec the API takes (checked by ExhibitSpecSchema before it is sent). */
export function specOf(
  settings: ExhibitSettings,
  draft: { selected: Iterable<number>; highlighted: Iterable<number>; redactions: readonly Redaction[] },
): ExhibitSpecInput {
  const customBytes = numberOf(settings.customMegabytes);
  return {
    label: settings.label,
    selections: selectionsOf(draft.selected),
    context: numberOf(settings.context.trim() === '' ? '0' : settings.context) as number,
    highlights: [...draft.highlighted].sort((a, b) => a - b),
    redactions: [...draft.redactions],
    ...(settings.batesPrefix.trim() === '' ? {} : { batesPrefix: settings.batesPrefix }),
    ...(settings.batesStart.trim() === '' ? {} : { batesStart: numberOf(settings.batesStart) as number }),
    courtProfile:
      settings.courtProfile === 'none'
        ? { none: true }
        : settings.courtProfile === 'custom'
          ? {
              maxFileBytes: (typeof customBytes === 'number'
                ? Math.round(customBytes * 1_000_000)
                : customBytes) as number,
            }
          : { preset: settings.courtProfile },
    ...(settings.sealedCopyMark === '' ? {} : { sealedCopyMark: settings.sealedCopyMark }),
  };
}

/** How the unredacted copy is submitted, as the form offers it: not chosen first, which sends nothing. */
export const SEALED_COPY_MARK_CHOICES: { value: ExhibitSettings['sealedCopyMark']; label: string }[] = [
  { value: '', label: 'Not chosen' },
  { value: 'filed-under-seal', label: 'Filed under seal' },
  {
    value: 'lodged-conditionally-under-seal',
    label: 'Lodged conditionally under seal (with a motion to seal)',
  },
];

/** The court profiles as the form offers them: no limit, each preset with its limit, or custom. */
export const COURT_PROFILE_CHOICES: { value: ExhibitSettings['courtProfile']; label: string }[] = [
  { value: 'none', label: 'No size limit (one file each)' },
  ...(Object.entries(COURT_PROFILES) as [CourtProfileId, (typeof COURT_PROFILES)[CourtProfileId]][]).map(
    ([value, profile]) => ({ value, label: `${profile.name} (${profile.maxFileBytes / 1_000_000} MB)` }),
  ),
  { value: 'custom', label: 'Custom limit…' },
];

/** What the filer chose in the Exhibit mode: the parts of a draft as the mode holds them. */
export interface ExhibitChoices {
  selected: ReadonlySet<number>;
  highlighted: ReadonlySet<number>;
  redactions: readonly Redaction[];
  /** The suggestions decided, by key; an accepted one is its redaction in `redactions`. */
  decisions: ReadonlyMap<string, 'accepted' | 'rejected'>;
  settings: ExhibitSettings;
}

/** The choices as the server keeps them (the spec's selections and parts, the form as typed). */
export const draftOf = (choices: ExhibitChoices): ExhibitDraft => ({
  selections: selectionsOf(choices.selected),
  highlights: [...choices.highlighted].sort((a, b) => a - b),
  redactions: [...choices.redactions],
  rejectedSuggestions: [...choices.decisions]
    .filter(([, decision]) => decision === 'rejected')
    .map(([key]) => key)
    .sort(),
  settings: choices.settings,
});

/** The choices a saved draft brings back (none chosen without one). */
export const choicesOf = (draft: ExhibitDraft | null): ExhibitChoices => ({
  selected: new Set(
    (draft?.selections ?? []).flatMap((selection) =>
      'message' in selection
        ? [selection.message]
        : Array.from({ length: selection.to - selection.from + 1 }, (_, i) => selection.from + i),
    ),
  ),
  highlighted: new Set(draft?.highlights),
  redactions: draft?.redactions ?? [],
  decisions: new Map(draft?.rejectedSuggestions.map((key) => [key, 'rejected' as const])),
  settings: draft?.settings ?? DEFAULT_SETTINGS,
});

/**
 * Each suggestion's decision: the filer's, or accepted when its redaction is in the list already
 * (a draft brought back keeps the redactions, not the clicks that added them).
 */
export function decisionsOf(
  suggestions: readonly MessageSuggestion[],
  decisions: ReadonlyMap<string, 'accepted' | 'rejected'>,
  redactions: readonly Redaction[],
): ReadonlyMap<string, 'accepted' | 'rejected'> {
  const all = new Map(decisions);
  for (const suggestion of suggestions)
    if (!all.has(suggestion.key) && redactions.some((other) => sameRedaction(other, suggestion.redaction)))
      all.set(suggestion.key, 'accepted');
  return all;
}
