import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PAYMENT_DECISION_JOB } from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { consumePipelineStep } from '@chatexhibit/kit/progress/pipeline-step';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportExpiry } from '../../retention/export-expiry';
import { DecideEntitlementUseCase } from './decide-entitlement.use-case';

/** Takes free-tier decisions off the queue. */
@Injectable()
export class DecideEntitlementJobHandler implements OnModuleInit {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    private readonly exportExpiry: ExportExpiry,
    private readonly decideEntitlement: DecideEntitlementUseCase,
  ) {}

  onModuleInit(): void {
    consumePipelineStep(
      this.workQueue,
      this.progress,
      this.exportExpiry,
      PAYMENT_DECISION_JOB,
      'payment-required',
      async (job) => {
        await this.decideEntitlement.execute(job);
      },
    );
  }
}
