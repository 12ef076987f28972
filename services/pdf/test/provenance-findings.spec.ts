import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { ZipEntryFacts } from '@chatexhibit/proto/storage-layout';
import type { ZipEntryRow } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';
import {
  findMessageAnomalies,
  type MessageAnomalies,
  mediaNameDate,
  participantsNamed,
} from '@chatexhibit/pdf/domain/transcript/message-anomalies';
import {
  type ProvenanceInput,
  provenanceSection,
} from '@chatexhibit/pdf/domain/transcript/provenance-findings';
import { transcriptMessage } from './support/transcript-message';

async function* pages(messages: TranscriptMessage[]): AsyncIterable<readonly TranscriptMessage[]> {
  // Two pages, so that a finding spanning a page break is found too.
  yield messages.slice(0, 3);
  yield messages.slice(3);
}

const PARTICIPANTS = ['Sam', 'Sam Carter', 'Ann Lee'];
const anomaliesOf = (messages: TranscriptMessage[], calendar: 'gregorian' | 'persian' = 'gregorian') =>
  findMessageAnomalies(pages(messages), PARTICIPANTS, calendar, {
    timeZone: 'UTC',
    firstAt: '2023-06-07T00:00:00',
    lastAt: '2023-06-08T00:00:00',
  });

const said = (index: number, sender: string, content: string, over: Partial<TranscriptMessage> = {}) =>
  transcriptMessage(index, {
    timestamp: `2023-06-07T15:${String(10 + index).padStart(2, '0')}:00`,
    sender,
    content,
    ...over,
  });
const event = (index: number, name: string, content: string) =>
  transcriptMessage(index, {
    timestamp: `2023-06-07T15:${String(10 + index).padStart(2, '0')}:00`,
    sender: null,
    type: 'system',
    event: name,
    content,
  });

describe('findMessageAnomalies', () => {
  it('finds a sender writing after leaving, until an event adds them back', async () => {
    const found = await anomaliesOf([
      said(1, 'Ann Lee', 'hi'),
      event(2, 'member-left', '\u200eAnn Lee left'),
      said(3, 'Sam Carter', 'bye Ann'),
      said(4, 'Ann Lee', 'I am still here'),
      said(5, 'Ann Lee', 'hello?'),
      event(6, 'member-added', 'Sam Carter added Ann Lee'),
      said(7, 'Ann Lee', 'thanks'),
    ]);
    expect(found.wroteAfterLeaving).toEqual([
      { index: 4, sender: 'Ann Lee', leftAt: 2 },
      { index: 5, sender: 'Ann Lee', leftAt: 2 },
    ]);
  });

  it('counts a removal only when the event names one participant: "A removed B" cannot be told apart', async () => {
    const found = await anomaliesOf([
      event(1, 'member-removed', 'Sam Carter removed Ann Lee'),
      said(2, 'Sam Carter', 'done'),
      said(3, 'Ann Lee', 'hey'),
      event(4, 'member-removed', 'You removed Ann Lee'),
      said(5, 'Ann Lee', 'still here'),
    ]);
    expect(found.wroteAfterLeaving).toEqual([{ index: 5, sender: 'Ann Lee', leftAt: 4 }]);
  });

  it('reads "Sam Carter left" as Sam Carter, not Sam, and a name only as a whole word', () => {
    expect(participantsNamed('Sam Carter left', PARTICIPANTS)).toEqual(['Sam Carter']);
    expect(participantsNamed('Samantha left', PARTICIPANTS)).toEqual([]);
    expect(participantsNamed('\u202a+44\u00a07700\u202c left', ['+44 7700'])).toEqual(['+44 7700']);
  });

  it('finds media named with a date more than 2 days from its message, Android and iOS names', async () => {
    const found = await anomaliesOf([
      said(1, 'Sam', '', { type: 'image', attachment: 'IMG-20220607-WA0003.jpg' }),
      said(2, 'Sam', '', { type: 'image', attachment: '00000012-PHOTO-2023-06-01-15-13-20.jpg' }),
      said(3, 'Sam', '', { type: 'voice', attachment: 'PTT-20230605-WA0001.opus' }),
      said(4, 'Sam', '', { type: 'document', attachment: 'contract 2020-01-01.pdf' }),
      said(5, 'Sam', '', { type: 'image', attachment: 'IMG-20220607-WA0004.jpg', flags: ['invalidDate'] }),
    ]);
    expect(found.mediaDateMismatches).toEqual([
      {
        index: 1,
        name: 'IMG-20220607-WA0003.jpg',
        nameDate: '2022-06-07',
        messageDate: '2023-06-07',
        days: 365,
      },
      {
        index: 2,
        name: '00000012-PHOTO-2023-06-01-15-13-20.jpg',
        nameDate: '2023-06-01',
        messageDate: '2023-06-07',
        days: 6,
      },
    ]);
  });

  it('does not compare media names with Persian or Islamic dates, which stay as written', async () => {
    const found = await anomaliesOf(
      [
        said(1, 'Sam', '', {
          type: 'image',
          attachment: 'IMG-20230607-WA0003.jpg',
          timestamp: '1402-03-17T10:00:00',
        }),
      ],
      'persian',
    );
    expect(found.mediaDateMismatches).toEqual([]);
  });

  it('reads dates only from WhatsApp media names, and only real dates', () => {
    expect(mediaNameDate('STK-20230607-WA0001.webp')).toBe('2023-06-07');
    expect(mediaNameDate('00000013-AUDIO-2023-06-07-15-14-02.opus')).toBe('2023-06-07');
    expect(mediaNameDate('IMG-20230231-WA0001.jpg')).toBeNull();
    expect(mediaNameDate('holiday-20230607.jpg')).toBeNull();
  });

  it('finds a message identical to the one before it, but not repeated placeholders', async () => {
    const found = await anomaliesOf([
      said(1, 'Sam', 'Same text'),
      said(2, 'Sam', 'Same text', { timestamp: '2023-06-07T15:11:00' }),
      said(3, 'Sam', '<Media omitted>', { type: 'omitted-media', timestamp: '2023-06-07T15:20:00' }),
      said(4, 'Sam', '<Media omitted>', { type: 'omitted-media', timestamp: '2023-06-07T15:20:00' }),
      said(5, 'Sam', 'This message was deleted', { type: 'deleted', timestamp: '2023-06-07T15:20:00' }),
      said(6, 'Sam', 'This message was deleted', { type: 'deleted', timestamp: '2023-06-07T15:20:00' }),
      said(7, 'Ann Lee', 'ok', { timestamp: '2023-06-07T15:20:00' }),
      said(8, 'Sam', 'ok', { timestamp: '2023-06-07T15:20:00' }),
    ]);
    expect(found.duplicates).toEqual([2]);
  });
});

const facts = (order: number, over: Partial<ZipEntryFacts> = {}): ZipEntryFacts => ({
  order,
  modified: `2023-06-08T09:0${order}:00`,
  modifiedUtc: null,
  compressionMethod: 8,
  crc32: '0badf00d',
  compressedSize: 10,
  creatorSystem: 3,
  creatorVersion: 20,
  ...over,
});
const file = (path: string, order: number, over: Partial<ZipEntryFacts> = {}): ZipEntryRow => ({
  path,
  kind: 'file',
  sizeBytes: 20,
  zip: facts(order, over),
});
const folder = (path: string, order: number): ZipEntryRow => ({
  path,
  kind: 'folder',
  sizeBytes: 0,
  zip: facts(order),
});

const NO_ANOMALIES: MessageAnomalies = {
  wroteAfterLeaving: [],
  mediaDateMismatches: [],
  duplicates: [],
  skippedTimes: [],
  laterAfterClocksWentBack: [],
};
const section = (over: Partial<ProvenanceInput>) =>
  provenanceSection({
    zipEntries: [file('_chat.txt', 0), file('IMG-20230607-WA0003.jpg', 1)],
    chatFile: '_chat.txt',
    attachedPaths: new Set(['IMG-20230607-WA0003.jpg']),
    anomalies: NO_ANOMALIES,
    totalMessages: 120,
    filesNamedByNoMessage: 0,
    lastMessageAt: '2023-06-07T15:16:00',
    ...over,
  });

describe('the Provenance section', () => {
  it("says when nothing in the ZIP's structure or the messages departs from WhatsApp's own export", () => {
    const { heading, rows, bullets } = section({});
    expect(heading).toBe('Provenance');
    expect(rows).toEqual([
      ['ZIP entries', '2 entries (2 files, 0 folders), each listed with its details in manifest.json'],
      ['Made on (creator system)', 'Unix (2 entries)'],
      ['Compression', 'deflated (2 entries)'],
      [
        'Entry times in the ZIP',
        '08 Jun 2023, 09:00 to 08 Jun 2023, 09:01, local time of the machine that made the ZIP (no zone recorded)',
      ],
    ]);
    expect(bullets).toEqual([
      expect.stringMatching(/^Nothing in the ZIP's structure departs from WhatsApp's own export/),
      expect.stringMatching(/^No message was found written by someone after/),
    ]);
  });

  it('flags a ZIP compressed in macOS Finder: __MACOSX/, a folder, an extra file and desktop files', () => {
    const { bullets } = section({
      chatFile: 'Chat/_chat.txt',
      attachedPaths: new Set(['Chat/IMG-20230607-WA0003.jpg']),
      filesNamedByNoMessage: 3,
      zipEntries: [
        folder('Chat/', 0),
        file('Chat/_chat.txt', 1),
        file('Chat/IMG-20230607-WA0003.jpg', 2),
        file('Chat/notes.txt', 3),
        file('Chat/.DS_Store', 4),
        folder('__MACOSX/', 5),
        file('__MACOSX/Chat/._notes.txt', 6),
      ],
    });
    expect(bullets).toEqual([
      'The upload contains a __MACOSX/ folder (2 entries), which macOS adds when a user compresses files in Finder: this ZIP was probably made by a person, not by WhatsApp.',
      'The upload contains files that desktop systems create, not WhatsApp: Chat/.DS_Store (macOS Finder).',
      "The upload has folders (Chat/): WhatsApp's own export puts every file at the top level of the ZIP, so these files were probably put into a ZIP by a person or another program.",
      "3 files of the upload are named by no message: Chat/notes.txt, Chat/.DS_Store and __MACOSX/Chat/._notes.txt. WhatsApp's own export holds the chat text and the files its messages attach, so these files may have been added to the ZIP after the export, or belong to messages the export left out.",
      expect.stringMatching(/^No message was found/),
    ]);
  });

  it('flags entries of different creator systems, and a chat text dated before its last message', () => {
    const { bullets } = section({
      zipEntries: [
        file('_chat.txt', 0, { modified: '2023-06-01T10:00:00' }),
        file('IMG-20230607-WA0003.jpg', 1),
        file('IMG-20230607-WA0004.jpg', 2, { creatorSystem: 0 }),
      ],
      attachedPaths: new Set(['IMG-20230607-WA0003.jpg', 'IMG-20230607-WA0004.jpg']),
    });
    expect(bullets).toEqual([
      'The entries declare different creator systems: 2 entries Unix, the others IMG-20230607-WA0004.jpg (MS-DOS/FAT). A ZIP program declares one system for every entry it writes, so some entries were probably written by another program, as when files are added to an existing ZIP.',
      expect.stringMatching(
        /^The chat text's entry is dated 01 Jun 2023, 10:00 in the ZIP, 6 days before the chat's last message \(07 Jun 2023, 15:16\)\./,
      ),
      expect.stringMatching(/^No message was found/),
    ]);
  });

  it('says when the upload was stored before its entry details were recorded', () => {
    const { rows, bullets } = section({
      zipEntries: [
        { path: '_chat.txt', kind: 'file', sizeBytes: 5, zip: null },
        { path: 'IMG-20230607-WA0003.jpg', kind: 'file', sizeBytes: 5, zip: null },
      ],
    });
    expect(rows).toEqual([
      ['ZIP entries', '2 entries (2 files, 0 folders), each listed with its details in manifest.json'],
      ['Entry details', 'not recorded (the upload was stored before ChatExhibit recorded them)'],
    ]);
    expect(bullets![0]).toMatch(/^Nothing in the ZIP's structure departs/);
  });

  it('names message numbers, lists 10 and counts the rest in the same sentence', () => {
    const { bullets } = section({
      anomalies: {
        wroteAfterLeaving: Array.from({ length: 13 }, (_, i) => ({
          index: 20 + i,
          sender: 'Ann Lee',
          leftAt: 19,
        })),
        mediaDateMismatches: [
          {
            index: 7,
            name: 'IMG-20220607-WA0003.jpg',
            nameDate: '2022-06-07',
            messageDate: '2023-06-07',
            days: 365,
          },
        ],
        duplicates: [40, 41],
        skippedTimes: [],
        laterAfterClocksWentBack: [],
      },
    });
    expect(bullets!.slice(1)).toEqual([
      `Messages written by someone after a system event says they left or were removed, with no later event adding them back: ${Array.from(
        { length: 10 },
        (_, i) => `message 00${20 + i} by Ann Lee (after message 0019)`,
      ).join(
        ', ',
      )} and 3 more such messages. The export shows only the membership changes the exporting phone recorded; check these against the phone.`,
      "Media files whose name carries a date more than 2 days from their message's date: message 0007 (IMG-20220607-WA0003.jpg: named 2022-06-07, message dated 2023-06-07, 365 days apart). WhatsApp puts a date in these names, normally the day of the message; a file named otherwise may have come from elsewhere or been renamed.",
      'Messages identical to the message before them (same time, sender and text): message 0040 and message 0041. Someone may have sent the same text twice within the time shown, or the line may be repeated in the chat text; compare with the phone.',
    ]);
  });
});
