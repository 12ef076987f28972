import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { type ProcessingStepKey, stepIndex } from '@chatexhibit/proto/steps';
import {
  type ConsumerOptions,
  DEFAULT_CONSUMER_OPTIONS,
  type JobHandler,
  PermanentJobError,
  WorkQueue,
} from '../bus/work-queue';
import type { ProgressChannel } from './progress-channel';

type ExportJob = JobContract<z.ZodType<{ exportId: string }>>;

/** What a person sees when a step failed for a reason of ours rather than of their file. */
export const INTERNAL_FAILURE_MESSAGE =
  'Something went wrong on our side while processing this export. Please upload it again; if it keeps failing, contact support.';

/**
 * Consumes one pipeline step. When the step fails for good (a PermanentJobError, whose message
 * is for the uploader, or its last delivery), the export's progress ends with an error event,
 * so the browser hears of it instead of waiting forever; the item is dead-lettered as usual.
 */
export function consumePipelineStep<C extends ExportJob>(
  workQueue: WorkQueue,
  progress: ProgressChannel,
  contract: C,
  step: ProcessingStepKey,
  handler: JobHandler<C>,
  options: Partial<ConsumerOptions> = {},
): void {
  const { maxDeliver } = { ...DEFAULT_CONSUMER_OPTIONS, ...options };
  workQueue.consume(
    contract,
    async (job, context) => {
      try {
        await handler(job, context);
      } catch (error) {
        const permanent = error instanceof PermanentJobError;
        if (permanent || context.deliveryCount >= maxDeliver) {
          await progress.publish(job.exportId, {
            step: stepIndex(step),
            progress: 100,
            error: permanent ? error.message : INTERNAL_FAILURE_MESSAGE,
          });
        }
        throw error;
      }
    },
    options,
  );
}
