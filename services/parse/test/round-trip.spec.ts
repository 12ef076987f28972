// Random chats written the way WhatsApp writes them, in many header formats, read back to exactly
// the messages that were written.

import type { ChatMessage } from '../src/domain/chat-model';
import { parseChat } from '../src/domain/parse-chat';
import { type ExpectedMessage, GENERATED_FORMATS, generateChat, layoutOf } from './support/chat-generator';
import { lineAccountingProblems } from './support/line-accounting';

const SEEDS = [1, 2, 3, 4, 5];

function asExpected(message: ChatMessage): ExpectedMessage {
  const { line, lineEnd, timestamp, secondsRecorded, sender, raw, content, type, attachment, flags } =
    message;
  return {
    line,
    lineEnd,
    timestamp,
    secondsRecorded,
    sender,
    raw,
    content,
    type,
    attachment,
    flags: [...flags],
  };
}

describe.each(GENERATED_FORMATS)('%s', (format) => {
  it.each(SEEDS)('seed %i reads back every message', (seed) => {
    const generated = generateChat({ format, messageCount: 400, seed });
    const chat = parseChat(generated.text);
    expect(chat.messages.map(asExpected)).toEqual(generated.messages);
    expect(chat.participants).toEqual(generated.participants);
    expect(chat.preamble).toEqual([]);
    expect(lineAccountingProblems(generated.text, chat)).toEqual([]);
  });

  it.each([
    ['CRLF', '\r\n' as const, true],
    ['CR', '\r' as const, true],
    ['LF, no final line break', '\n' as const, false],
  ])('%s line endings', (_, lineBreak, finalLineBreak) => {
    const generated = generateChat({ format, messageCount: 200, seed: 42, lineBreak, finalLineBreak });
    const chat = parseChat(generated.text);
    expect(chat.messages.map(asExpected)).toEqual(generated.messages);
    expect(lineAccountingProblems(generated.text, chat)).toEqual([]);
  });

  it('reads the same from UTF-16 bytes', () => {
    const generated = generateChat({ format, messageCount: 100, seed: 7 });
    const chat = parseChat(Buffer.from(`\uFEFF${generated.text}`, 'utf16le'));
    expect(chat.encoding).toBe('utf-16le');
    expect(chat.messages.map(asExpected)).toEqual(generated.messages);
  });
});

describe("every language table's wording", () => {
  it.each(GENERATED_FORMATS.filter((format) => layoutOf(format) === 'android'))(
    '%s reads back every message',
    (format) => {
      const generated = generateChat({ format, messageCount: 1_000, seed: 11, wording: 'every-language' });
      const chat = parseChat(generated.text);
      expect(chat.messages.map(asExpected)).toEqual(generated.messages);
      expect(chat.participants).toEqual(generated.participants);
      expect(lineAccountingProblems(generated.text, chat)).toEqual([]);
    },
  );
});
