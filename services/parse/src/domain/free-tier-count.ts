import type { ChatMessage, ParsedChat } from './chat-model';

/** What the count reads of a chat: as parsed, or as the parse service stored it. */
export type CountedChat = Pick<ParsedChat, 'preamble'> & {
  messages: readonly Pick<ChatMessage, 'type' | 'event' | 'raw'>[];
};
import { FREE_TIER_NOTICES } from '@chatexhibit/proto/constants';
import { detectHeaderFormats, HeaderMatcher } from './header-formats';

/** Characters a reader does not see: format characters (zero-width space, direction marks, BOM, word joiner...) and other default-ignorable ones. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const HAS_INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * The lines the parser kept as text (continuation lines, and the preamble before the first header)
 * that are message headers once their invisible characters are removed: an invisible character
 * before each line makes a chat one message whose lines the transcript prints all the same. The
 * parser ends a line at every Unicode line break (proto's `line-breaks.ts`) and writes each as
 * "\n" in `raw`, so FF, VT, NEL or U+2028 between headers make messages, counted as such.
 */
function hiddenHeaderLines({ messages, preamble }: CountedChat): number {
  const lines = [...preamble, ...messages.flatMap((message) => message.raw.split('\n').slice(1))]
    .filter((line) => HAS_INVISIBLE.test(line))
    .map((line) => line.replace(INVISIBLE, ''));
  if (lines.length === 0) return 0;
  const matchers = detectHeaderFormats(lines.join('\n')).map((format) => new HeaderMatcher(format));
  return lines.filter((line) => matchers.some((matcher) => matcher.matchAt(line, 0))).length;
}

/** Whether an entry is one of WhatsApp's notices short enough to go uncounted (FREE_TIER_NOTICES). */
const isShortNotice = (m: CountedChat['messages'][number]): boolean =>
  m.type === 'system' &&
  m.event !== null &&
  !m.raw.includes('\n') &&
  m.raw.length <= FREE_TIER_NOTICES.maxCharacters;

/**
 * What the free tier counts of a chat: every entry but the first FREE_TIER_NOTICES.uncounted
 * notices WhatsApp writes itself that the parser recognises (the encryption notice, joins, number
 * changes...) and that are one short line, and every line that is a message header once invisible
 * characters are removed. A system line whose text no language table knows counts like a message:
 * any line without "Name: " is a system line, so free text written that way would otherwise be
 * free; so does a long or multi-line notice, and every notice past the first 50 (a rename's name
 * is chosen text too).
 */
export function freeTierCount(chat: CountedChat): number {
  const notices = chat.messages.filter(isShortNotice).length;
  return chat.messages.length - Math.min(notices, FREE_TIER_NOTICES.uncounted) + hiddenHeaderLines(chat);
}
