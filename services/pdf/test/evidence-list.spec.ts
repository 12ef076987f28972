import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { listEvidenceFiles } from '@chatexhibit/pdf/domain/evidence/list-evidence-files';
import { detectMediaType } from '@chatexhibit/pdf/domain/evidence/media-type';
import { safeUploadName } from '@chatexhibit/pdf/domain/evidence/package-paths';
import type { FileSource } from '@chatexhibit/pdf/domain/evidence/types';
import {
  CHAT_FILE,
  ENTRY_CONTENTS,
  type EvidenceFixture,
  MP3,
  sha256,
  writeEvidenceFixture,
} from './support/evidence-fixture';

describe('listEvidenceFiles', () => {
  let root: string;
  let fixture: EvidenceFixture;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-evidence-list-'));
    fixture = await writeEvidenceFixture(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const list = (overrides: Partial<Parameters<typeof listEvidenceFiles>[0]> = {}) =>
    listEvidenceFiles({
      facts: fixture.facts,
      uploadKey: fixture.uploadKey,
      chatFile: CHAT_FILE,
      entries: fixture.entries,
      derivedAudio: fixture.derivedAudio,
      source: fixture.source,
      ...overrides,
    });

  it('lists the upload, the chat text, the other entries by path, then the MP3 copies', async () => {
    const files = await list();
    expect(files.map((file) => [file.path, file.role, file.mediaType])).toEqual([
      ['original/upload/WhatsApp Chat with Zoë Müller.zip', 'original-upload', 'application/zip'],
      [`original/${CHAT_FILE}`, 'chat-text', 'text/plain'],
      ['original/Contact Bob.vcf', 'original-other', null],
      ['original/Fotó 1.jpg', 'original-media', 'image/jpeg'],
      ['original/IMG-20230607-WA0001.jpg', 'original-media', 'image/jpeg'],
      ['original/PTT-20230607-WA0014.opus', 'original-media', 'audio/ogg'],
      ['original/media/empty file.txt', 'original-other', null],
      ['original/media/nested/VID-20230607-WA0004.mp4', 'original-media', 'video/mp4'],
      ['derived/audio/PTT-20230607-WA0014.opus.mp3', 'derived-audio', 'audio/mpeg'],
    ]);
    const upload = files[0];
    expect(upload).toMatchObject({
      key: fixture.uploadKey,
      sha256: fixture.facts.fileHash,
      sizeBytes: fixture.upload.length,
      sourcePath: null,
      derivedFrom: null,
    });
    const photo = files.find((file) => file.sourcePath === 'Fotó 1.jpg')!;
    expect(photo).toMatchObject({
      sha256: sha256(ENTRY_CONTENTS['Fotó 1.jpg']),
      sizeBytes: ENTRY_CONTENTS['Fotó 1.jpg'].length,
      derivedFrom: null,
      key: fixture.entries.find((entry) => entry.path === 'Fotó 1.jpg')!.key,
    });
    expect(files.at(-1)).toMatchObject({
      sourcePath: 'PTT-20230607-WA0014.opus',
      derivedFrom: 'original/PTT-20230607-WA0014.opus',
      durationSeconds: 4.2,
      sha256: sha256(MP3),
      sizeBytes: MP3.length,
    });
  });

  it('detects types from content, not from names', async () => {
    const source: FileSource = {
      open: async (key) =>
        key.endsWith('IMG-20230607-WA0001.jpg')
          ? Readable.from([Buffer.from('%PDF-1.4 renamed')])
          : fixture.source.open(key),
    };
    const files = await list({ source });
    expect(files.find((file) => file.sourcePath === 'IMG-20230607-WA0001.jpg')!.mediaType).toBe(
      'application/pdf',
    );
  });

  it('keeps a media file with unrecognised bytes as media, its type unknown', async () => {
    const source: FileSource = {
      open: async (key) =>
        key.endsWith('PTT-20230607-WA0014.opus')
          ? Readable.from([Buffer.from('garbled')])
          : fixture.source.open(key),
    };
    const files = await list({ source });
    expect(files.find((file) => file.path === 'original/PTT-20230607-WA0014.opus')).toMatchObject({
      role: 'original-media',
      mediaType: null,
    });
  });

  it('counts macOS metadata as other files, even when its name or bytes look like media', async () => {
    const keyOf = (entryPath: string) => fixture.entries.find((e) => e.path === entryPath)!.key;
    const macos = [
      {
        ...fixture.entries[0],
        path: '__MACOSX/._PTT-20230607-WA0014.opus',
        key: keyOf('PTT-20230607-WA0014.opus'),
      },
      { ...fixture.entries[0], path: '._IMG-20230607-WA0001.jpg', key: keyOf('IMG-20230607-WA0001.jpg') },
    ];
    const files = await list({ entries: [...fixture.entries, ...macos] });
    expect(
      files.filter((file) => macos.some((e) => e.path === file.sourcePath)).map((f) => [f.path, f.role]),
    ).toEqual([
      ['original/._IMG-20230607-WA0001.jpg', 'original-other'],
      ['original/__MACOSX/._PTT-20230607-WA0014.opus', 'original-other'],
    ]);
  });

  it('names the file it cannot read', async () => {
    const source: FileSource = {
      open: async (key) => {
        if (key.endsWith('Fotó 1.jpg')) throw new Error('no such object');
        return fixture.source.open(key);
      },
    };
    await expect(list({ source })).rejects.toThrow('original/Fotó 1.jpg');
  });

  it('refuses a chat file that is not an entry, and derived audio of no entry', async () => {
    await expect(list({ chatFile: 'missing.txt' })).rejects.toThrow('missing.txt');
    await expect(
      list({ derivedAudio: [{ ...fixture.derivedAudio[0], sourcePath: 'PTT-nowhere.opus' }] }),
    ).rejects.toThrow('PTT-nowhere.opus');
  });

  it.each([
    '../evil.jpg',
    'a/../../evil.jpg',
    '/etc/passwd',
    'a\\b.jpg',
    'a//b.jpg',
    'a/./b.jpg',
    'C:evil.jpg',
    'x\ny.jpg',
  ])('refuses the entry path %j', async (bad) => {
    const entries = [...fixture.entries, { ...fixture.entries[1], path: bad }];
    await expect(list({ entries })).rejects.toThrow('unsafe path');
  });

  it('refuses an entry that would land on the upload, also in another case', async () => {
    const entries = [
      ...fixture.entries,
      { ...fixture.entries[1], path: 'Upload/WHATSAPP CHAT WITH ZOË MÜLLER.ZIP' },
    ];
    await expect(list({ entries })).rejects.toThrow('collides');
  });

  it('keeps an odd upload name inside original/upload/', async () => {
    const files = await list({ facts: { ...fixture.facts, originalFilename: '../..\\evil\u0000.zip' } });
    expect(files[0].path).toBe('original/upload/.._.._evil_.zip');
  });
});

describe('safeUploadName', () => {
  it.each([
    ['WhatsApp Chat with Zoë.zip', 'WhatsApp Chat with Zoë.zip'],
    ['a/b\\c.zip', 'a_b_c.zip'],
    ['..', 'upload.zip'],
    ['C:chat.zip', '_C:chat.zip'],
    [`${'é'.repeat(200)}.zip`, `${'é'.repeat(125)}.zip`],
  ])('%j → %j', (name, expected) => {
    expect(safeUploadName(name)).toBe(expected);
  });
});

describe('detectMediaType', () => {
  const bytes = (...parts: (string | number[])[]): Uint8Array =>
    Buffer.concat(
      parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    );

  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    ['WebP', bytes('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['MP3 with ID3', bytes('ID3\x03\0\0\0\0\0\0'), 'audio/mpeg'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A \0\0\0\0'), 'audio/mp4'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom\0\0\0\0'), 'video/mp4'],
    ['Ogg Opus', bytes('OggS\0\x02', Array(20).fill(0), [1, 19], 'OpusHead'), 'audio/ogg'],
    ['Ogg, not Opus', bytes('OggS\0\x02', Array(20).fill(0), [1, 19], 'SomethingElse'), 'application/ogg'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['ZIP', bytes('PK\x03\x04'), 'application/zip'],
    ['a text starting with "["', bytes('[07/06/2023, 15:14:02] Zoë: hi'), null],
    ['a text starting with "{"', bytes('{ not json'), null],
    ['a text starting with "G"', bytes('Good morning'), null],
    ['a vCard', bytes('BEGIN:VCARD\n'), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_name, head, expected) => {
    expect(detectMediaType(head)).toBe(expected);
  });
});
