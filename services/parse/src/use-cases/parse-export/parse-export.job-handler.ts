import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PARSE_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { ParseExportUseCase } from './parse-export.use-case';

/** Takes parse-step work items off the queue. */
@Injectable()
export class ParseExportJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly parseExport: ParseExportUseCase,
  ) {}

  onModuleInit(): void {
    this.workQueue.consume(PARSE_JOB, async (job) => {
      await this.parseExport.execute(job);
    });
  }
}
