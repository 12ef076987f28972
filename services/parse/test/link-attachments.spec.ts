import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import type { ChatMessage } from '../src/domain/chat-model';
import { linkAttachments } from '../src/domain/link-attachments';

const message = (index: number, attachment: string | null): ChatMessage => ({
  index,
  line: index,
  lineEnd: index,
  timestamp: '2023-06-07T15:13:20',
  secondsRecorded: true,
  sender: 'Sam',
  raw: attachment ? `${attachment} (file attached)` : 'hi',
  content: '',
  type: attachment ? 'image' : 'text',
  attachment,
  flags: [],
  event: null,
});
const entry = (path: string): ExportEntry => ({
  path,
  key: `exports/x/entries/${path}`,
  size: 1,
  sha256: '0'.repeat(64),
});

describe('linkAttachments', () => {
  it('links by base name, preferring the entry beside the chat text', () => {
    const links = linkAttachments(
      [message(1, 'IMG-20230607-WA0003.jpg'), message(2, null), message(3, 'Voice - note.opus')],
      [
        entry('old/IMG-20230607-WA0003.jpg'),
        entry('chat/IMG-20230607-WA0003.jpg'),
        entry('chat/Voice - note.opus'),
      ],
      'chat/WhatsApp Chat with Sam.txt',
    );
    expect([...links.keys]).toEqual([
      [1, 'exports/x/entries/chat/IMG-20230607-WA0003.jpg'],
      [3, 'exports/x/entries/chat/Voice - note.opus'],
    ]);
    expect(links.warnings).toEqual([]);
  });

  it('matches a macOS-decomposed file name to the composed name in the chat', () => {
    const composed = 'Fotografía de Léa.jpg';
    const links = linkAttachments([message(1, composed)], [entry(composed.normalize('NFD'))], '_chat.txt');
    expect(links.keys.get(1)).toBe(`exports/x/entries/${composed.normalize('NFD')}`);
  });

  it('reports ambiguous and missing attachments in one note each, however many messages they concern', () => {
    const ambiguous = linkAttachments(
      [message(1, 'a.jpg')],
      [entry('x/a.jpg'), entry('y/a.jpg')],
      '_chat.txt',
    );
    expect(ambiguous.warnings).toEqual([
      '1 message names a file the ZIP holds more than once, linked to the copy beside the chat text or else the first: messages 0001 (message 0001 names "a.jpg", held 2 times, linked to "x/a.jpg").',
    ]);

    const many = Array.from({ length: 25 }, (_, i) => message(i + 1, `PTT-${i}.opus`));
    const { keys, warnings } = linkAttachments(many, [], '_chat.txt');
    expect(keys.size).toBe(0);
    expect(warnings).toEqual([
      '25 attachments named in the chat are not in the ZIP, each marked MISSING at its message: messages 0001, 0002, 0003, 0004, 0005, 0006, 0007, 0008, 0009, 0010 and 15 more.',
    ]);
  });
});
