// The parser's central promise, checked independently of its own line reading: every line of the
// text belongs to the preamble or to exactly one message, in order, and each message's raw text
// is exactly what its lines hold after the header.

import { LINE_BREAK } from '@chatexhibit/proto/line-breaks';
import type { ParsedChat } from '../../src/domain/chat-model';

/** Lines as a reader sees them: every Unicode line break ends a line; a final line break ends the last line. */
export function sourceLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(new RegExp(LINE_BREAK));
  if (new RegExp(`(?:${LINE_BREAK})$`).test(text)) lines.pop();
  return lines;
}

/** Every problem found, as readable strings (empty when the chat accounts for every line). */
export function lineAccountingProblems(text: string, chat: ParsedChat): string[] {
  const lines = sourceLines(text);
  const problems: string[] = [];
  if (chat.lineCount !== lines.length)
    problems.push(`lineCount ${chat.lineCount}, the text has ${lines.length} lines`);
  chat.preamble.forEach((line, i) => {
    if (line !== lines[i])
      problems.push(`preamble line ${i + 1} is ${JSON.stringify(line)}, not ${JSON.stringify(lines[i])}`);
  });
  let expectedLine = chat.preamble.length + 1;
  chat.messages.forEach((message, i) => {
    const where = `message ${message.index}`;
    if (message.index !== i + 1) problems.push(`${where} is at position ${i + 1}`);
    if (message.line !== expectedLine)
      problems.push(`${where} starts on line ${message.line}, expected ${expectedLine}`);
    if (message.lineEnd < message.line)
      problems.push(`${where} ends on line ${message.lineEnd} before it starts`);
    const rawLines = message.raw.split('\n');
    if (rawLines.length !== message.lineEnd - message.line + 1) {
      problems.push(
        `${where} spans ${message.lineEnd - message.line + 1} lines but its raw text has ${rawLines.length}`,
      );
    } else {
      const first = lines[message.line - 1] ?? '';
      if (!first.endsWith(rawLines[0]))
        problems.push(`${where}: line ${message.line} does not end with its raw text`);
      for (let k = 1; k < rawLines.length; k++) {
        if (rawLines[k] !== lines[message.line - 1 + k])
          problems.push(`${where}: line ${message.line + k} differs from raw`);
      }
    }
    expectedLine = message.lineEnd + 1;
  });
  if (expectedLine !== lines.length + 1)
    problems.push(`lines ${expectedLine}-${lines.length} belong to nothing`);
  return problems;
}
