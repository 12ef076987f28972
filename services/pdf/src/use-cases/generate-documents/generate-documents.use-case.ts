import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { stepIndex, stepProgress } from '@chatexhibit/proto/steps';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { CHAT_DATA_REQUEST, PAYMENT_DECISION_JOB, PDF_JOB } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { type JobPayload, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { runOnce } from '@chatexhibit/kit/database/inbox';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { DocumentRepository } from '../../documents/document.repository';
import { type TranscriptLine, writeStandInTranscript } from '../../domain/stand-in-transcript';

/** Messages per chat-data request: one page stays well inside one NATS message (1 MB by default). */
const PAGE_SIZE = 1000;

/**
 * Step 3: the transcript PDF of the export, written page by page from the parse service's
 * chat data, stored, recorded, and handed on to the free-tier decision.
 */
@Injectable()
export class GenerateDocumentsUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly dataSource: DataSource,
    private readonly documents: DocumentRepository,
    private readonly requestBus: RequestBus,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof PDF_JOB>): Promise<void> {
    const { exportId, facts } = job;
    const keys = exportKeys(exportId);
    await this.progress.publish(exportId, {
      step: stepIndex('generate-pdf'),
      progress: stepProgress('generate-pdf'),
    });

    const first = await this.requestBus.request(CHAT_DATA_REQUEST, {
      chatExportId: exportId,
      page: { offset: 0, limit: PAGE_SIZE },
    });
    const total = first.totalMessages;
    const pages = async function* (this: GenerateDocumentsUseCase): AsyncIterable<TranscriptLine[]> {
      let page = first;
      for (let offset = 0; ;) {
        yield page.messages;
        offset += page.messages.length;
        if (page.messages.length === 0 || offset >= total) return;
        await this.progress.publish(exportId, {
          step: stepIndex('generate-pdf'),
          progress: stepProgress('generate-pdf', offset / total),
        });
        page = await this.requestBus.request(CHAT_DATA_REQUEST, {
          chatExportId: exportId,
          page: { offset, limit: PAGE_SIZE },
        });
      }
    };

    const workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-pdf-'));
    try {
      const pdfPath = path.join(workDir, 'transcript.pdf');
      await writeStandInTranscript(
        {
          originalFilename: facts.originalFilename,
          fileHash: facts.fileHash,
          participants: first.participants,
          timeZone: facts.timeZone,
        },
        pages.call(this),
        createWriteStream(pdfPath),
      );
      const { size } = await stat(pdfPath);
      await this.storage.putFile(keys.transcript, pdfPath, { contentType: 'application/pdf' });
      await runOnce(this.dataSource, `${exportId}:pdf`, (manager) =>
        this.documents.insert(manager, {
          exportId,
          kind: 'transcript',
          storageKey: keys.transcript,
          sizeBytes: String(size),
        }),
      );
      this.logger.info({ exportId, messages: total, bytes: size }, 'transcript written');
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    await this.workQueue.enqueue(PAYMENT_DECISION_JOB, {
      exportId,
      facts,
      messageCount: job.messageCount,
      mediaSizeBytes: job.mediaSizeBytes,
    });
  }
}
