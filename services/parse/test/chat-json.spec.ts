// The CLI's compact JSON is written in pieces by a serializer of its own: it must write exactly
// what JSON.stringify writes for the same document, whatever the chat holds.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { cliChatJson, writeCompactChatJson } from '../src/cli/chat-json';
import { parseChat } from '../src/domain/parse-chat';
import { GENERATED_FORMATS, generateChat } from './support/chat-generator';
import { fixtureBytes } from './support/fixtures';

function expectSameAsJsonStringify(input: string | Uint8Array): void {
  const chat = parseChat(input);
  const warnings = [...chat.warnings, 'a "quoted" \\ warning'];
  const pieces: string[] = [];
  writeCompactChatJson(chat, warnings, (piece) => pieces.push(piece));
  expect(pieces.join('')).toBe(JSON.stringify(cliChatJson(chat, warnings)));
}

describe('writeCompactChatJson', () => {
  const fixtures = readdirSync(join(__dirname, 'fixtures'), { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.txt'),
  );
  it.each(fixtures)('writes %s as JSON.stringify does', (name) => {
    expectSameAsJsonStringify(fixtureBytes(name));
  });

  it.each(GENERATED_FORMATS)(
    'writes a generated %s chat of several pieces as JSON.stringify does',
    (format) => {
      expectSameAsJsonStringify(generateChat({ format, messageCount: 1_000, seed: 7 }).text);
    },
  );

  it('escapes quotes, backslashes, control characters and lone surrogates as JSON.stringify does', () => {
    const header = '14/03/2023, 20:01 - ';
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.string({ unit: 'binary' })), { maxLength: 5 }),
        (lines) => {
          const text = lines
            .map(
              ([sender, body]) =>
                `${header}${sender.replace(/[\r\n:]/g, '')}: ${body}\n${body} (file attached)`,
            )
            .join('\n');
          expectSameAsJsonStringify(`${header}"Quote\\": \u0001\ud800 "x"\n${text}`);
        },
      ),
    );
  });

  it('writes an empty chat as JSON.stringify does', () => {
    expectSameAsJsonStringify('');
  });
});
