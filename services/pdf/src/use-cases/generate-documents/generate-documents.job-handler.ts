import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PDF_JOB, PDF_LARGE_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { GenerateDocumentsUseCase } from './generate-documents.use-case';

/**
 * Takes generate-PDF work items off the queue: small and large exports each from their own lane,
 * one at a time each, so a small export's documents never wait behind a large one's (security
 * finding H2, fairness).
 */
@Injectable()
export class GenerateDocumentsJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly eraser: ExportEraser,
    private readonly generateDocuments: GenerateDocumentsUseCase,
  ) {}

  onModuleInit(): void {
    for (const lane of [PDF_JOB, PDF_LARGE_JOB])
      consumePipelineStep(
        this.workQueue,
        this.progress,
        this.eraser,
        lane,
        'generate-pdf',
        async (job, { signal }) => {
          await this.generateDocuments.execute(job, signal);
        },
        { concurrency: 1 },
      );
  }
}
