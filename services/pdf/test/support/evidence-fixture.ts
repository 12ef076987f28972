// A small WhatsApp export on disk for the evidence-package tests: stored entries, the upload (a
// real ZIP of them), an MP3 copy of the voice note, fake PDFs and a FileSource over the folder.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import archiver from 'archiver';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { type ExportEntry, exportKeys } from '@chatexhibit/proto/storage-layout';
import { extractZip } from '@chatexhibit/ingest/domain/extract-zip';
import { listEvidenceFiles } from '@chatexhibit/pdf/domain/evidence/list-evidence-files';
import { zipEntryRows } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';
import { provenanceSection } from '@chatexhibit/pdf/domain/transcript/provenance-findings';
import type {
  DerivedAudio,
  EvidenceFacts,
  EvidenceFile,
  FileSource,
  PackageDocument,
} from '@chatexhibit/pdf/domain/evidence/types';

export const run = promisify(execFile);
export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export const EXPORT_ID = '0b6f7c1e-5d1a-4c39-9a51-3f2f0c7d9e11';
export const EXPORT_REFERENCE = exportReference(EXPORT_ID);
export const GENERATED_AT = new Date('2025-03-04T05:06:07.000Z');
export const CHAT_FILE = 'WhatsApp Chat with Zoë Müller.txt';

/** Reads stored files from a local folder, keys being paths under it. */
export class FolderSource implements FileSource {
  constructor(readonly root: string) {}
  async open(key: string): Promise<Readable> {
    const file = path.join(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`key outside the folder: ${key}`);
    await access(file);
    return createReadStream(file);
  }
}

/** Collects what is written to it. */
export class Collector extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    callback();
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const oggOpus = (): Buffer => {
  // An Ogg page (27-byte header, one segment) whose packet is the Opus identification header.
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'latin1');
  header[5] = 0x02;
  header[26] = 1;
  header[27] = 19;
  return Buffer.concat([header, Buffer.from('OpusHead'), Buffer.alloc(11, 1), Buffer.alloc(3000, 0x5a)]);
};

/** Contents of the upload's entries, by path in the upload. */
export const ENTRY_CONTENTS: Record<string, Buffer> = {
  [CHAT_FILE]: Buffer.from(
    '07/06/2023, 15:14 - Zoë Müller: Hello 👋\n' +
      '07/06/2023, 15:15 - Bob: PTT-20230607-WA0014.opus (file attached)\n' +
      '07/06/2023, 15:16 - Zoë Müller: Fotó 1.jpg (file attached)\n',
  ),
  'PTT-20230607-WA0014.opus': oggOpus(),
  'IMG-20230607-WA0001.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x11)]),
  'Fotó 1.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(700, 0x22)]),
  'media/nested/VID-20230607-WA0004.mp4': Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom'),
    Buffer.alloc(900, 0x33),
  ]),
  'Contact Bob.vcf': Buffer.from('BEGIN:VCARD\nVERSION:3.0\nFN:Bob\nEND:VCARD\n'),
  'media/empty file.txt': Buffer.alloc(0),
};

/**
 * The time the upload's `index`-th entry carries. archiver writes a Date's UTC fields into the
 * DOS fields, so the entry reads back as this wall-clock time: 2023-06-07 15:20:00, 15:21:02, ….
 */
export const entryTime = (index: number): Date => new Date(Date.UTC(2023, 5, 7, 15, 20 + index, index * 2));

export const MP3 = Buffer.concat([
  Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(4000, 0x44),
]);
export const TRANSCRIPT_PDF = Buffer.from('%PDF-1.7\n% fake transcript with embedded voice notes\n%%EOF\n');
export const FILING_PDF = Buffer.from('%PDF-1.7\n% fake PDF/A filing copy\n%%EOF\n');
/** The page count the texts state for the two stand-in transcripts. */
export const TRANSCRIPT_PAGES = 12;

export interface EvidenceFixture {
  storage: string;
  source: FolderSource;
  facts: ExportFacts;
  entries: ExportEntry[];
  derivedAudio: DerivedAudio[];
  uploadKey: string;
  upload: Buffer;
  documents: PackageDocument[];
  evidenceFacts: EvidenceFacts;
  files: EvidenceFile[];
}

async function store(root: string, key: string, data: Buffer): Promise<void> {
  const file = path.join(root, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

/** Writes the fixture under `root` (which the caller removes). */
export async function writeEvidenceFixture(
  root: string,
  originalFilename = 'WhatsApp Chat with Zoë Müller.zip',
): Promise<EvidenceFixture> {
  const storage = path.join(root, 'storage');
  const keys = exportKeys(EXPORT_ID);
  // The upload: a real ZIP of the entries, each with its own time, unpacked by ingest's safe unzip
  // into storage as the pipeline does.
  const uploadFile = path.join(storage, keys.upload);
  await mkdir(path.dirname(uploadFile), { recursive: true });
  const zip = archiver('zip');
  Object.entries(ENTRY_CONTENTS).forEach(([entryPath, data], index) => {
    zip.append(data, { name: entryPath, date: entryTime(index) });
  });
  void zip.finalize();
  await pipeline(zip, createWriteStream(uploadFile));
  const unpacked = await extractZip(uploadFile, async (entryPath, content) => {
    const file = path.join(storage, keys.entry(entryPath));
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(content, createWriteStream(file));
  });
  const entries: ExportEntry[] = unpacked.files.map((entry) => ({ ...entry, key: keys.entry(entry.path) }));
  const upload = await readFile(uploadFile);

  const audioKey = keys.audio('PTT-20230607-WA0014.opus');
  await store(storage, audioKey, MP3);
  const derivedAudio: DerivedAudio[] = [
    {
      sourcePath: 'PTT-20230607-WA0014.opus',
      key: audioKey,
      sizeBytes: MP3.length,
      sha256: sha256(MP3),
      durationSeconds: 4.2,
    },
  ];

  const documentsDir = path.join(root, 'documents');
  await mkdir(documentsDir, { recursive: true });
  await writeFile(path.join(documentsDir, 'transcript.pdf'), TRANSCRIPT_PDF);
  await writeFile(path.join(documentsDir, 'transcript-filing.pdf'), FILING_PDF);
  const documents: PackageDocument[] = [
    { path: 'transcript.pdf', file: path.join(documentsDir, 'transcript.pdf') },
    { path: 'transcript-filing.pdf', file: path.join(documentsDir, 'transcript-filing.pdf') },
  ];

  const facts: ExportFacts = {
    originalFilename,
    fileHash: sha256(upload),
    uploadSizeBytes: upload.length,
    options: {
      includeTimestamps: true,
      highlightSenders: true,
      includeVoiceMessages: true,
      includeImages: false,
      includeAttachments: false,
      utcColumn: false,
    },
    timeZone: 'Europe/Berlin',
    timeZoneSource: 'declared',
    batesPrefix: 'SMITH',
    batesStart: 1,
    examination: {
      caseNumber: '2:25-cv-01234',
      exhibitNumber: null,
      preparedBy: 'J. Doe, paralegal',
      exportingAccount: 'Bob (+1 555 0100)',
    },
    receivedAt: '2025-03-04T05:00:00Z',
    receivedThrough: 'web',
  };
  const source = new FolderSource(storage);
  const files = await listEvidenceFiles({
    facts,
    uploadKey: keys.upload,
    chatFile: CHAT_FILE,
    entries,
    derivedAudio,
    source,
  });
  const zipEntries = zipEntryRows(entries, unpacked.folders);
  const evidenceFacts: EvidenceFacts = {
    exportReference: EXPORT_REFERENCE,
    toolVersion: '1.4.2',
    sourceRevision: { commit: '0123456789abcdef0123456789abcdef01234567', dirty: false },
    components: { node: '22.0.0', tz: '2025a' },
    generatedAt: GENERATED_AT,
    facts,
    chatFile: CHAT_FILE,
    participants: ['Zoë Müller', 'Bob'],
    firstMessageAt: '2023-06-07T15:14:00',
    lastMessageAt: '2023-06-07T15:16:00',
    // An Android export: its headers record no seconds.
    timesHaveSeconds: false,
    counts: {
      entries: 3,
      messagesFromPeople: 3,
      systemEvents: 0,
      deleted: 0,
      edited: 0,
      mediaOmitted: 0,
      attachments: { named: 3, present: 2, missing: 1 },
      attachmentsByKind: {
        voice: { named: 1, present: 1, missing: 0 },
        image: { named: 2, present: 1, missing: 1 },
        video: { named: 0, present: 0, missing: 0 },
        audio: { named: 0, present: 0, missing: 0 },
        sticker: { named: 0, present: 0, missing: 0 },
        document: { named: 0, present: 0, missing: 0 },
      },
      uploadFiles: { total: 6, media: 4, other: 2, namedByNoMessage: 4 },
      mp3Copies: 1,
    },
    warnings: ['The export names 1 attachment the ZIP does not contain.'],
    zipEntries,
    verifyUrl: 'https://chatexhibit.example.com/verify',
    sourceUrl: 'https://code.example.org/chatexhibit',
    provenance: provenanceSection({
      zipEntries,
      chatFile: CHAT_FILE,
      attachedPaths: new Set(['PTT-20230607-WA0014.opus', 'IMG-20230607-WA0001.jpg']),
      anomalies: {
        wroteAfterLeaving: [],
        mediaDateMismatches: [],
        duplicates: [],
        skippedTimes: [],
        laterAfterClocksWentBack: [],
      },
      totalMessages: 3,
      filesNamedByNoMessage: 4,
      lastMessageAt: '2023-06-07T15:16:00',
    }),
    timeNotes: { earlierExplained: null, skipped: null },
    identifierScan: { totalMessages: 3, found: [] },
  };
  return {
    storage,
    source,
    facts,
    entries,
    derivedAudio,
    uploadKey: keys.upload,
    upload,
    documents,
    evidenceFacts,
    files,
  };
}

/** One central-directory record of a ZIP: name, flags, compression method. */
export interface CentralRecord {
  name: string;
  flags: number;
  method: number;
}

/** Reads the central directory of `zip` (no ZIP64: the test archives are small). */
export function centralDirectory(zip: Buffer): CentralRecord[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const records: CentralRecord[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory');
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    records.push({ name, flags, method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return records;
}
