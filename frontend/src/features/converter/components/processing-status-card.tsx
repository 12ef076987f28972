import { PROCESSING_STEPS } from '@chatexhibit/proto/steps';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

interface ProcessingStatusCardProps {
  /** The latest step of the progress stream. */
  step: number;
  progress: number;
  /** Still working: the latest step is in progress rather than done. */
  processing: boolean;
  /** Processed: every step is done. */
  finished: boolean;
}

/**
 * SPEC §4 processing steps: an event marks every earlier step done; on step 4 (payment required)
 * that step is done too; once processed, all are.
 */
export function ProcessingStatusCard({ step, progress, processing, finished }: ProcessingStatusCardProps) {
  const stateOf = (index: number): 'done' | 'active' | 'waiting' => {
    if (finished || index < step || (index === step && index === PROCESSING_STEPS.length - 1)) return 'done';
    if (index === step && processing) return 'active';
    return 'waiting';
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Processing Status</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          className="h-2 overflow-hidden rounded-full bg-border"
          role="progressbar"
          aria-label="Processing progress"
          aria-valuenow={finished ? 100 : progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${finished ? 100 : progress}%` }}
          />
        </div>
        <ol className="grid gap-2" aria-label="Processing steps">
          {PROCESSING_STEPS.map(({ index, text }) => {
            const state = stateOf(index);
            return (
              <li
                key={index}
                data-state={state}
                className={cn(
                  'flex items-center gap-2 text-sm',
                  state === 'waiting' && 'text-muted-foreground',
                )}
              >
                {state === 'done' ? (
                  <CheckCircle2 className="size-4 text-accent" aria-hidden="true" />
                ) : state === 'active' ? (
                  <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
                ) : (
                  <Circle className="size-4" aria-hidden="true" />
                )}
                {text}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
