import type { z } from 'zod';
import type { JobContract } from '@chatexhibit/proto/contract';
import { PROCESS_ENDED_MESSAGE } from '@chatexhibit/proto/progress';
import { type ProcessingStepKey, stepIndex } from '@chatexhibit/proto/steps';
import type { ConsumerOptions, JobHandler, WorkQueue } from '../bus/work-queue';
import type { ErasedExports } from '../retention/export-expiry';
import type { ProgressChannel } from './progress-channel';

type ExportJob = JobContract<z.ZodType<{ exportId: string }>>;

/** What a person sees when a step failed for a reason of ours rather than of their file. */
export const INTERNAL_FAILURE_MESSAGE =
  'Something went wrong on our side while processing this export. Please upload it again; if it keeps failing, contact support.';

/**
 * Consumes one pipeline step. When the queue gives the step up for good (a PermanentJobError,
 * whose message is for the uploader; its process ended twice while running it; its deliveries
 * used up, also by workers that hung), the export's progress ends with an error event, so the
 * browser hears of it instead of waiting forever; the item is dead-lettered as usual. The step's
 * own `discard` runs first, so that what the uploader then reads is already true (ingest deletes
 * the upload). A step of an export deleted (by its uploader,
 * or expired) stops before it starts, and one that was running when it was deleted has what it
 * wrote deleted after it (see `ExportEraser`), so no step brings a deleted export back.
 */
export function consumePipelineStep<C extends ExportJob>(
  workQueue: WorkQueue,
  progress: ProgressChannel,
  eraser: ErasedExports,
  contract: C,
  step: ProcessingStepKey,
  handler: JobHandler<C>,
  {
    discard,
    ...options
  }: Partial<Omit<ConsumerOptions, 'onGiveUp'>> & {
    /** What the step does with an export it gave up on, before the uploader is told. */
    discard?: (exportId: string) => Promise<void>;
  } = {},
): void {
  const unlessErased: JobHandler<C> = async (job, context) => {
    if (await eraser.undoIfErased(job.exportId)) return;
    await handler(job, context);
    await eraser.undoIfErased(job.exportId);
  };
  workQueue.consume(contract, unlessErased, {
    ...options,
    onGiveUp: async ({ payload, reason, refused, refusalReason, poisoned }) => {
      const exportId = (payload as { exportId?: unknown } | null)?.exportId;
      if (typeof exportId !== 'string') return;
      try {
        await discard?.(exportId);
      } finally {
        await progress.publish(exportId, {
          step: stepIndex(step),
          progress: 100,
          error: refused ? reason : poisoned ? PROCESS_ENDED_MESSAGE : INTERNAL_FAILURE_MESSAGE,
          ...(refusalReason && { errorReason: refusalReason }),
        });
      }
    },
  });
}
