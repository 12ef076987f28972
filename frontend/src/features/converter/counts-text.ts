import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { countOf } from '@chatexhibit/proto/count-words';

/** What an export's entries are: "1,969 messages from people; 31 system notices" (none: not said). */
export const entriesText = ({ messagesFromPeople, systemNotices }: ChatPreview): string => {
  const messages = `${countOf(messagesFromPeople, 'message')} from people`;
  return systemNotices === 0 ? messages : `${messages}; ${countOf(systemNotices, 'system notice')}`;
};
