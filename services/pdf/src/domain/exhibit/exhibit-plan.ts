import type { ExhibitSelection, ExhibitSpec, Redaction } from '@chatexhibit/proto/exhibit-spec';
import { findPhoneNumber, internationalNumber } from '@chatexhibit/proto/phone-number-match';
import {
  partToRemove,
  type RedactionSuggestion,
  suggestRedactions,
} from '@chatexhibit/proto/redaction-suggestions';
import type { SuggestedKind } from '@chatexhibit/proto/suggested-kinds';
import { findNames } from '@chatexhibit/proto/name-match';
import { joinRanges, textOccurrences, type TextRange } from '@chatexhibit/proto/text-range';
import type { TranscriptChat, TranscriptMessage } from '@chatexhibit/proto/transcript';
import { recordedDay } from '../transcript/time-zone';
import {
  type BirthdayMention,
  birthdayMention,
  redactedBirthDays,
  type RevealingBirthday,
  revealingBirthdays,
} from './birthday-mentions';
import { type ExhibitSpecError, exhibitSpecError } from './exhibit-spec-error';
import { includedMessages, type MessageRun } from './exhibit-wording';
import { placeLogRows, type RedactionLogRow } from './redaction-log';
import { type UnredactedSuggestion, uncoveredSuggestions } from './unredacted-suggestions';

/**
 * The fields of a message the exhibit draws and a mask can hide: the sender's name (also in the
 * running header), its text (a system event's text is its content) and its attachment's file name.
 */
export type MessageField = 'sender' | 'content' | 'attachment';
export const MESSAGE_FIELDS: readonly MessageField[] = ['sender', 'content', 'attachment'];

/** A range of a text to remove, and the redaction of the spec (its index in spec.redactions) that asks for it. */
export interface RedactedRange extends TextRange {
  redaction: number;
}

/** A range of one field of a message to remove (JavaScript string indices, as TextRange). */
export interface Mask extends RedactedRange {
  field: MessageField;
  /**
   * When a text redaction removes exactly what Rule 5.2(a) asks of a suggestion (all of it but
   * the last four digits or the year): the suggestion's kind, which the log names.
   */
  ruleSuggestion?: SuggestedKind;
}

/** What the exhibit removes from one message. */
export interface MessageRedactions {
  /** In order of field, then start; masks of different redactions may overlap (the writer removes their union). */
  masks: readonly Mask[];
  /**
   * The `attachment` redaction (its index in spec.redactions) that withholds the message's file:
   * the writer leaves out its hash, picture and embedded copy as well as its name. Null when none.
   */
  attachmentWithheldBy: number | null;
}

export interface ExhibitPlan {
  spec: ExhibitSpec;
  totalMessages: number;
  /** The messages the exhibit holds, by the transcript's numbers: runs in order, never touching. */
  included: readonly MessageRun[];
  /** The messages left out before, between and after the included runs, in order. */
  omitted: readonly MessageRun[];
  /** The highlighted messages, in order, each once. */
  highlights: readonly number[];
  /** By message number, for the included messages anything is removed from. */
  redactions: ReadonlyMap<number, MessageRedactions>;
  /** The redaction log's rows (never the removed text). */
  log: readonly RedactionLogRow[];
  /**
   * What the exhibit-wide redactions (`phone-number`, `text-everywhere`) remove from a text that
   * is not a message's field: the writer applies it to every other text it draws (participant
   * list, chat file name, running headers, cover, metadata), so the number or name is gone
   * wherever it would be written.
   */
  maskEverywhere(text: string): RedactedRange[];
  /** What looks like a Rule 5.2(a) identifier in an included message's text and no mask covers, in message order. */
  unredactedSuggestions: readonly UnredactedSuggestion[];
  /**
   * Included messages that write, unmasked, a spelling of a text removed everywhere that differs
   * from it only by accents ("Chloe" for "Chloé"): each with the redaction (its index), in message order.
   */
  accentVariants: ReadonlyArray<{ message: number; redaction: number }>;
  /**
   * Included messages that hold, unmasked, a text removed everywhere inside another word ("Dan" in
   * "Danger"), which is not removed: each with the redaction (its index), in message order.
   */
  namesInsideWords: ReadonlyArray<{ message: number; redaction: number }>;
  /**
   * Included messages that write, unmasked, a text removed everywhere as a whole word with a letter
   * drawn out ("Sophiaaa" for "Sophia"): each with the redaction (its index), in message order.
   */
  elongatedNames: ReadonlyArray<{ message: number; redaction: number }>;
  /** The exhibit-wide redactions (their indices) whose number or text the exhibit writes nowhere: nothing is removed for them. */
  writtenNowhere: readonly number[];
  /**
   * Included messages that mention a birthday or an age, unmasked, that with the message's date can
   * tell a birth date the exhibit redacts (`birthday-mentions.ts`), in message order.
   */
  revealingBirthdays: readonly RevealingBirthday[];
}

/** What the writer removes from one field: the union of its masks, in order, overlapping ones joined. */
export const rangesToRemove = (masks: readonly Mask[], field: MessageField): TextRange[] =>
  joinRanges(masks.filter((mask) => mask.field === field));

/** What the plan needs of the chat besides its messages: the texts other than messages that can hold a phone number or name. */
export type ExhibitChat = Pick<TranscriptChat, 'participants' | 'chatFile'>;

type ExhibitWideRedaction = Extract<Redaction, { kind: 'phone-number' | 'text-everywhere' }>;
type MessageRedaction = Exclude<Redaction, ExhibitWideRedaction>;

const isExhibitWide = (redaction: Redaction): redaction is ExhibitWideRedaction =>
  redaction.kind === 'phone-number' || redaction.kind === 'text-everywhere';

/** An exhibit-wide redaction as the plan keeps it: its index in spec.redactions, and whether the exhibit writes what it removes. */
interface ExhibitWide {
  redaction: ExhibitWideRedaction;
  index: number;
  found: boolean;
}

/** The texts removed everywhere among `wides`, each with its index in spec.redactions. */
const namesOf = (wides: readonly ExhibitWide[]): Array<{ text: string; index: number }> =>
  wides.flatMap(({ redaction, index }) =>
    redaction.kind === 'text-everywhere' ? [{ text: redaction.text, index }] : [],
  );

/**
 * Where exhibit-wide redactions find what they remove in a text (each with its index in
 * spec.redactions), and where a text removed everywhere stands inside another word (not removed).
 * The names are looked for together: one touching another inside an email is removed with it.
 */
function findExhibitWide(
  wides: readonly ExhibitWide[],
  text: string,
): { found: RedactedRange[]; insideWords: RedactedRange[] } {
  const names = namesOf(wides);
  const inText = findNames(
    text,
    names.map((name) => name.text),
  );
  const byName = ({ name, ...range }: { start: number; end: number; name: number }): RedactedRange => ({
    ...range,
    redaction: names[name]!.index,
  });
  return {
    found: [
      ...wides.flatMap((wide) =>
        wide.redaction.kind === 'phone-number'
          ? findPhoneNumber(text, wide.redaction.number).map((range) => ({ ...range, redaction: wide.index }))
          : [],
      ),
      ...inText.found.map(byName),
    ],
    insideWords: inText.insideWords.map(byName),
  };
}

/** Whether each range (in order of start) lies inside one of `joined` (in order, apart): one walk. */
function allInside(ranges: readonly TextRange[], joined: readonly TextRange[]): boolean {
  let at = 0;
  for (const range of ranges) {
    while (at < joined.length && joined[at]!.end <= range.start) at++;
    const around = joined[at];
    if (around === undefined || around.start > range.start || around.end < range.end) return false;
  }
  return true;
}

/** The runs in order, merged where they overlap or touch. */
function mergeRuns(runs: readonly MessageRun[]): MessageRun[] {
  const merged: MessageRun[] = [];
  for (const run of [...runs].sort((a, b) => a.first - b.first)) {
    const last = merged[merged.length - 1];
    if (last !== undefined && run.first <= last.last + 1) last.last = Math.max(last.last, run.last);
    else merged.push({ ...run });
  }
  return merged;
}

const isIn = (runs: readonly MessageRun[], index: number): boolean =>
  runs.some((run) => run.first <= index && index <= run.last);

/**
 * Plans an exhibit in one pass over the chat's messages (export order, a page at a time), keeping
 * only the last `context` messages it has not yet decided on: the included messages (selections
 * and the selected days' messages, each widened by `context` messages before and after, clipped
 * to the chat), the omitted gaps, the highlights, the masks of every redaction and the log.
 * Throws ExhibitSpecError for the first problem in the spec's order (selections, highlights,
 * redactions): a message the chat lacks, days without messages, a highlight or redaction outside
 * the exhibit, a redaction whose text, occurrence or attachment is not there. A phone number or
 * text removed everywhere that the exhibit writes nowhere is noted (`writtenNowhere`), not refused.
 */
export async function planExhibit(
  spec: ExhibitSpec,
  messages: AsyncIterable<readonly TranscriptMessage[]>,
  chat: ExhibitChat,
): Promise<ExhibitPlan> {
  const unreadable = phoneNumberProblem(spec.redactions);
  if (unreadable !== null) throw unreadable;
  const { context } = spec;
  const chosen = mergeRuns(
    spec.selections.flatMap((selection) =>
      'message' in selection
        ? [{ first: selection.message, last: selection.message }]
        : 'from' in selection
          ? [{ first: selection.from, last: selection.to }]
          : [],
    ),
  );
  const days = spec.selections.flatMap((selection, index) =>
    'fromDay' in selection ? [{ ...selection, index, found: false }] : [],
  );
  const byMessage = new Map<number, Array<{ redaction: MessageRedaction; index: number }>>();
  const everywhere: ExhibitWide[] = [];
  spec.redactions.forEach((redaction, index) => {
    if (isExhibitWide(redaction)) everywhere.push({ redaction, index, found: false });
    else
      byMessage.set(redaction.message, [...(byMessage.get(redaction.message) ?? []), { redaction, index }]);
  });
  /** What the exhibit-wide redactions remove from a text, and where a name stands inside another word of it. */
  const exhibitWide = (text: string): ReturnType<typeof findExhibitWide> => {
    const inText = findExhibitWide(everywhere, text);
    for (const { redaction } of inText.found)
      everywhere.find((wide) => wide.index === redaction)!.found = true;
    return inText;
  };
  const unredactedSuggestions: UnredactedSuggestion[] = [];
  const accentVariants: Array<{ message: number; redaction: number }> = [];
  const namesInsideWords: Array<{ message: number; redaction: number }> = [];
  const elongatedNames: Array<{ message: number; redaction: number }> = [];
  const birthdayMentions: BirthdayMention[] = [];
  const birthDays: Array<{ month: number; day: number; redaction: number }> = [];

  const included: MessageRun[] = [];
  const redactions = new Map<number, MessageRedactions>();
  /** Problems of a redaction's content, found as its message passes; thrown in the spec's order. */
  const contentProblems = new Map<number, ContentProblem>();
  const logRows: Array<Omit<RedactionLogRow, 'log'>> = [];

  const include = (message: TranscriptMessage): void => {
    const last = included[included.length - 1];
    if (last !== undefined && last.last === message.index - 1) last.last = message.index;
    else included.push({ first: message.index, last: message.index });
    const masks: Mask[] = [];
    let attachmentWithheldBy: number | null = null;
    const fields: Record<MessageField, string | null> = {
      sender: message.sender,
      content: message.content,
      attachment: message.attachment,
    };
    const suggestions = suggestRedactions(message.content);
    for (const { redaction, index } of byMessage.get(message.index) ?? []) {
      const problem = maskRedaction(redaction, index, message, suggestions, masks);
      if (problem !== null) contentProblems.set(index, problem);
      else if (redaction.kind === 'attachment') attachmentWithheldBy = index;
    }
    const insideWords = new Map<MessageField, RedactedRange[]>();
    for (const field of MESSAGE_FIELDS) {
      const text = fields[field];
      if (text === null) continue;
      const inText = exhibitWide(text);
      for (const range of inText.found) masks.push({ ...range, field });
      insideWords.set(field, inText.insideWords);
    }
    for (const suggestion of uncoveredSuggestions(
      message.index,
      message.content,
      suggestions,
      rangesToRemove(masks, 'content'),
    ))
      unredactedSuggestions.push(suggestion);
    // Field by field, so that each text is folded once for all the redactions.
    const variants = new Set<number>();
    const inWords = new Set<number>();
    const drawnOut = new Set<number>();
    const names = namesOf(everywhere);
    for (const field of MESSAGE_FIELDS) {
      const text = fields[field];
      if (text === null) continue;
      const removed = rangesToRemove(masks, field);
      const withoutAccents = findNames(
        text,
        names.map((name) => name.text),
        { ignoreAccents: true },
      );
      names.forEach(({ index }, name) => {
        const spellings = withoutAccents.found.filter((occurrence) => occurrence.name === name);
        if (!allInside(spellings, removed)) variants.add(index);
      });
      const elongated = withoutAccents.elongated
        .filter((occurrence) => !allInside([occurrence], removed))
        .map(({ name, ...range }) => ({ ...range, redaction: names[name]!.index }));
      for (const range of elongated) drawnOut.add(range.redaction);
      // "Sophia" inside "Sophiaaa" is the drawn-out word's own warning.
      for (const range of insideWords.get(field) ?? [])
        if (
          !allInside([range], removed) &&
          !elongated.some((word) => word.redaction === range.redaction && allInside([range], [word]))
        )
          inWords.add(range.redaction);
    }
    for (const index of [...variants].sort((a, b) => a - b))
      accentVariants.push({ message: message.index, redaction: index });
    for (const index of [...inWords].sort((a, b) => a - b))
      namesInsideWords.push({ message: message.index, redaction: index });
    for (const index of [...drawnOut].sort((a, b) => a - b))
      elongatedNames.push({ message: message.index, redaction: index });
    const mention = birthdayMention(message, rangesToRemove(masks, 'content'));
    if (mention !== null) birthdayMentions.push(mention);
    for (const birthDay of redactedBirthDays(message.content, masks, spec.redactions))
      birthDays.push(birthDay);
    if (masks.length > 0 || attachmentWithheldBy !== null) {
      const order = (mask: Mask) => MESSAGE_FIELDS.indexOf(mask.field);
      masks.sort((a, b) => order(a) - order(b) || a.start - b.start || a.redaction - b.redaction);
      redactions.set(message.index, { masks, attachmentWithheldBy });
      for (const field of MESSAGE_FIELDS)
        for (const row of placeLogRows(
          spec.redactions,
          message.index,
          field,
          masks.filter((mask) => mask.field === field),
        ))
          logRows.push(row);
    }
  };

  // Messages not yet known to be in or out: the last `context` ones, which a selection that
  // follows within `context` messages still takes in.
  const pending: TranscriptMessage[] = [];
  let includeThrough = 0;
  let chosenAt = 0;
  let totalMessages = 0;
  const isChosen = (message: TranscriptMessage): boolean => {
    while (chosenAt < chosen.length && chosen[chosenAt]!.last < message.index) chosenAt += 1;
    const byNumber = chosenAt < chosen.length && chosen[chosenAt]!.first <= message.index;
    const day = recordedDay(message.timestamp);
    let byDay = false;
    for (const range of days)
      if (range.fromDay <= day && day <= range.toDay) {
        range.found = true;
        byDay = true;
      }
    return byNumber || byDay;
  };
  for await (const page of messages)
    for (const message of page) {
      totalMessages = Math.max(totalMessages, message.index);
      if (isChosen(message)) {
        for (const before of pending.splice(0)) include(before);
        include(message);
        includeThrough = Math.max(includeThrough, message.index + context);
      } else if (message.index <= includeThrough) include(message);
      else {
        pending.push(message);
        if (pending.length > context) pending.shift();
      }
    }

  const problem =
    selectionProblem(spec.selections, days, totalMessages) ??
    highlightProblem(spec.highlights, included, totalMessages) ??
    redactionProblem(spec.redactions, included, totalMessages, contentProblems);
  if (problem !== null) throw problem;
  // A standing list of spellings used across exhibits may name one this exhibit does not write: a
  // warning, not a refusal (nothing is left unremoved that the redaction names).
  const chatTexts = [...chat.participants, chat.chatFile];
  const writtenNowhere = everywhere
    .filter(
      (wide) => !wide.found && chatTexts.every((text) => findExhibitWide([wide], text).found.length === 0),
    )
    .map((wide) => wide.index);

  const highlights = [...new Set(spec.highlights)].sort((a, b) => a - b);
  const maskEverywhere = (text: string): RedactedRange[] =>
    exhibitWide(text).found.sort((a, b) => a.start - b.start || a.redaction - b.redaction);
  return {
    spec,
    totalMessages,
    included,
    omitted: omittedRuns(included, totalMessages),
    highlights,
    redactions,
    log: [
      ...logRows,
      ...chat.participants.flatMap((name) =>
        placeLogRows(spec.redactions, null, 'participant-list', maskEverywhere(name)),
      ),
      ...placeLogRows(spec.redactions, null, 'chat-file-name', maskEverywhere(chat.chatFile)),
    ].map((row, index) => ({ log: index + 1, ...row })),
    maskEverywhere,
    unredactedSuggestions,
    accentVariants,
    namesInsideWords,
    elongatedNames,
    writtenNowhere,
    revealingBirthdays: revealingBirthdays(birthdayMentions, birthDays, spec.redactions),
  };
}

/** Why a redaction cannot be done, worded once the chat's length (which pads the numbers) is known. */
type ContentProblem = (totalMessages: number) => ExhibitSpecError;

/** Adds the masks of one message's redaction to `masks`, or returns why it cannot be done. */
function maskRedaction(
  redaction: MessageRedaction,
  index: number,
  message: TranscriptMessage,
  suggestions: readonly RedactionSuggestion[],
  masks: Mask[],
): ContentProblem | null {
  const field = `redactions[${index}]`;
  switch (redaction.kind) {
    case 'text': {
      const found = textOccurrences(message.content, redaction.text);
      if (found.length === 0)
        return (total) =>
          exhibitSpecError.textNotInMessage(`${field}.text`, redaction.text, message.index, total);
      const { occurrence } = redaction;
      if (occurrence !== undefined && occurrence > found.length)
        return (total) =>
          exhibitSpecError.noSuchOccurrence(
            `${field}.occurrence`,
            redaction.text,
            found.length,
            occurrence,
            message.index,
            total,
          );
      const chosen = occurrence === undefined ? found : [found[occurrence - 1]!];
      for (const range of chosen) {
        const rule = suggestions.find((suggestion) => {
          const part = partToRemove(suggestion);
          return part.start === range.start && part.end === range.end;
        });
        masks.push({
          ...range,
          field: 'content',
          redaction: index,
          ...(rule === undefined ? {} : { ruleSuggestion: rule.kind }),
        });
      }
      return null;
    }
    case 'message':
      if (message.content === '')
        return (total) => exhibitSpecError.noTextToRedact(`${field}.message`, message.index, total);
      masks.push({ field: 'content', start: 0, end: message.content.length, redaction: index });
      return null;
    case 'attachment':
      if (message.attachment === null)
        return (total) => exhibitSpecError.noAttachment(`${field}.message`, message.index, total);
      masks.push({ field: 'attachment', start: 0, end: message.attachment.length, redaction: index });
      return null;
  }
}

/** The first selection naming a message the chat lacks, or selecting days without messages. */
function selectionProblem(
  selections: readonly ExhibitSelection[],
  days: ReadonlyArray<{ index: number; fromDay: string; toDay: string; found: boolean }>,
  total: number,
): ExhibitSpecError | null {
  for (const [index, selection] of selections.entries()) {
    const field = `selections[${index}]`;
    if ('message' in selection) {
      if (selection.message > total)
        return exhibitSpecError.noSuchMessage(`${field}.message`, selection.message, total);
    } else if ('from' in selection) {
      if (selection.from > total)
        return exhibitSpecError.noSuchMessage(`${field}.from`, selection.from, total);
      if (selection.to > total) return exhibitSpecError.noSuchMessage(`${field}.to`, selection.to, total);
    } else if (!days.find((range) => range.index === index)!.found)
      return exhibitSpecError.noMessagesOnDays(field, selection.fromDay, selection.toDay);
  }
  return null;
}

/** The first highlight of a message the chat lacks or the exhibit leaves out. */
function highlightProblem(
  highlights: readonly number[],
  included: readonly MessageRun[],
  total: number,
): ExhibitSpecError | null {
  for (const [index, message] of highlights.entries()) {
    const field = `highlights[${index}]`;
    if (message > total) return exhibitSpecError.noSuchMessage(field, message, total);
    if (!isIn(included, message))
      return exhibitSpecError.highlightNotInExhibit(field, message, total, includedMessages(included, total));
  }
  return null;
}

/**
 * The first phone-number redaction that cannot be read: a "+" with no known country calling code
 * after it, or a replacement that writes the number. Checked here, not by the spec's schema: the
 * numbering plans it needs are too large for the web app's first download, which holds the schema.
 */
function phoneNumberProblem(redactions: readonly Redaction[]): ExhibitSpecError | null {
  for (const [index, redaction] of redactions.entries()) {
    if (redaction.kind !== 'phone-number') continue;
    if (redaction.number.trim().startsWith('+') && internationalNumber(redaction.number) === null)
      return exhibitSpecError.noCountryCallingCode(`redactions[${index}].number`);
    const { replaceWith } = redaction;
    if (replaceWith !== undefined && findPhoneNumber(replaceWith, redaction.number).length > 0)
      return exhibitSpecError.replacementHoldsNumber(`redactions[${index}].replaceWith`);
  }
  return null;
}

/** The first redaction of a message the chat lacks or the exhibit leaves out, or that cannot be done there. */
function redactionProblem(
  redactions: readonly Redaction[],
  included: readonly MessageRun[],
  total: number,
  contentProblems: ReadonlyMap<number, ContentProblem>,
): ExhibitSpecError | null {
  for (const [index, redaction] of redactions.entries()) {
    if (isExhibitWide(redaction)) continue;
    const field = `redactions[${index}].message`;
    if (redaction.message > total) return exhibitSpecError.noSuchMessage(field, redaction.message, total);
    if (!isIn(included, redaction.message))
      return exhibitSpecError.redactionNotInExhibit(
        field,
        redaction.message,
        total,
        includedMessages(included, total),
      );
    const problem = contentProblems.get(index);
    if (problem !== undefined) return problem(total);
  }
  return null;
}

/** The messages of 1…total outside the included runs, as runs. */
function omittedRuns(included: readonly MessageRun[], total: number): MessageRun[] {
  const omitted: MessageRun[] = [];
  let next = 1;
  for (const run of included) {
    if (run.first > next) omitted.push({ first: next, last: run.first - 1 });
    next = run.last + 1;
  }
  if (next <= total) omitted.push({ first: next, last: total });
  return omitted;
}
