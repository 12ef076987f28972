import type { ExhibitSpecInput, Redaction } from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { redactionText } from './exhibit-draft';

// The API and the CLI refuse a spec in sentences that start with its field ("redactions[0].number:
// …"), for whoever wrote the JSON. The web app's filer wrote none: the field is said in words,
// naming which redaction (as the list of redactions shows it) and which part of it.

/** The spec's top-level fields in the exhibit form's words. */
export const SPEC_FIELD_NAMES: Record<string, string> = {
  label: 'Exhibit label',
  context: 'Context messages',
  batesPrefix: 'Bates prefix',
  batesStart: 'First Bates number',
  courtProfile: 'Custom limit',
  sealedCopyMark: 'Unredacted copy',
  selections: 'Messages',
  highlights: 'Highlights',
  redactions: 'Redactions',
};

/** A redaction's parts, as a refusal about one names it; a message's own sentences name the message. */
const REDACTION_PARTS: Record<string, string> = {
  text: 'its text',
  number: 'its number',
  occurrence: 'which occurrence',
  reason: 'its reason',
  category: 'its reason',
  note: 'its note',
  replaceWith: 'the words on its boxes',
};

const FIELD_FIRST = /^([A-Za-z]+)(?:\[(\d+)\])?((?:\.[A-Za-z]+|\[\d+\])*): ([\s\S]*)$/;

/**
 * A refusal of `spec` as a plain sentence: "Redaction 2 (Phone number 555 010 4477, everywhere),
 * its number: must have at least 7 digits." A sentence that does not start with a field is kept.
 */
export function plainRefusal(sentence: string, spec: ExhibitSpecInput, totalMessages: number): string {
  const match = FIELD_FIRST.exec(sentence);
  const words = (text: string) => {
    const plain = text.replace(
      /\bredactions\[(\d+)\]/g,
      (_, index: string) => `redaction ${Number(index) + 1}`,
    );
    return /[.?!]$/.test(plain) ? plain : `${plain}.`;
  };
  if (match === null) return words(sentence);
  const [, field, index, rest, problem] = match as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  const at = index === undefined ? null : Number(index);
  const parts = rest.split('.').filter((part) => part !== '');
  let subject = SPEC_FIELD_NAMES[field] ?? field;
  if (field === 'redactions' && at !== null) {
    const redaction = spec.redactions?.[at] as Redaction | undefined;
    const part = REDACTION_PARTS[parts.at(-1) ?? ''];
    subject = `Redaction ${at + 1}${redaction ? ` (${redactionText(redaction, totalMessages)})` : ''}${part ? `, ${part}` : ''}`;
  } else if (field === 'highlights' && at !== null) {
    const highlighted = spec.highlights?.[at];
    subject =
      highlighted === undefined
        ? 'A highlight'
        : `The highlight of message ${messageNumber(highlighted, totalMessages)}`;
  } else if (field === 'selections' && at !== null) subject = `Selection ${at + 1} of the messages`;
  return `${subject}: ${words(problem)}`;
}
