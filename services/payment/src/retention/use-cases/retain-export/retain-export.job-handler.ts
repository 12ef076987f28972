import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RETAIN_EXPORT_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { RetainExportUseCase } from './retain-export.use-case';

/** Takes received uploads' retention off the queue. */
@Injectable()
export class RetainExportJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly retainExport: RetainExportUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(RETAIN_EXPORT_JOB, (job) => this.retainExport.execute(job));
  }
}
