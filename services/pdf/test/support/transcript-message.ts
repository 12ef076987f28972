import type { TranscriptMessage } from '@chatexhibit/proto/transcript';

/** A text message as the parse service answers it; `over` sets what a test cares about. */
export const transcriptMessage = (
  index: number,
  over: Partial<TranscriptMessage> = {},
): TranscriptMessage => ({
  index,
  line: index,
  lineEnd: index,
  timestamp: '2024-03-01T09:00:00',
  secondsRecorded: false,
  sender: 'Sam Carter',
  content: '',
  type: 'text',
  attachment: null,
  attachmentPath: null,
  flags: [],
  event: null,
  ...over,
});
