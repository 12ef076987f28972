import { Injectable, type OnModuleInit } from '@nestjs/common';
import { INGEST_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { IngestExportUseCase } from './ingest-export.use-case';

/** Takes extract-step work items off the queue. */
@Injectable()
export class IngestExportJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly eraser: ExportEraser,
    private readonly ingestExport: IngestExportUseCase,
  ) {}

  onModuleInit(): void {
    consumePipelineStep(
      this.workQueue,
      this.progress,
      this.eraser,
      INGEST_JOB,
      'extract',
      async (job) => {
        await this.ingestExport.execute(job);
      },
      { discard: (exportId) => this.ingestExport.discard(exportId) },
    );
  }
}
