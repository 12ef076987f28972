// How the parser's notes count and list what they are about: a count, then the first numbers and
// how many more, so a note stays one line however many messages it concerns.
import { formatInteger } from '@chatexhibit/proto/count-words';
import { messageNumber } from '@chatexhibit/proto/message-number';

/** Numbers named in a note before the rest are counted. */
const LISTED_NUMBERS = 10;

/** "3, 7, 9" or "3, 7, … 41 and 12 more". */
function listFirst(items: readonly string[]): string {
  const listed = items.slice(0, LISTED_NUMBERS).join(', ');
  return items.length > LISTED_NUMBERS
    ? `${listed} and ${formatInteger(items.length - LISTED_NUMBERS)} more`
    : listed;
}

/** Message numbers as every document prints them: "0003, 0007, … and 12 more". */
export const listMessages = (indexes: readonly number[], totalMessages: number): string =>
  listFirst(indexes.map((index) => messageNumber(index, totalMessages)));

export const listLines = (lines: readonly number[]): string =>
  `line${lines.length === 1 ? '' : 's'} ${listFirst(lines.map(String))}`;
