// What an exhibit holds and leaves out, worded in this one place for its cover, its gap lines and
// the refusals that quote it, with the counts worded as every other document words them.

import { messageNumber } from '@chatexhibit/proto/message-number';
import { countOf, formatInteger } from '../evidence/plain-text';

/** Messages `first` to `last` of the transcript, by its numbers (a run of one when they are equal). */
export interface MessageRun {
  first: number;
  last: number;
}

/** The run's length in messages. */
export const runLength = (run: MessageRun): number => run.last - run.first + 1;

/** "0412–0440", or "0512" for a run of one. */
export const runNumbers = (run: MessageRun, totalMessages: number): string =>
  run.first === run.last
    ? messageNumber(run.first, totalMessages)
    : `${messageNumber(run.first, totalMessages)}\u2013${messageNumber(run.last, totalMessages)}`;

/** "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "messages 0412–0440 and 0512 of 2,000"; "message 0512 of 2,000" for one; "no messages of 2,000" for none. */
export function includedMessages(included: readonly MessageRun[], totalMessages: number): string {
  const count = included.reduce((sum, run) => sum + runLength(run), 0);
  const of = `of ${formatInteger(totalMessages)}`;
  if (count === 0) return `no messages ${of}`;
  return `${count === 1 ? 'message' : 'messages'} ${listed(included.map((run) => runNumbers(run, totalMessages)))} ${of}`;
}

/** "71 messages omitted (0441–0511)": the line an exhibit draws where it leaves messages out. */
export const omittedMessages = (gap: MessageRun, totalMessages: number): string =>
  `${countOf(runLength(gap), 'message')} omitted (${runNumbers(gap, totalMessages)})`;
