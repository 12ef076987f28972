import type { ChatMessage, ParsedChat } from './chat-model';

/** What the count reads of a chat: as parsed, or as the parse service stored it. */
export type CountedChat = Pick<ParsedChat, 'preamble'> & {
  messages: readonly Pick<ChatMessage, 'type' | 'event' | 'raw'>[];
};
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

/**
 * What the free tier counts of a chat: every entry but the notices WhatsApp writes itself that
 * the parser recognises (the encryption notice, joins, number changes...), and every line that is
 * a message header once invisible characters are removed. A system line whose text no language
 * table knows counts like a message: any line without "Name: " is a system line, so free text
 * written that way would otherwise be free.
 */
export const freeTierCount = (chat: CountedChat): number =>
  chat.messages.filter((m) => m.type !== 'system' || m.event === null).length + hiddenHeaderLines(chat);
