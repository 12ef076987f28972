// One hand-written export per language, from WhatsApp's own wording (see the sources named in
// each table under src/domain/languages): the encryption notice, a group created and a member
// added (no author), an ordinary message, the omitted-media marker, a deletion, an attached file
// and a member leaving written after the group's name. Every export has the same shape, so what
// each line must become is known without running the parser; the text each message must show is
// read from the fixture itself.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageType } from '../src/domain/chat-model';
import { LANGUAGES } from '../src/domain/languages';
import { parseChat } from '../src/domain/parse-chat';
import type { SystemEvent } from '../src/domain/system-events';
import { fixtureText } from './support/fixtures';

type Row = [sender: string | null, type: MessageType, event: SystemEvent | null, attachment: string | null];

const EXPECTED: Row[] = [
  [null, 'system', 'encryption', null],
  [null, 'system', 'group-created', null],
  [null, 'system', 'member-added', null],
  ['Lina', 'text', null, null],
  ['Lina', 'omitted-media', null, null],
  ['Omar', 'deleted', null, null],
  ['Lina', 'image', null, 'IMG-20230314-WA0001.jpg'],
  [null, 'system', 'member-left', null],
];

/** What each fixture line says after its header ("Name: " included for system lines under a name). */
function writtenTexts(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.slice('14/03/2023, 20:00 - '.length));
}

const TAGS = readdirSync(join(__dirname, 'fixtures', 'languages')).map((file) => file.replace(/\.txt$/, ''));

it('has a fixture for every language table, and a table for every fixture', () => {
  expect([...TAGS].sort()).toEqual(LANGUAGES.map((table) => table.tag).sort());
});

describe.each(TAGS)('%s', (tag) => {
  const text = fixtureText(`languages/${tag}.txt`);
  const chat = parseChat(text);
  const written = writtenTexts(text);

  it('reads every line as the message it is', () => {
    expect(chat.messages.map((m): Row => [m.sender, m.type, m.event, m.attachment])).toEqual(EXPECTED);
    expect(chat.participants).toEqual(['Lina', 'Omar']);
    expect(chat.warnings).toEqual([]);
  });

  it('keeps what WhatsApp wrote', () => {
    const [notice, created, added, greeting, media, deleted, , left] = chat.messages;
    expect(notice.content).toBe(written[0]);
    expect(created.raw).toBe(written[1]);
    expect(added.raw).toBe(written[2]);
    expect(greeting.raw).toBe(written[3].slice('Lina: '.length));
    expect(media.content).toBe(written[4].slice('Lina: '.length));
    expect(deleted.content).toBe(written[5].slice('Omar: '.length));
    expect(left.raw).toBe(written[7]);
    expect(left.content).toBe(written[7].slice('Plans: \u200E'.length));
  });
});
