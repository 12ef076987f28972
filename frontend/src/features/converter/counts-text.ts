import type { ChatPreview } from '@chatexhibit/proto/chat-preview';

const wholeNumber = new Intl.NumberFormat('en-US');

/** A count as people read it: 1,969. */
export const formatCount = (count: number): string => wholeNumber.format(count);

const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** What an export's entries are: "1,969 messages from people; 31 system notices" (none: not said). */
export const entriesText = ({ messagesFromPeople, systemNotices }: ChatPreview): string => {
  const messages = `${counted(messagesFromPeople, 'message', 'messages')} from people`;
  return systemNotices === 0
    ? messages
    : `${messages}; ${counted(systemNotices, 'system notice', 'system notices')}`;
};
