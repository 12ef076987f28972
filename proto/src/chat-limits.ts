// Why the parse step refused a chat over CHAT_LIMITS, as a code for programs and a sentence for
// the person who uploaded it, the way an unsafe archive is refused.

import { CHAT_LIMITS } from './constants';
import { formatInteger } from './count-words';

export type ChatLimitReason = 'too_many_entries' | 'line_too_long' | 'too_much_text';

/** One sentence per limit; each says the limit and that a real export stays far inside it. */
export const CHAT_LIMIT_SENTENCES: Readonly<Record<ChatLimitReason, string>> = {
  too_many_entries: `This chat has more than ${formatInteger(CHAT_LIMITS.maxEntries)} messages and system lines, far more than a WhatsApp export holds (about 40,000 at most). It cannot be processed.`,
  line_too_long: `This chat has a line longer than ${CHAT_LIMITS.maxLineBytes / (1024 * 1024)} MB, far longer than a WhatsApp message can be. It cannot be processed. Upload the ZIP exactly as WhatsApp's "Export chat" made it.`,
  too_much_text: `This chat has more than ${formatInteger(CHAT_LIMITS.maxTextCharacters)} characters of text, far more than a WhatsApp export holds. It cannot be processed.`,
};
