import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MEDIA_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { ConvertMediaUseCase } from './convert-media.use-case';

/** Takes convert-voice work items off the queue; one export at a time, its files in parallel. */
@Injectable()
export class ConvertMediaJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly eraser: ExportEraser,
    private readonly convertMedia: ConvertMediaUseCase,
  ) {}

  onModuleInit(): void {
    consumePipelineStep(
      this.workQueue,
      this.progress,
      this.eraser,
      MEDIA_JOB,
      'convert-voice',
      async (job, context) => {
        await this.convertMedia.execute(job, context.signal);
      },
    );
  }
}
