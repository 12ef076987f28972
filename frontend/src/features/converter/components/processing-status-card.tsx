import { formatInteger } from '@chatexhibit/proto/count-words';
import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import { PROCESSING_STEPS } from '@chatexhibit/proto/steps';
import { CheckCircle2, Circle, CircleMinus, CloudUpload, Loader2, XCircle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { formatSize } from '../../../lib/format-size';
import { CONVERTER_TEXTS } from '../converter-texts';
import type { UploadState } from '../hooks/use-processing';

interface ProcessingStatusCardProps {
  /** The latest step of the progress stream. */
  step: number;
  progress: number;
  /** Still working: the latest step is in progress rather than done. */
  processing: boolean;
  /** Processed: every step is done. */
  finished: boolean;
  /** The file's bytes on their way, while the upload runs (then the server's steps follow). */
  upload: UploadState | null;
  /** The server has the file: its steps are what happens now. */
  uploaded: boolean;
  /** Why the upload failed (the server's sentence, or SPEC's 'Error processing file'), when it did. */
  uploadError?: string | null;
  /** A free export: the payment step was not needed. */
  paymentSkipped: boolean;
}

/** "about 2 min 10 s left", from the pace so far; nothing until a second of it is known. */
function timeLeft({ sentBytes, totalBytes, startedAt, updatedAt }: UploadState): string | null {
  const elapsedMs = updatedAt - startedAt;
  if (sentBytes <= 0 || elapsedMs < 1000 || sentBytes >= totalBytes) return null;
  const seconds = Math.ceil(((totalBytes - sentBytes) * elapsedMs) / sentBytes / 1000);
  const minutes = Math.floor(seconds / 60);
  return `about ${minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`} left`;
}

/** Why the upload failed, where it was shown going: the server's sentence, when it gave one. */
function UploadFailedLine({ error }: { error: string }) {
  const { title, retry } = CONVERTER_TEXTS.uploadFailed;
  return (
    <div role="alert" data-testid="upload-progress" className="flex gap-2 text-sm text-destructive">
      <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {title} {error !== CONVERTER_TEXTS.startFailed && <>{error} </>}
        {retry}
      </p>
    </div>
  );
}

/** The real upload: bytes sent of the total and the time left, then that the server has it. */
function UploadLine({ upload, uploaded }: { upload: UploadState | null; uploaded: boolean }) {
  const sent = upload?.sentBytes ?? 0;
  const total = upload?.totalBytes ?? 0;
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  const left = upload ? timeLeft(upload) : null;
  const text = uploaded
    ? `Uploaded ${formatSize(total)}`
    : upload === null
      ? 'Uploading your file...'
      : sent >= total
        ? `Uploaded ${formatSize(total)}; the server is receiving it...`
        : `Uploading: ${formatSize(sent)} of ${formatSize(total)} sent${left ? `, ${left}` : ''}`;
  return (
    <div className="grid gap-1.5" data-testid="upload-progress">
      <p role="status" className="flex items-center gap-2 text-sm">
        {uploaded ? (
          <CheckCircle2 className="size-4 text-accent" aria-hidden="true" />
        ) : (
          <CloudUpload className="size-4 text-primary" aria-hidden="true" />
        )}
        {text}
      </p>
      {!uploaded && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-border"
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

const PAYMENT_STEP = PROCESSING_STEPS.length - 1;

/** Beside SPEC's 'Payment required...' until the outcome is known: most exports never reach it. */
export const PAYMENT_STEP_PENDING_NOTE = `Only for exports over the free tier (${formatInteger(FREE_TIER_LIMITS.maxMessages)} messages, ${FREE_TIER_LIMITS.maxMediaBytes / (1024 * 1024)} MB of media).`;

/**
 * SPEC §4 processing steps: an event marks every earlier step done; on step 4 (payment required)
 * that step is done too; once processed, all are, but a free export's payment step, which was
 * not needed and says so. While the file uploads, its bytes come first and no step has begun.
 */
export function ProcessingStatusCard({
  step,
  progress,
  processing,
  finished,
  upload,
  uploaded,
  uploadError = null,
  paymentSkipped,
}: ProcessingStatusCardProps) {
  // A finished export was uploaded, also when this page did not see it go (back from checkout).
  const received = uploaded || finished;
  const stateOf = (index: number): 'done' | 'active' | 'waiting' | 'skipped' => {
    if (!received) return 'waiting';
    if (index === PAYMENT_STEP && paymentSkipped) return 'skipped';
    if (finished || index < step || (index === step && index === PAYMENT_STEP)) return 'done';
    if (index === step && processing) return 'active';
    return 'waiting';
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Processing Status</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {uploadError !== null ? (
          <UploadFailedLine error={uploadError} />
        ) : (
          (upload !== null || !received) && <UploadLine upload={upload} uploaded={received} />
        )}
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
                  'flex flex-wrap items-center gap-x-2 text-sm',
                  (state === 'waiting' || state === 'skipped') && 'text-muted-foreground',
                )}
              >
                {state === 'skipped' ? (
                  <CircleMinus className="size-4" aria-hidden="true" />
                ) : state === 'done' ? (
                  <CheckCircle2 className="size-4 text-accent" aria-hidden="true" />
                ) : state === 'active' ? (
                  <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
                ) : (
                  <Circle className="size-4" aria-hidden="true" />
                )}
                <span>{text}</span>
                {index === PAYMENT_STEP && state === 'waiting' && !finished && (
                  <span className="text-xs" data-testid="payment-step-note">
                    {PAYMENT_STEP_PENDING_NOTE}
                  </span>
                )}
                {state === 'skipped' && (
                  <span className="text-foreground" data-testid="payment-not-needed">
                    Not needed: this export is within the free tier.
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
