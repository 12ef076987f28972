import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { type ProcessingStepKey, stepIndex } from '@chatexhibit/proto/steps';
import type { ConsumerOptions, JobHandler, WorkQueue } from '../bus/work-queue';
import type { ProgressChannel } from './progress-channel';

type ExportJob = JobContract<z.ZodType<{ exportId: string }>>;

/** What a person sees when a step failed for a reason of ours rather than of their file. */
export const INTERNAL_FAILURE_MESSAGE =
  'Something went wrong on our side while processing this export. Please upload it again; if it keeps failing, contact support.';

/**
 * Consumes one pipeline step. When the queue gives the step up for good (a PermanentJobError,
 * whose message is for the uploader; its deliveries used up, also by workers that died), the
 * export's progress ends with an error event, so the browser hears of it instead of waiting
 * forever; the item is dead-lettered as usual.
 */
export function consumePipelineStep<C extends ExportJob>(
  workQueue: WorkQueue,
  progress: ProgressChannel,
  contract: C,
  step: ProcessingStepKey,
  handler: JobHandler<C>,
  options: Partial<ConsumerOptions> = {},
): void {
  workQueue.consume(contract, handler, {
    ...options,
    onGiveUp: async ({ payload, reason, refused }) => {
      const exportId = (payload as { exportId?: unknown } | null)?.exportId;
      if (typeof exportId !== 'string') return;
      await progress.publish(exportId, {
        step: stepIndex(step),
        progress: 100,
        error: refused ? reason : INTERNAL_FAILURE_MESSAGE,
      });
    },
  });
}
