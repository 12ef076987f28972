import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { stepIndex, stepProgress } from '@chatexhibit/proto/steps';
import { type EntryManifest, exportKeys, objectsWrittenBy } from '@chatexhibit/proto/storage-layout';
import { ADMIT_UNPACKED_REQUEST, INGEST_JOB, PARSE_JOB } from '@chatexhibit/proto/subjects';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { type JobPayload, PermanentJobError, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import { extractZip } from '../../domain/extract-zip';
import { UnsafeArchiveError } from '../../domain/unsafe-archive-error';
import { ExportRepository } from '../../exports/export.repository';

/** Entries sent to storage at once: S3 round trips overlap, the disk is not thrashed. */
const STORE_CONCURRENCY = 4;

/**
 * Step 0: unpack the stored upload safely, have what it unpacked to admitted within its client's
 * quota, store every entry bit-for-bit with its size and SHA-256, record the export, and hand on
 * to parse. A hostile or broken archive ends the
 * export with the reason in words the uploader understands before any entry is stored, and the
 * upload is deleted at once: nobody can ever get anything out of it, so nothing keeps it.
 */
@Injectable()
export class IngestExportUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly exports: ExportRepository,
    private readonly workQueue: WorkQueue,
    private readonly requestBus: RequestBus,
    private readonly progress: ProgressChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof INGEST_JOB>): Promise<EntryManifest> {
    const { exportId, facts } = job;
    const keys = exportKeys(exportId);
    await this.progress.publish(exportId, { step: stepIndex('extract'), progress: stepProgress('extract') });

    // yauzl reads the central directory at the end first, so the ZIP is read from a local file;
    // the whole archive is unpacked and checked there before anything of it reaches storage.
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-ingest-'));
    let manifest: EntryManifest;
    try {
      const zipPath = path.join(workDir, 'upload.zip');
      await pipeline(await this.storage.get(keys.upload), createWriteStream(zipPath));
      const unpacked = new Map<string, string>();
      let extracted;
      try {
        extracted = await extractZip(zipPath, async (entryPath, content) => {
          // Named by number: an entry's own path never becomes a path on this disk.
          const file = path.join(workDir, `entry-${unpacked.size}`);
          unpacked.set(entryPath, file);
          await pipeline(content, createWriteStream(file));
        });
      } catch (error) {
        if (!(error instanceof UnsafeArchiveError)) throw error;
        this.logger.warn({ reason: error.reason }, 'upload refused');
        throw new PermanentJobError(error.message);
      }
      // What a ZIP unpacks to counts against its client's quota too: 35 KB may unpack to 32 MB.
      const admission = await this.requestBus.request(ADMIT_UNPACKED_REQUEST, {
        exportId,
        unpackedBytes: extracted.files.reduce((sum, entry) => sum + entry.size, 0),
      });
      if (!admission.admitted) {
        this.logger.warn(
          { retryAfterSeconds: admission.retryAfterSeconds },
          'upload over its quota unpacked',
        );
        throw new PermanentJobError(UPLOAD_REFUSALS.unpackedOverQuota(admission.quotaBytes));
      }
      const stored = await runWithConcurrency(extracted.files, STORE_CONCURRENCY, (entry) =>
        this.storage.putFile(keys.entry(entry.path), unpacked.get(entry.path)!),
      );
      const failed = stored.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      manifest = {
        entries: extracted.files.map((e) => ({ ...e, key: keys.entry(e.path) })),
        folders: extracted.folders,
      };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }

    await this.storage.putJson(keys.entryManifest, manifest);
    const entriesSizeBytes = manifest.entries.reduce((sum, e) => sum + e.size, 0);
    await this.unitOfWork.once(`${exportId}:ingest`, (tx) =>
      this.exports.insert(tx, {
        id: exportId,
        originalFilename: facts.originalFilename,
        fileHash: facts.fileHash,
        uploadSizeBytes: String(facts.uploadSizeBytes),
        options: facts.options,
        timeZone: facts.timeZone,
        batesPrefix: facts.batesPrefix,
        entryCount: manifest.entries.length,
        entriesSizeBytes: String(entriesSizeBytes),
        receivedAt: new Date(facts.receivedAt),
      }),
    );
    this.logger.info({ entries: manifest.entries.length, entriesSizeBytes }, 'export unpacked');
    await this.workQueue.enqueue(PARSE_JOB, { exportId, facts, entriesSizeBytes });
    return manifest;
  }

  /**
   * Deletes the upload and whatever of it was stored, once the step has given up on it for good
   * (refused, or failing on every delivery): nobody can ever get anything out of it, so nothing
   * keeps it. The queue calls this before the uploader is told.
   */
  async discard(exportId: string): Promise<void> {
    for (const key of objectsWrittenBy('ingest', exportId)) await this.storage.deleteAll(key);
    this.logger.warn('export given up at ingest; its upload is deleted');
  }
}
