import type { ParsedChat } from './chat-model';

const NUL = '\u0000';

/**
 * The line of the chat text holding the first NUL character among what the parse step stores
 * (the preamble, senders and message lines), or null when none does. The parser writes each line
 * break of a message as "\n" in `raw`, so its k-th line is line `line + k` of the file.
 */
export function lineWithNulCharacter({ preamble, messages }: ParsedChat): number | null {
  const inPreamble = preamble.findIndex((line) => line.includes(NUL));
  if (inPreamble !== -1) return inPreamble + 1;
  for (const message of messages) {
    if (message.sender?.includes(NUL)) return message.line;
    if (message.raw.includes(NUL))
      return message.line + message.raw.split('\n').findIndex((l) => l.includes(NUL));
  }
  return null;
}
