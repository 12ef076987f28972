import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { stepIndex, stepProgress } from '@chatexhibit/proto/steps';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { PAYMENT_DECISION_JOB, PDF_JOB } from '@chatexhibit/proto/subjects';
import { type JobPayload, PermanentJobError, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { DocumentRepository } from '../../documents/document.repository';
import { StoredExportSources } from '../../documents/stored-export-source';
import {
  DocumentsOverLimitError,
  renderExportDocumentsInWorker,
} from '../../domain/document-worker/documents-in-worker';

/**
 * Step 3: the transcript, its court-filing copy and the evidence package of the export, made by
 * the pdf core (in its worker thread, with its own heap limit) from the parse service's pages and
 * the stored files, then stored with what the scan for Rule 5.2(a) identifiers found, recorded (with
 * the facts they were made from, which exhibits are cut with later), and handed on to the free-tier decision (unless a repair asked for them again).
 */
@Injectable()
export class GenerateDocumentsUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: DocumentRepository,
    private readonly sources: StoredExportSources,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `signal` stops the drawing (the job past its deadline, the queue shutting down). */
  async execute(job: JobPayload<typeof PDF_JOB>, signal?: AbortSignal): Promise<void> {
    const { exportId, facts } = job;
    const keys = exportKeys(exportId);
    const report = (fraction: number) =>
      this.progress.publish(exportId, {
        step: stepIndex('generate-pdf'),
        progress: stepProgress('generate-pdf', fraction),
      });
    await report(0);

    const { source, totalMessages } = await this.sources.open(exportId, facts);
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-pdf-'));
    try {
      const written = await renderExportDocumentsInWorker(
        source,
        workDir,
        new Date(),
        report,
        null,
        null,
        signal && { signal },
      ).catch((error: unknown) => {
        // The export's own size: no retry draws it in less memory or time.
        if (error instanceof DocumentsOverLimitError) throw new PermanentJobError(error.message);
        throw error;
      });
      const stored = [
        {
          kind: 'transcript' as const,
          key: keys.transcript,
          doc: written.transcript,
          type: 'application/pdf',
          pageCount: written.pageCount,
        },
        {
          kind: 'filing-transcript' as const,
          key: keys.filingTranscript,
          doc: written.filingTranscript,
          type: 'application/pdf',
          pageCount: written.pageCount,
        },
        {
          kind: 'evidence-zip' as const,
          key: keys.evidenceZip,
          doc: written.evidenceZip,
          type: 'application/zip',
          pageCount: null,
        },
      ];
      for (const { key, doc, type } of stored)
        await this.storage.putFile(key, doc.file, { contentType: type });
      // The web app's result tells the uploader what the scan found before anything is filed.
      await this.storage.putJson(keys.identifierScan, written.identifierScan);
      await this.unitOfWork.once(PDF_JOB.dedupeKey(job), (tx) =>
        this.documents.save(
          tx,
          { exportId, facts },
          stored.map(({ kind, key, doc, pageCount }) => ({
            exportId,
            kind,
            storageKey: key,
            sizeBytes: String(doc.sizeBytes),
            sha256: doc.sha256,
            pageCount,
          })),
        ),
      );
      this.logger.info(
        {
          messages: totalMessages,
          transcriptBytes: written.transcript.sizeBytes,
          evidenceZipBytes: written.evidenceZip.sizeBytes,
        },
        'documents written',
      );
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    // Documents made again for a repair: the export was decided long ago.
    if (job.regeneration) return;
    // The lane is kept with the decision: a repair makes the documents again in the same lane.
    await this.workQueue.enqueue(PAYMENT_DECISION_JOB, {
      exportId,
      facts,
      documentsCostMs: job.documentsCostMs,
    });
  }
}
