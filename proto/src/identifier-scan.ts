import { z } from 'zod';
import { formatInteger } from './count-words';
import { PACKAGE_PATHS } from './evidence-package';
import { PUBLIC_COPY_HOW } from './public-copy';
import { messageNumber } from './message-number';
import { SUGGESTED_KIND_NAMES, SUGGESTED_KINDS } from './suggested-kinds';

// Every full transcript is scanned with the exhibit builder's Rule 5.2(a) suggestion engine when
// its documents are made: the filing copy is named for filing, and a filer must learn before
// filing it publicly that it shows such an identifier. The findings name kinds and message
// numbers, never the text, since the cover, README.txt and the declaration are filed or served.

/** What the scan of a transcript's messages found. */
export const IdentifierScanSchema = z.object({
  /** The messages scanned: every numbered entry of the transcript. */
  totalMessages: z.number().int().nonnegative(),
  /** Each kind found with the numbers of the messages it is in, kinds in order of their first message. */
  found: z.array(
    z.object({
      kind: z.enum(SUGGESTED_KINDS),
      messages: z.array(z.number().int().positive()).min(1),
    }),
  ),
});
export type IdentifierScan = z.infer<typeof IdentifierScanSchema>;

/** Messages named for one kind; past these, the sentence counts the rest. */
const LISTED_MESSAGES = 10;

const SCANNED_FOR =
  'ChatExhibit looked through the text of every message for what looks like a Social Security, ' +
  'employer or other taxpayer number, a payment card, IBAN or bank-account number, or a date of birth ' +
  '(identifiers of which Fed. R. Civ. P. 5.2(a) lets a public filing show only the last four digits, ' +
  'or the year of a birth date)';

/** "a, b and c"; with `separator` '; ', "a; b; and c" (items that hold "and" themselves). */
const joined = (items: readonly string[], separator = ', '): string =>
  items.length === 1
    ? items[0]!
    : `${items.slice(0, -1).join(separator)}${separator === ', ' ? ' ' : separator}and ${items[items.length - 1]!}`;

/** "message 0003", "messages 0003, 0007 and 0012", "messages 0001, …, 0010 and 5 more". */
function messagesNamed(messages: readonly number[], totalMessages: number): string {
  const numbers = messages.slice(0, LISTED_MESSAGES).map((index) => messageNumber(index, totalMessages));
  const more = messages.length - numbers.length;
  if (messages.length === 1) return `message ${numbers[0]!}`;
  return `messages ${more > 0 ? `${numbers.join(', ')} and ${formatInteger(more)} more` : joined(numbers)}`;
}

/**
 * What the scan looked for and what it found, by kind and message number; when it found nothing,
 * what it does not look for, since finding nothing does not make a transcript safe to file.
 */
export function identifierScanSentence(scan: IdentifierScan): string {
  if (scan.found.length === 0)
    return (
      `${SCANNED_FOR}, and found none. It does not look for names, addresses or identifiers written ` +
      'in other ways, and a pattern can miss what it looks for.'
    );
  const found = scan.found.map(
    ({ kind, messages }) =>
      `${SUGGESTED_KIND_NAMES[kind].inSentence} in ${messagesNamed(messages, scan.totalMessages)}`,
  );
  return `${SCANNED_FOR}, and found what looks like ${joined(found, '; ')}.`;
}

/** What follows from a finding for the filer: said only when the scan found something. */
export const IDENTIFIERS_FILING_ADVICE =
  `${PACKAGE_PATHS.transcript}, ${PACKAGE_PATHS.filingTranscript} and the evidence package show them ` +
  'unredacted: they are for filing under seal or not at all. To file these messages publicly, file an ' +
  `exhibit of them with redactions, made with ChatExhibit's exhibit builder. ${PUBLIC_COPY_HOW}`;

/** What the filer is told (README.txt, the declaration's notes, the web app): the finding, and its advice when there is one. */
export const identifierScanStatements = (scan: IdentifierScan): string[] => [
  identifierScanSentence(scan),
  ...(scan.found.length === 0 ? [] : [IDENTIFIERS_FILING_ADVICE]),
];

/** The CLI's warnings: the statements when the scan found something, none otherwise. */
export const identifierScanWarnings = (scan: IdentifierScan): string[] =>
  scan.found.length === 0 ? [] : identifierScanStatements(scan);
