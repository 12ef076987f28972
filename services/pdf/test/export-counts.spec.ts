import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { countRows, entriesSentence, exportCounts } from '@chatexhibit/pdf/domain/export-counts';
import { summarizeChat } from '@chatexhibit/pdf/domain/transcript/chat-summary';
import { coverOf, uploadedMedia } from './support/cover-fixture';
import { SUB_BULLET } from '@chatexhibit/pdf/domain/transcript/cover-content';
import { transcriptMessage } from './support/transcript-message';

async function* pages(messages: TranscriptMessage[]): AsyncIterable<readonly TranscriptMessage[]> {
  yield messages;
}

const start = transcriptMessage(1, { type: 'system', sender: null, event: 'encryption' });

/** A chat whose one attachment, of the message type given, the upload lacks. */
const missingOne = (type: TranscriptMessage['type'], attachment: string): TranscriptMessage[] => [
  start,
  transcriptMessage(2, { type, attachment, attachmentPath: null }),
];

const CHAT = {
  chatFile: '_chat.txt',
  participants: ['Sam'],
  warnings: [] as string[],
  format: null,
  dateOrder: null,
  calendar: 'gregorian' as const,
  encoding: null,
};

describe('the counts of an export', () => {
  it.each([
    ['voice', 'PTT-20240301-WA0001.opus', 'voice', 'voice notes 1'],
    ['image', 'IMG-20240301-WA0002.jpg', 'image', 'photos and images 1'],
    ['gif', 'VID-20240301-WA0003.mp4', 'video', 'videos and gifs 1'],
    ['video', 'VID-20240301-WA0004.mp4', 'video', 'videos and gifs 1'],
    ['audio', 'AUD-20240301-WA0005.m4a', 'audio', 'audio files 1'],
    ['sticker', 'STK-20240301-WA0006.webp', 'sticker', 'stickers 1'],
    ['document', 'contract.pdf', 'document', 'documents and other files 1'],
    ['contact', 'Sam Carter.vcf', 'document', 'documents and other files 1'],
  ] as const)(
    'counts a missing %s attachment under its kind, on the cover too',
    async (type, name, kind, said) => {
      const messages = missingOne(type, name);
      const counts = exportCounts(await summarizeChat(pages(messages)), []);
      expect(counts.attachments).toEqual({ named: 1, present: 0, missing: 1 });
      expect(counts.attachmentsByKind[kind]).toEqual({ named: 1, present: 0, missing: 1 });
      const { section } = await coverOf(messages, {}, { timeZone: 'UTC' });
      expect(section('Completeness').bullets).toContainEqual(
        `1 of the 1 attachment that messages name is not in the upload (${said}); each is marked MISSING at its message. A file is missing when the chat was exported without media, when it was no longer on the phone, or when it was sent to be viewed once.`,
      );
      expect(section('Contents').rows).toContainEqual([
        'Attachments named by messages',
        '1 named; 0 in the upload, 1 not in it',
      ]);
    },
  );

  it('counts "Media omitted" lines apart from named attachments, and says what they are', async () => {
    const messages = [start, transcriptMessage(2, { type: 'omitted-media', content: '<Media omitted>' })];
    const counts = exportCounts(await summarizeChat(pages(messages)), []);
    expect(counts.mediaOmitted).toBe(1);
    expect(counts.attachments.named).toBe(0);
    const { section } = await coverOf(messages, {}, { timeZone: 'UTC' });
    expect(section('Completeness').bullets!.join('\n')).toContain(
      '1 message says only that a file was left out (such as "<Media omitted>" or "image omitted")',
    );
  });

  it('tells messages from people apart from system events, as the transcript types them', async () => {
    const messages = [start, transcriptMessage(2), transcriptMessage(3, { type: 'system', sender: null })];
    const counts = exportCounts(await summarizeChat(pages(messages)), []);
    expect([counts.entries, counts.messagesFromPeople, counts.systemEvents]).toEqual([3, 1, 2]);
    expect(entriesSentence(counts)).toBe('3 numbered entries: 1 message from people and 2 system events');
  });

  it('counts the files of the upload by whether a message names them', async () => {
    const [named, unnamed] = uploadedMedia(2);
    const messages = [
      start,
      transcriptMessage(2, { type: 'image', attachment: 'IMG-0.jpg', attachmentPath: named!.sourcePath }),
    ];
    const counts = exportCounts(await summarizeChat(pages(messages)), [named!, unnamed!]);
    expect(counts.uploadFiles).toEqual({ total: 2, media: 2, other: 0, namedByNoMessage: 1 });
    expect(countRows(counts)).toContainEqual([
      'Files in the upload besides the chat text',
      '2: 2 media files, 0 other files; 1 named by no message',
    ]);
  });

  it('lists every note of the parser on the cover, never sending the reader elsewhere', async () => {
    const warnings = Array.from({ length: 30 }, (_, i) => `Note ${i + 1}.`);
    const { section } = await coverOf([start], { chat: { ...CHAT, warnings } }, { timeZone: 'UTC' });
    const bullets = section('Completeness').bullets!;
    expect(bullets).toContain(
      'The reading of the chat text made 30 notes, each given in full below (a note lists the first message or line numbers it concerns and counts the rest):',
    );
    // Nested under the sentence that introduces them, apart from the findings.
    for (const warning of warnings) expect(bullets).toContain(`${SUB_BULLET}${warning}`);
    expect(bullets.join('\n')).not.toContain('manifest.json');
  });
});
