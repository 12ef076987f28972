// What ends a line: Unicode's mandatory line breaks (UAX #14, classes BK, CR, LF and NL): LF, VT,
// FF, CR, CR LF (one break), NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. Viewers start a new line
// at each, so the parser reads a line at each and the free tier counts the lines it read: a chat
// whose lines are joined by a break only some programs show is not one message to the count and
// 120 to a reader.

/** One line break, as a regular expression's source (CR LF is one break). */
export const LINE_BREAK = String.raw`\r\n|[\n\v\f\r\u0085\u2028\u2029]`;

const LINE_BREAK_BUT_LF = /[\v\f\r\u0085\u2028\u2029]/;
const EVERY_LINE_BREAK = new RegExp(LINE_BREAK, 'g');

/** `text` with every line break written as "\n" (CR LF as one); the same string when it has no other. */
export const withLineFeeds = (text: string): string =>
  LINE_BREAK_BUT_LF.test(text) ? text.replace(EVERY_LINE_BREAK, '\n') : text;
