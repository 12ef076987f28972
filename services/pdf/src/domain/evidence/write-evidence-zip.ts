import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import { Sha256Meter } from '@chatexhibit/kit/streams/sha256-meter';
import { sha256Hex } from './manifest';
import { assertNoCollisions, assertSafePath } from './package-paths';
import { formatSha256Sums } from './sha256sums';
import type { EvidenceFile, FileSource, PackageDocument } from './types';

/** An evidence file did not arrive from storage as the manifest says it is. */
export class EvidenceIntegrityError extends Error {
  constructor(
    readonly packagePath: string,
    readonly key: string,
    problem: string,
  ) {
    super(`evidence file ${JSON.stringify(packagePath)} (storage key ${key}): ${problem}`);
    this.name = 'EvidenceIntegrityError';
  }
}

/**
 * Passes a stored evidence file through, failing before its end unless its size, SHA-256 and the
 * MD5 and SHA-1 the manifest lists all match.
 */
class VerifyingStream extends Transform {
  private readonly hash = createHash('sha256');
  private readonly md5 = createHash('md5');
  private readonly sha1 = createHash('sha1');
  private size = 0;

  constructor(private readonly file: EvidenceFile) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.file.sizeBytes) {
      callback(this.problem(`storage returned more than the expected ${this.file.sizeBytes} bytes`));
      return;
    }
    this.hash.update(chunk);
    this.md5.update(chunk);
    this.sha1.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.size !== this.file.sizeBytes) {
      callback(this.problem(`storage returned ${this.size} bytes, expected ${this.file.sizeBytes}`));
      return;
    }
    const actual = this.hash.digest('hex');
    if (actual !== this.file.sha256) {
      callback(this.problem(`SHA-256 of the stored bytes is ${actual}, expected ${this.file.sha256}`));
      return;
    }
    const md5 = this.md5.digest('hex');
    const sha1 = this.sha1.digest('hex');
    if (md5 !== this.file.md5 || sha1 !== this.file.sha1) {
      callback(this.problem(`MD5/SHA-1 of the stored bytes differ from the manifest's (${md5}, ${sha1})`));
      return;
    }
    callback();
  }

  private problem(text: string): EvidenceIntegrityError {
    return new EvidenceIntegrityError(this.file.path, this.file.key, text);
  }
}

/** Texts are deflated; media, PDFs, archives and unknown media are stored as they are. */
const isText = (file: EvidenceFile): boolean =>
  file.role === 'chat-text' ||
  (file.mediaType !== null && file.mediaType.startsWith('text/')) ||
  (file.mediaType === null && file.role === 'original-other');

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

/**
 * Streams the whole package into `out`, in a fixed order: README.txt, manifest.json,
 * declaration-template.txt, its Word copy and the notices, the documents (as given), the evidence files (as given), then
 * SHA256SUMS, computed from the hashes of everything before it. Each evidence file is hashed as it
 * streams from `source` and checked against its size and SHA-256: a mismatch rejects with an
 * EvidenceIntegrityError naming the file, since storage must never silently corrupt evidence.
 * Every entry has mode 0644 and is dated `generatedAt`, except the evidence files `entryDates`
 * dates (the originals keep their upload entry's time), so the same inputs give the same bytes.
 * Media and PDFs are stored, texts deflated. Entries are appended one at a time, so one file is
 * open at once and none is held in memory. Resolves when `out` has finished; on any error the
 * archive and `out` are destroyed (as stream.pipeline does) and the promise rejects.
 */
export async function writeEvidenceZip(
  input: {
    files: readonly EvidenceFile[];
    /** transcript.pdf, transcript-filing.pdf */
    documents: readonly PackageDocument[];
    manifest: Buffer;
    declaration: Buffer;
    /** Documents made in memory, after the declaration: its Word copy and the notices. */
    legalDocuments?: readonly { path: string; bytes: Buffer }[];
    readme: Buffer;
    generatedAt: Date;
    /** Package path → the date its entry carries instead of generatedAt. */
    entryDates: ReadonlyMap<string, Date>;
    source: FileSource;
  },
  out: Writable,
): Promise<void> {
  const { files, documents, generatedAt, entryDates, source } = input;
  if (Number.isNaN(generatedAt.getTime())) throw new Error('generatedAt is not a valid date');
  for (const [path, date] of entryDates) {
    if (Number.isNaN(date.getTime()))
      throw new Error(`the date of ${JSON.stringify(path)} is not a valid date`);
  }
  const texts = [
    { path: PACKAGE_PATHS.readme, bytes: input.readme },
    { path: PACKAGE_PATHS.manifest, bytes: input.manifest },
    { path: PACKAGE_PATHS.declaration, bytes: input.declaration },
    ...(input.legalDocuments ?? []),
  ];
  const paths = [
    ...texts.map((text) => text.path),
    ...documents.map((document) => document.path),
    ...files.map((file) => file.path),
    PACKAGE_PATHS.checksums,
  ];
  paths.forEach(assertSafePath);
  assertNoCollisions(paths);

  const archive = archiver('zip', { zlib: { level: 9 } });
  let failure: Error | undefined;
  let rejectFailed: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => undefined);
  const fail = (error: unknown): void => {
    if (failure) return;
    failure = asError(error);
    rejectFailed(failure);
  };
  archive.on('error', fail);
  archive.on('warning', fail);
  const done = pipeline(archive, out);
  done.catch(fail);

  /** Streams being read, destroyed if the package fails. */
  const open = new Set<Readable>();
  const append = async (
    body: Readable | Buffer,
    name: string,
    store: boolean,
    date: Date = generatedAt,
  ): Promise<void> => {
    const entered = new Promise<void>((resolve) => {
      const onEntry = (data: archiver.EntryData): void => {
        if (data.name !== name) return;
        archive.off('entry', onEntry);
        resolve();
      };
      archive.on('entry', onEntry);
    });
    archive.append(body, { name, date, mode: 0o644, store });
    await Promise.race([entered, failed]);
  };
  /** Pipes `from` into `through`, so that an error of either fails the package as `wrap` says. */
  const connect = (from: Readable, through: Transform, wrap: (error: Error) => Error): void => {
    open.add(from).add(through);
    from.on('error', (error) => through.destroy(error));
    through.on('error', (error) => {
      from.destroy();
      fail(wrap(error));
    });
    through.once('end', () => {
      open.delete(from);
      open.delete(through);
    });
    from.pipe(through);
  };

  const sums: { path: string; sha256: string }[] = [];
  try {
    for (const text of texts) {
      await append(text.bytes, text.path, false);
      sums.push({ path: text.path, sha256: sha256Hex(text.bytes) });
    }
    for (const document of documents) {
      const meter = new Sha256Meter();
      connect(
        createReadStream(document.file),
        meter,
        (error) =>
          new Error(`cannot pack ${document.path} from ${document.file}: ${error.message}`, { cause: error }),
      );
      await append(meter, document.path, document.deflate !== true);
      sums.push({ path: document.path, sha256: meter.sha256 });
    }
    for (const file of files) {
      let stored: Readable;
      try {
        stored = await source.open(file.key);
      } catch (error) {
        throw new EvidenceIntegrityError(file.path, file.key, `cannot be opened: ${asError(error).message}`);
      }
      const verifier = new VerifyingStream(file);
      connect(stored, verifier, (error) =>
        error instanceof EvidenceIntegrityError
          ? error
          : new EvidenceIntegrityError(file.path, file.key, `cannot be read: ${error.message}`),
      );
      await append(verifier, file.path, !isText(file), entryDates.get(file.path));
      sums.push({ path: file.path, sha256: file.sha256 });
    }
    await append(formatSha256Sums(sums), PACKAGE_PATHS.checksums, false);
    archive.finalize().catch(fail);
    await Promise.race([done, failed]);
  } catch (error) {
    fail(error);
    for (const stream of open) stream.destroy();
    archive.destroy(failure);
    await done.catch(() => undefined);
    throw failure;
  }
}
