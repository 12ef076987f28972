import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildDeclaration } from '@chatexhibit/pdf/domain/evidence/declaration';
import { buildManifest } from '@chatexhibit/pdf/domain/evidence/manifest';
import { originalEntryDates } from '@chatexhibit/pdf/domain/evidence/zip-entry-table';
import { buildReadme } from '@chatexhibit/pdf/domain/evidence/readme';
import type { EvidenceFile } from '@chatexhibit/pdf/domain/evidence/types';
import { writeEvidenceZip } from '@chatexhibit/pdf/domain/evidence/write-evidence-zip';
import {
  type EvidenceFixture,
  FolderSource,
  GENERATED_AT,
  sha256,
  writeEvidenceFixture,
  TRANSCRIPT_PAGES,
} from './support/evidence-fixture';

const MB = 1024 * 1024;
const LARGE_BYTES = 64 * MB;

/** Hashes and counts what is written, keeping nothing. */
class HashingSink extends Writable {
  readonly hash = createHash('sha256');
  size = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    // Yield to the event loop now and then, as a disk or network would.
    if (this.size % (4 * MB) < chunk.length) setImmediate(callback);
    else callback();
  }
}

describe('writeEvidenceZip with a large evidence file', () => {
  let root: string;
  let fixture: EvidenceFixture;
  let large: EvidenceFile;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-evidence-large-'));
    fixture = await writeEvidenceFixture(root);
    // 64 MB of incompressible bytes, written 1 MB at a time.
    const key = 'exports/large/entries/VID-20230607-WA0099.mp4';
    const file = path.join(fixture.storage, key);
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, 'w');
    const hash = createHash('sha256');
    const md5 = createHash('md5');
    const sha1 = createHash('sha1');
    try {
      let block = createHash('sha512').update('seed').digest();
      for (let written = 0; written < LARGE_BYTES; written += MB) {
        const chunk = Buffer.alloc(MB);
        for (let offset = 0; offset < MB; offset += block.length) {
          block = createHash('sha512').update(block).digest();
          block.copy(chunk, offset);
        }
        hash.update(chunk);
        md5.update(chunk);
        sha1.update(chunk);
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    large = {
      path: 'original/VID-20230607-WA0099.mp4',
      role: 'original-media',
      sizeBytes: LARGE_BYTES,
      sha256: hash.digest('hex'),
      md5: md5.digest('hex'),
      sha1: sha1.digest('hex'),
      sourcePath: 'VID-20230607-WA0099.mp4',
      derivedFrom: null,
      mediaType: 'video/mp4',
      key,
    };
  }, 120_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('streams it through without holding it in memory', async () => {
    const files = [...fixture.files, large];
    const manifest = buildManifest(fixture.evidenceFacts, files);
    const input = {
      files,
      documents: fixture.documents,
      manifest,
      declaration: buildDeclaration(fixture.evidenceFacts, files, {
        manifest: sha256(manifest),
        transcript: sha256('t'),
        filingTranscript: sha256('f'),
        processingRecord: sha256('r'),
      }),
      readme: buildReadme(fixture.evidenceFacts, TRANSCRIPT_PAGES),
      generatedAt: GENERATED_AT,
      entryDates: originalEntryDates(fixture.entries),
      source: new FolderSource(fixture.storage),
    };
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const sink = new HashingSink();
    try {
      await writeEvidenceZip(input, sink);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(sink.size).toBeGreaterThan(LARGE_BYTES);
    expect((peak - before) / MB).toBeLessThan(40);
  }, 120_000);
});
