import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { stepIndex, stepProgress } from '@chatexhibit/proto/steps';
import {
  EntryManifestSchema,
  exportKeys,
  type MediaItem,
  type MediaManifest,
} from '@chatexhibit/proto/storage-layout';
import { MEDIA_JOB, pdfJobFor } from '@chatexhibit/proto/subjects';
import { type JobPayload, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { MediaAssetRepository } from '../../assets/media-asset.repository';
import {
  convertMediaFile,
  mediaComponents,
  mediaWorkOf,
  type MediaWork,
} from '../../domain/convert-media-file';
import { MediaConversionError } from '../../domain/media-conversion-error';
import { convertedMediaItem, unconvertedMediaItem } from '../../domain/media-item';
import { runWithConcurrency } from '@chatexhibit/kit/concurrency/run-with-concurrency';
import type { MediaTools } from '../../domain/media-tools';
import { MEDIA_TOOLS } from '../../media.tokens';

/**
 * Step 2: every voice note of the export becomes an MP3 with its duration, and every image a
 * bounded thumbnail when the transcript includes images. Originals are never touched; a file
 * that cannot be converted is recorded with the reason and the export goes on without it.
 */
@Injectable()
export class ConvertMediaUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly assets: MediaAssetRepository,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    @Inject(MEDIA_TOOLS) private readonly tools: MediaTools,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof MEDIA_JOB>, signal?: AbortSignal): Promise<MediaManifest> {
    const { exportId, facts } = job;
    const keys = exportKeys(exportId);
    const report = (fraction: number) =>
      this.progress.publish(exportId, {
        step: stepIndex('convert-voice'),
        progress: stepProgress('convert-voice', fraction),
      });
    await report(0);

    const { entries } = await this.storage.getJson(keys.entryManifest, EntryManifestSchema);
    const work = mediaWorkOf(entries, facts.options);

    const workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-media-'));
    let items: MediaItem[];
    try {
      let finished = 0;
      const settled = await runWithConcurrency(work, os.availableParallelism(), async (item, index) => {
        const converted = await this.convert(item, path.join(workDir, String(index)), keys, signal);
        finished += 1;
        await report(finished / work.length);
        return converted;
      });
      items = settled.map((result) => {
        if (result.status === 'fulfilled') return result.value;
        // Anything but a conversion problem (storage down, aborted) is ours: retry the step.
        throw result.reason;
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }

    const manifest: MediaManifest = { items, components: await mediaComponents(work, this.tools) };
    await this.storage.putJson(keys.mediaManifest, manifest);
    await this.unitOfWork.once(`${exportId}:media`, (tx) => this.assets.insert(tx, exportId, items));
    const problems = items.filter((i) => i.problem !== null).length;
    this.logger.info({ items: items.length, problems }, 'media converted');
    // The documents' lane by their estimated cost: a small export never waits behind a large one.
    await this.workQueue.enqueue(pdfJobFor(job), { exportId, facts, documentsCostMs: job.documentsCostMs });
    return manifest;
  }

  private async convert(
    { entry, kind }: MediaWork,
    workPath: string,
    keys: ReturnType<typeof exportKeys>,
    signal?: AbortSignal,
  ): Promise<MediaItem> {
    await pipeline(await this.storage.get(entry.key), createWriteStream(workPath));
    try {
      const outputPath = `${workPath}.${kind === 'voice' ? 'mp3' : 'jpg'}`;
      const converted = await convertMediaFile({
        kind,
        tools: this.tools,
        inputPath: workPath,
        outputPath,
        signal,
      });
      const derivedKey = kind === 'voice' ? keys.audio(entry.path) : keys.thumbnail(entry.path);
      await this.storage.putFile(derivedKey, outputPath, {
        contentType: kind === 'voice' ? 'audio/mpeg' : 'image/jpeg',
      });
      return convertedMediaItem(entry.path, kind, derivedKey, converted);
    } catch (error) {
      if (!(error instanceof MediaConversionError)) throw error;
      this.logger.warn({ kind, detail: error.detail }, 'media item could not be converted');
      return unconvertedMediaItem(entry.path, kind, error.message);
    }
  }
}
