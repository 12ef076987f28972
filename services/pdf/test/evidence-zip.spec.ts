import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import yauzl from 'yauzl';
import { dosDateTime } from '@chatexhibit/ingest/domain/zip-entry-facts';
import { buildDeclaration } from '@chatexhibit/pdf/domain/evidence/declaration';
import { buildManifest } from '@chatexhibit/pdf/domain/evidence/manifest';
import { originalEntryDates } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';
import { buildReadme } from '@chatexhibit/pdf/domain/evidence/readme';
import type { EvidenceFile, FileSource } from '@chatexhibit/pdf/domain/evidence/types';
import {
  EvidenceIntegrityError,
  writeEvidenceZip,
} from '@chatexhibit/pdf/domain/evidence/write-evidence-zip';
import {
  centralDirectory,
  Collector,
  ENTRY_CONTENTS,
  entryTime,
  type EvidenceFixture,
  FILING_PDF,
  GENERATED_AT,
  MP3,
  run,
  sha256,
  TRANSCRIPT_PDF,
  writeEvidenceFixture,
  TRANSCRIPT_PAGES,
} from './support/evidence-fixture';

/** Every file under `dir`, as '/'-separated paths relative to it. */
async function listTree(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) found.push(...(await listTree(path.join(dir, entry.name), `${relative}/`)));
    else found.push(relative);
  }
  return found;
}

function packageInput(fixture: EvidenceFixture, source: FileSource = fixture.source) {
  const manifest = buildManifest(fixture.evidenceFacts, fixture.files);
  return {
    files: fixture.files,
    documents: fixture.documents,
    manifest,
    declaration: buildDeclaration(fixture.evidenceFacts, fixture.files, {
      manifest: sha256(manifest),
      transcript: sha256(TRANSCRIPT_PDF),
      filingTranscript: sha256(FILING_PDF),
      processingRecord: sha256('processing record'),
    }),
    readme: buildReadme(fixture.evidenceFacts, TRANSCRIPT_PAGES),
    generatedAt: GENERATED_AT,
    entryDates: originalEntryDates(fixture.entries),
    source,
  };
}

/** A source that hands out `replacement` instead of the stored bytes of `key`. */
const tamperedSource = (fixture: EvidenceFixture, key: string, replacement: Buffer): FileSource => ({
  open: async (wanted) => (wanted === key ? Readable.from([replacement]) : fixture.source.open(wanted)),
});

describe('writeEvidenceZip', () => {
  let root: string;
  let fixture: EvidenceFixture;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-evidence-zip-'));
    fixture = await writeEvidenceFixture(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes a package that sha256sum verifies, with every original bit for bit', async () => {
    const zipPath = path.join(root, 'evidence.zip');
    const input = packageInput(fixture);
    await writeEvidenceZip(input, createWriteStream(zipPath));

    const unzipped = path.join(root, 'unzipped');
    await mkdir(unzipped);
    await run('unzip', ['-q', zipPath, '-d', unzipped], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });

    const check = await run('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: unzipped });
    const reported = check.stdout.trim().split('\n');
    expect(reported.every((line) => line.endsWith(': OK'))).toBe(true);

    const listed = (await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => line.slice(66));
    const tree = await listTree(unzipped);
    expect([...listed].sort()).toEqual(tree.filter((file) => file !== 'SHA256SUMS').sort());
    expect(reported).toHaveLength(tree.length - 1);

    // Originals and copies are bit-for-bit what was stored.
    for (const [entryPath, data] of Object.entries(ENTRY_CONTENTS)) {
      expect((await readFile(path.join(unzipped, 'original', entryPath))).equals(data)).toBe(true);
    }
    const upload = await readFile(path.join(unzipped, 'original/upload/WhatsApp Chat with Zoë Müller.zip'));
    expect(upload.equals(fixture.upload)).toBe(true);
    expect(
      (await readFile(path.join(unzipped, 'derived/audio/PTT-20230607-WA0014.opus.mp3'))).equals(MP3),
    ).toBe(true);
    expect((await readFile(path.join(unzipped, 'transcript.pdf'))).equals(TRANSCRIPT_PDF)).toBe(true);
    expect((await readFile(path.join(unzipped, 'transcript-filing.pdf'))).equals(FILING_PDF)).toBe(true);
    expect((await readFile(path.join(unzipped, 'manifest.json'))).equals(input.manifest)).toBe(true);
    expect((await readFile(path.join(unzipped, 'declaration-template.txt'))).equals(input.declaration)).toBe(
      true,
    );
    expect((await readFile(path.join(unzipped, 'README.txt'))).equals(input.readme)).toBe(true);

    // Every evidence file of the manifest carries the MD5 and SHA-1 of its packed bytes.
    const manifest = JSON.parse(input.manifest.toString('utf8')) as {
      files: { path: string; sha256: string; md5: string; sha1: string }[];
    };
    expect(manifest.files.length).toBe(fixture.files.length);
    for (const file of manifest.files) {
      const bytes = await readFile(path.join(unzipped, file.path));
      expect(file).toMatchObject({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        md5: createHash('md5').update(bytes).digest('hex'),
        sha1: createHash('sha1').update(bytes).digest('hex'),
      });
    }

    // SHA256SUMS: two spaces, LF, sorted by bytes, no CR.
    const sums = await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8');
    expect(sums).not.toContain('\r');
    expect(sums.endsWith('\n')).toBe(true);
    for (const line of sums.trimEnd().split('\n')) expect(line).toMatch(/^[0-9a-f]{64} {2}\S/);
    expect(listed).toEqual([...listed].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });

  it('lays the entries out in a fixed order, UTF-8 names flagged, media stored and texts deflated', async () => {
    const out = new Collector();
    await writeEvidenceZip(packageInput(fixture), out);
    const records = centralDirectory(out.bytes);
    expect(records.map((record) => record.name)).toEqual([
      'README.txt',
      'manifest.json',
      'declaration-template.txt',
      'transcript.pdf',
      'transcript-filing.pdf',
      ...fixture.files.map((file) => file.path),
      'SHA256SUMS',
    ]);
    const byName = new Map(records.map((record) => [record.name, record]));
    const utf8Flag = 0x0800;
    expect(byName.get('original/Fotó 1.jpg')!.flags & utf8Flag).toBe(utf8Flag);
    expect(byName.get('original/WhatsApp Chat with Zoë Müller.txt')!.flags & utf8Flag).toBe(utf8Flag);
    for (const name of ['original/Fotó 1.jpg', 'original/PTT-20230607-WA0014.opus', 'transcript.pdf']) {
      expect(byName.get(name)!.method).toBe(0);
    }
    for (const name of ['README.txt', 'SHA256SUMS', 'original/WhatsApp Chat with Zoë Müller.txt']) {
      expect(byName.get(name)!.method).toBe(8);
    }
  });

  it("keeps each original's entry time from the upload; the package's own files are dated generatedAt", async () => {
    const zipPath = path.join(root, 'dated.zip');
    await writeEvidenceZip(packageInput(fixture), createWriteStream(zipPath));
    const written = new Map<string, string>();
    const zip = await yauzl.openPromise(zipPath);
    try {
      for await (const entry of zip.eachEntry()) {
        written.set(entry.fileName, dosDateTime(entry.lastModFileDate, entry.lastModFileTime)!);
      }
    } finally {
      zip.close();
    }
    // The upload's entries, read back as ingest reads them (entryTime: 15:20:00, 15:21:02, …).
    const uploadTimes = fixture.entries.map((entry) => [entry.path, entry.zip!.modified]);
    expect(uploadTimes).toEqual(
      Object.keys(ENTRY_CONTENTS).map((entryPath, index) => [
        entryPath,
        entryTime(index).toISOString().slice(0, 19),
      ]),
    );
    for (const [entryPath, modified] of uploadTimes) {
      expect([entryPath, written.get(`original/${entryPath}`)]).toEqual([entryPath, modified]);
    }
    // DOS times step by 2 seconds.
    const generated = new Date(Math.floor(GENERATED_AT.getTime() / 2000) * 2000).toISOString().slice(0, 19);
    for (const own of ['README.txt', 'manifest.json', 'transcript.pdf', 'SHA256SUMS']) {
      expect([own, written.get(own)]).toEqual([own, generated]);
    }
    const upload = fixture.files.find((file) => file.role === 'original-upload')!;
    expect(written.get(upload.path)).toBe(generated);
  });

  it('gives the same bytes for the same inputs', async () => {
    const first = new Collector();
    const second = new Collector();
    await writeEvidenceZip(packageInput(fixture), first);
    await writeEvidenceZip(packageInput(fixture), second);
    expect(first.bytes.length).toBeGreaterThan(0);
    expect(sha256(first.bytes)).toBe(sha256(second.bytes));
    const later = new Collector();
    await writeEvidenceZip(
      { ...packageInput(fixture), generatedAt: new Date('2025-03-05T00:00:00Z') },
      later,
    );
    expect(sha256(later.bytes)).not.toBe(sha256(first.bytes));
  });

  it('rejects, naming the file, when storage returns different bytes of the same size', async () => {
    const photo = fixture.files.find((file) => file.sourcePath === 'Fotó 1.jpg')!;
    const altered = Buffer.from(ENTRY_CONTENTS['Fotó 1.jpg']);
    altered[100] ^= 0xff;
    const out = new Collector();
    const result = writeEvidenceZip(packageInput(fixture, tamperedSource(fixture, photo.key, altered)), out);
    await expect(result).rejects.toThrow(EvidenceIntegrityError);
    await expect(result).rejects.toThrow('original/Fotó 1.jpg');
    await expect(result).rejects.toThrow(`expected ${photo.sha256}`);
    expect(out.destroyed).toBe(true);
  });

  it('rejects when the MD5 or SHA-1 the manifest lists is not that of the stored bytes', async () => {
    for (const field of ['md5', 'sha1'] as const) {
      const files = fixture.files.map((file) =>
        file.sourcePath === 'Fotó 1.jpg'
          ? { ...file, [field]: file[field].replace(/^./, (c) => (c === '0' ? '1' : '0')) }
          : file,
      );
      const out = new Collector();
      const result = writeEvidenceZip({ ...packageInput(fixture), files }, out);
      await expect(result).rejects.toThrow(EvidenceIntegrityError);
      await expect(result).rejects.toThrow('MD5/SHA-1');
      expect(out.destroyed).toBe(true);
    }
  });

  it.each([
    ['shorter', (data: Buffer) => data.subarray(0, data.length - 1), 'bytes, expected'],
    ['longer', (data: Buffer) => Buffer.concat([data, Buffer.from('x')]), 'more than the expected'],
  ])('rejects when storage returns %s bytes', async (_kind, change, message) => {
    const mp3 = fixture.files.find((file) => file.role === 'derived-audio')!;
    const out = new Collector();
    const result = writeEvidenceZip(
      packageInput(fixture, tamperedSource(fixture, mp3.key, change(MP3))),
      out,
    );
    await expect(result).rejects.toThrow('derived/audio/PTT-20230607-WA0014.opus.mp3');
    await expect(result).rejects.toThrow(message);
    expect(out.destroyed).toBe(true);
  });

  it('rejects, naming the file, when a stored file is missing or fails midway', async () => {
    const video = fixture.files.find((file) => file.sourcePath === 'media/nested/VID-20230607-WA0004.mp4')!;
    const missing: EvidenceFile[] = fixture.files.map((file) =>
      file === video ? { ...file, key: 'exports/nowhere/entries/gone.mp4' } : file,
    );
    await expect(
      writeEvidenceZip({ ...packageInput(fixture), files: missing }, new Collector()),
    ).rejects.toThrow('original/media/nested/VID-20230607-WA0004.mp4');

    const failing: FileSource = {
      open: async (key) =>
        key === video.key
          ? Readable.from(
              (async function* () {
                yield Buffer.from('partial');
                throw new Error('connection reset');
              })(),
            )
          : fixture.source.open(key),
    };
    const result = writeEvidenceZip(packageInput(fixture, failing), new Collector());
    await expect(result).rejects.toThrow('original/media/nested/VID-20230607-WA0004.mp4');
    await expect(result).rejects.toThrow('connection reset');
  });

  it('rejects, destroying the sources, when the output fails', async () => {
    const opened: Readable[] = [];
    // The second file sends a byte and then stalls: only the writer destroying it closes it.
    const stalled = (): Readable =>
      Readable.from(
        (async function* () {
          yield Buffer.from('x');
          await new Promise(() => {});
        })(),
      );
    const source: FileSource = {
      open: async (key) => {
        const stream = opened.length === 1 ? stalled() : await fixture.source.open(key);
        opened.push(stream);
        return stream;
      },
    };
    // The disk fills up while the second evidence file is being packed.
    const out = new Writable({
      write(_chunk: Buffer, _encoding, callback) {
        callback(opened.length >= 2 ? new Error('disk full') : null);
      },
    });
    await expect(writeEvidenceZip(packageInput(fixture, source), out)).rejects.toThrow('disk full');
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.length).toBe(2);
    expect(opened[1]!.readableEnded).toBe(false);
    expect(opened.every((stream) => stream.destroyed)).toBe(true);
  });

  it('rejects a missing document', async () => {
    const input = packageInput(fixture);
    const documents = [
      input.documents[0],
      { path: 'transcript-filing.pdf', file: path.join(root, 'absent.pdf') },
    ];
    await expect(writeEvidenceZip({ ...input, documents }, new Collector())).rejects.toThrow(
      'transcript-filing.pdf',
    );
  });

  it.each([
    '../escape.jpg',
    'original/../../etc/passwd',
    '/abs.jpg',
    'original\\win.jpg',
    'original//x',
    'original/./x',
  ])('refuses the package path %j before writing anything', async (bad) => {
    const files = [...fixture.files, { ...fixture.files[2], path: bad }];
    const out = new Collector();
    await expect(writeEvidenceZip({ ...packageInput(fixture), files }, out)).rejects.toThrow('unsafe path');
    expect(out.bytes.length).toBe(0);
  });

  it('refuses two paths that collide on a case-insensitive filesystem', async () => {
    const photo = fixture.files.find((file) => file.sourcePath === 'Fotó 1.jpg')!;
    const files = [...fixture.files, { ...photo, path: 'original/FOTÓ 1.JPG' }];
    await expect(writeEvidenceZip({ ...packageInput(fixture), files }, new Collector())).rejects.toThrow(
      'collides',
    );
  });

  it('lists the package with unzip -Z, names intact', async () => {
    const zipPath = path.join(root, 'listing.zip');
    await writeEvidenceZip(packageInput(fixture), createWriteStream(zipPath));
    expect((await stat(zipPath)).size).toBeGreaterThan(0);
    const { stdout } = await run('unzip', ['-Z1', zipPath], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    expect(stdout.split('\n')).toEqual(expect.arrayContaining(['original/Fotó 1.jpg', 'SHA256SUMS']));
  });
});
