import { Loader2, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CONVERTER_TEXTS } from '../converter-texts';
import { ErrorNotice } from './error-notice';

interface DownloadStatusProps {
  attempt: number | null;
  problem: string | null;
  canRepair: boolean;
  repairing: boolean;
  onRepair(): void;
}

/** SPEC §4 Polling: 'Preparing your download... (Attempt N)', the SPEC §8 notice, 'Retry Repair'. */
export function DownloadStatus({ attempt, problem, canRepair, repairing, onRepair }: DownloadStatusProps) {
  return (
    <>
      {attempt !== null && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-border bg-muted p-4 text-sm"
        >
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
          {CONVERTER_TEXTS.preparing(attempt)}
        </p>
      )}
      {problem !== null && <ErrorNotice message={problem} />}
      {canRepair && (
        <Button variant="outline" onClick={onRepair} disabled={repairing}>
          {repairing ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw aria-hidden="true" />
          )}
          {CONVERTER_TEXTS.retryRepair}
        </Button>
      )}
    </>
  );
}
