import { FREE_TIER_MESSAGE_SIZE, FREE_TIER_NOTICES } from '@chatexhibit/proto/constants';
import type { ChatMessage, ParsedChat } from './chat-model';
import { detectHeaderFormats, HeaderMatcher } from './header-formats';

/** What the count reads of a chat: as parsed, or as the parse service stored it. */
export type CountedChat = Pick<ParsedChat, 'preamble'> & {
  messages: readonly Pick<ChatMessage, 'type' | 'event' | 'raw'>[];
};

/** Characters a reader does not see: format characters (zero-width space, direction marks, BOM, word joiner...) and other default-ignorable ones. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const HAS_INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** Blanks that push a header off a line's start: spaces, tabs, NBSP, EM SPACE, ideographic space, braille blank. */
const LEADING_BLANKS = /^[\s\u2800]+/u;

const mayHideHeader = (line: string): boolean => HAS_INVISIBLE.test(line) || LEADING_BLANKS.test(line);
const unhidden = (line: string): string => line.replace(INVISIBLE, '').replace(LEADING_BLANKS, '');

/**
 * Which lines the parser kept as text (continuation lines, and the preamble before the first
 * header) are message headers once their invisible characters and leading blanks are removed: an
 * invisible character or a space before each line makes a chat one message whose lines the
 * transcript prints all the same. The parser ends a line at every Unicode line break (proto's
 * `line-breaks.ts`) and writes each as "\n" in `raw`, so FF, VT, NEL or U+2028 between headers
 * make messages, counted as such.
 */
function hiddenHeaders(textLines: readonly string[]): ReadonlySet<string> {
  const hiding = textLines.filter(mayHideHeader);
  if (hiding.length === 0) return new Set();
  const unhiddenLines = hiding.map(unhidden);
  const matchers = detectHeaderFormats(unhiddenLines.join('\n')).map((format) => new HeaderMatcher(format));
  return new Set(
    hiding.filter((_, at) => matchers.some((matcher) => matcher.matchAt(unhiddenLines[at]!, 0))),
  );
}

/** Whether an entry is one of WhatsApp's notices short enough to go uncounted (FREE_TIER_NOTICES). */
const isShortNotice = (m: CountedChat['messages'][number]): boolean =>
  m.type === 'system' &&
  m.event !== null &&
  !m.raw.includes('\n') &&
  m.raw.length <= FREE_TIER_NOTICES.maxCharacters;

/** How many messages a text of `characters` and `lines` counts as: one for each page's worth it begins (FREE_TIER_MESSAGE_SIZE). */
const pagesOf = (characters: number, lines: number): number =>
  Math.max(
    1,
    Math.ceil(characters / FREE_TIER_MESSAGE_SIZE.characters),
    Math.ceil(lines / FREE_TIER_MESSAGE_SIZE.lines),
  );

/** What one entry counts as: each hidden header in it starts another message, and each is counted by its pages. */
function entryCount(entryLines: readonly string[], headers: ReadonlySet<string>): number {
  if (entryLines.length === 1) return pagesOf(entryLines[0]!.length, 1);
  let count = 0;
  let characters = 0;
  let lines = 0;
  entryLines.forEach((line, index) => {
    if (index > 0 && headers.has(line)) {
      count += pagesOf(characters, lines);
      characters = 0;
      lines = 0;
    }
    characters += line.length + 1;
    lines += 1;
  });
  return count + pagesOf(characters - 1, lines);
}

/**
 * What the free tier counts of a chat: every entry but the first FREE_TIER_NOTICES.uncounted
 * notices WhatsApp writes itself that the parser recognises (the encryption notice, joins, number
 * changes...) and that are one short line; an entry longer than a page's worth
 * (FREE_TIER_MESSAGE_SIZE) once for each it begins; and every line that is a message header once
 * invisible characters and leading blanks are removed, as a message of its own. A system line
 * whose text no language table knows counts like a message: any line without "Name: " is a system
 * line, so free text written that way would otherwise be free; so does a long or multi-line
 * notice, and every notice past the first 50 (a rename's name is chosen text too).
 */
export function freeTierCount(chat: CountedChat): number {
  // Each entry split into its lines once: the hidden headers are found among all of them first.
  const entries = chat.messages.map((message) => message.raw.split('\n'));
  const headers = hiddenHeaders([...chat.preamble, ...entries.flatMap((lines) => lines.slice(1))]);
  const notices = chat.messages.filter(isShortNotice).length;
  return (
    entries.reduce((sum, lines) => sum + entryCount(lines, headers), 0) -
    Math.min(notices, FREE_TIER_NOTICES.uncounted) +
    chat.preamble.filter((line) => headers.has(line)).length
  );
}
