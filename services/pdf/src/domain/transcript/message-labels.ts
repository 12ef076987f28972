import type { TranscriptMessage } from '@chatexhibit/proto/transcript';

/** A message's flags as the transcript prints them on its row (and messages.csv in its Flags column). */
export const FLAG_LABELS: Record<TranscriptMessage['flags'][number], string> = {
  edited: 'EDITED',
  deleted: 'DELETED',
  viewOnce: 'VIEW ONCE',
  outOfOrder: 'OUT OF ORDER',
  invalidDate: 'DATE AS WRITTEN (INVALID)',
};

/** The lines of the chat text a message came from, as the transcript prints them: "L12", "L12-14". */
export const sourceLines = (message: Pick<TranscriptMessage, 'line' | 'lineEnd'>): string =>
  message.line === message.lineEnd ? `L${message.line}` : `L${message.line}-${message.lineEnd}`;
