import { pickChatText } from '../src/domain/chat-text-candidates';
import { fixtureBytes } from './support/fixtures';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const chatText = fixtureBytes('android-dmy-24h.txt');
const notes = bytes('Shopping list\n1/2/2023 milk\n');
const twoMessages = bytes('14/03/2023, 20:01 - Ann: hi\n14/03/2023, 20:02 - Ben: ho\n');

describe('pickChatText', () => {
  it('takes the only text file that reads as a chat', () => {
    const picked = pickChatText([{ name: 'chat.txt', bytes: chatText }]);
    expect(picked).toMatchObject({
      name: 'chat.txt',
      reason: '"chat.txt" is the only text file.',
      warnings: [],
    });
    expect(picked?.chat.messages).toHaveLength(28);
  });

  it('takes the file with the most message headers and says which and why', () => {
    const picked = pickChatText([
      { name: 'notes.txt', bytes: notes },
      { name: 'backup/old.txt', bytes: twoMessages },
      { name: 'exports/my chat.txt', bytes: chatText },
    ]);
    expect(picked?.name).toBe('exports/my chat.txt');
    expect(picked?.warnings).toEqual([
      '"exports/my chat.txt" was taken as the chat text among 3 text files: it has 28 message headers ("notes.txt" 0 message headers, "backup/old.txt" 2 message headers).',
    ]);
    expect(picked?.reason).toBe(picked?.warnings[0]);
  });

  it('settles a tie by the name WhatsApp gives chat exports, then by order', () => {
    const byName = pickChatText([
      { name: 'copy.txt', bytes: twoMessages },
      { name: 'WhatsApp Chat with Ann.txt', bytes: twoMessages },
    ]);
    expect(byName?.name).toBe('WhatsApp Chat with Ann.txt');
    expect(byName?.reason).toMatch(
      /2 files have that many headers; this one was taken because its name is the one WhatsApp gives chat exports\.$/,
    );
    const byOrder = pickChatText([
      { name: 'a.txt', bytes: twoMessages },
      { name: 'b.txt', bytes: twoMessages },
    ]);
    expect(byOrder?.name).toBe('a.txt');
    expect(byOrder?.reason).toMatch(/because it comes first in the ZIP\.$/);
  });

  it('finds nothing when no file has a message header', () => {
    expect(pickChatText([{ name: 'notes.txt', bytes: notes }])).toBeNull();
    expect(pickChatText([])).toBeNull();
  });
});
