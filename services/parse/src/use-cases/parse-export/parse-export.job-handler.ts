import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PARSE_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { ParseExportUseCase } from './parse-export.use-case';

/** Takes parse-step work items off the queue. */
@Injectable()
export class ParseExportJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly eraser: ExportEraser,
    private readonly parseExport: ParseExportUseCase,
  ) {}

  onModuleInit(): void {
    consumePipelineStep(this.workQueue, this.progress, this.eraser, PARSE_JOB, 'parse', async (job) => {
      await this.parseExport.execute(job);
    });
  }
}
