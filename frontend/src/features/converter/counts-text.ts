import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';

/** What an export's entries are: "1,969 counted by the free tier; 31 WhatsApp notices" (none: not said). */
export const entriesText = ({ countedEntries, whatsappNotices }: ChatPreview): string => {
  const counted = `${formatInteger(countedEntries)} counted by the free tier`;
  return whatsappNotices === 0 ? counted : `${counted}; ${countOf(whatsappNotices, 'WhatsApp notice')}`;
};

/**
 * What the free tier counts (parse's freeTierCount): a line WhatsApp did not write counts, and so
 * does a message header hidden in a message's text behind invisible characters.
 */
export const FREE_TIER_COUNTS =
  'The free tier counts every entry but up to 50 of WhatsApp’s own short notices, a message longer than a page once for each page it begins, and a message header hidden behind invisible characters or blanks as a message';
