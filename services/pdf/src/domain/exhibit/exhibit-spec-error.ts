// Why an exhibit spec cannot be planned against its chat (or numbered beside the export's other
// documents), as a code for programs and a sentence for the filer that starts with the spec's
// field ("redactions[2].text: …"). A redaction of one message that is not where it says is
// refused, never skipped: an exhibit must not be filed believing a number hidden that is not. (A
// number or text removed everywhere and written nowhere hides nothing there is: a warning.)

import { messageNumber } from '@chatexhibit/proto/message-number';
import { countOf } from '@chatexhibit/proto/count-words';

export type ExhibitSpecErrorReason =
  | 'no_such_message'
  | 'no_messages_on_days'
  | 'highlight_not_in_exhibit'
  | 'redaction_not_in_exhibit'
  | 'text_not_in_message'
  | 'no_such_occurrence'
  | 'no_text_to_redact'
  | 'no_attachment'
  | 'no_country_calling_code'
  | 'replacement_holds_number'
  | 'bates_numbers_taken';

export class ExhibitSpecError extends Error {
  override readonly name = 'ExhibitSpecError';

  constructor(
    readonly reason: ExhibitSpecErrorReason,
    /** The spec's field, as the sentence starts with it: "selections[0].to". */
    readonly field: string,
    sentence: string,
  ) {
    super(`${field}: ${sentence}`);
  }
}

/** How every sentence quotes a message of the chat: by the number the transcript prints. */
const message = (index: number, total: number): string => `message ${messageNumber(index, total)}`;

/** One constructor per reason, so each reason always comes with its own sentence. */
export const exhibitSpecError = {
  noSuchMessage: (field: string, index: number, total: number) =>
    new ExhibitSpecError(
      'no_such_message',
      field,
      `the chat has ${countOf(total, 'message')}; there is no message ${index}`,
    ),
  noMessagesOnDays: (field: string, fromDay: string, toDay: string) =>
    new ExhibitSpecError(
      'no_messages_on_days',
      field,
      fromDay === toDay
        ? `the chat has no messages dated ${fromDay}`
        : `the chat has no messages dated ${fromDay} to ${toDay}`,
    ),
  highlightNotInExhibit: (field: string, index: number, total: number, included: string) =>
    new ExhibitSpecError(
      'highlight_not_in_exhibit',
      field,
      `${message(index, total)} is not in the exhibit, which holds ${included}`,
    ),
  redactionNotInExhibit: (field: string, index: number, total: number, included: string) =>
    new ExhibitSpecError(
      'redaction_not_in_exhibit',
      field,
      `${message(index, total)} is not in the exhibit, which holds ${included}`,
    ),
  textNotInMessage: (field: string, text: string, index: number, total: number) =>
    new ExhibitSpecError(
      'text_not_in_message',
      field,
      `${JSON.stringify(text)} is not in the text of ${message(index, total)}`,
    ),
  noSuchOccurrence: (
    field: string,
    text: string,
    count: number,
    occurrence: number,
    index: number,
    total: number,
  ) =>
    new ExhibitSpecError(
      'no_such_occurrence',
      field,
      `${JSON.stringify(text)} occurs ${count === 1 ? 'once' : `${count} times`} in the text of ${message(index, total)}; there is no occurrence ${occurrence}`,
    ),
  noTextToRedact: (field: string, index: number, total: number) =>
    new ExhibitSpecError('no_text_to_redact', field, `${message(index, total)} has no text to redact`),
  noAttachment: (field: string, index: number, total: number) =>
    new ExhibitSpecError('no_attachment', field, `${message(index, total)} has no attachment`),
  noCountryCallingCode: (field: string) =>
    new ExhibitSpecError(
      'no_country_calling_code',
      field,
      'must start with a country calling code after "+", such as +1 or +44',
    ),
  replacementHoldsNumber: (field: string) =>
    new ExhibitSpecError('replacement_holds_number', field, 'must not hold the number it replaces'),
  batesNumbersTaken: (
    field: 'batesPrefix' | 'batesStart',
    range: string,
    document: string,
    taken: string,
    free: { start: number; range: string } | null,
  ) =>
    new ExhibitSpecError(
      'bates_numbers_taken',
      field,
      `the exhibit's pages would be numbered ${range}, which repeats numbers ${document} carries (${taken})` +
        (free === null
          ? '; choose another batesPrefix'
          : `; a batesStart of ${free.start} (${free.range}) repeats none`),
    ),
};
