import { messageNumber } from '@chatexhibit/proto/message-number';
import type { MessageAnomalies } from './message-anomalies';
import { listed } from './provenance-findings';

/**
 * What the zone's clocks say of the messages, in the words of every document that lists the
 * parser's notes or states the zone: the cover, the processing record and the declaration.
 */
export interface TimeNotes {
  /** Follows the parser's note on messages earlier than the one before: which of them the clocks explain. */
  earlierExplained: string | null;
  /** Local times the zone never had: why the zone used may not be the phone's. */
  skipped: string | null;
}

export function timeNotes(
  anomalies: Pick<MessageAnomalies, 'skippedTimes' | 'laterAfterClocksWentBack'>,
  totalMessages: number,
  zone: string,
): TimeNotes {
  const messages = (indexes: readonly number[], word = 'message'): string =>
    `${word}${indexes.length === 1 ? '' : 's'} ${listed(
      indexes.map((index) => messageNumber(index, totalMessages)),
      (n) => `${n} more`,
    )}`;
  const { laterAfterClocksWentBack: explained, skippedTimes: skipped } = anomalies;
  const one = explained.length === 1;
  return {
    earlierExplained:
      explained.length === 0
        ? null
        : `Of the messages the reading of the chat text notes as earlier than the one before, ChatExhibit reads ${messages(explained)} as later than the message before ${one ? 'it' : 'each'} in the time zone ${zone}, whose clocks went back between them: read in that zone and in export order, ${one ? 'it is' : 'they are'} not out of order.`,
    skipped:
      skipped.length === 0
        ? null
        : `${messages(skipped, 'Message')} ${skipped.length === 1 ? 'records a local time' : 'record local times'} that did not exist in the time zone ${zone} (its clocks went forward over ${skipped.length === 1 ? 'it' : 'them'}), so the phone's time zone may not have been ${zone}.`,
  };
}
