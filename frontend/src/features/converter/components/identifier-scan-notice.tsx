import { type IdentifierScan, identifierScanStatements } from '@chatexhibit/proto/identifier-scan';
import { SearchCheck, TriangleAlert } from 'lucide-react';

/**
 * Beside a processed export's result: what the scan for Rule 5.2(a) identifiers found in its
 * transcript, in the words README.txt and the declaration use, so the uploader learns it before
 * filing anything; when it found nothing, what it looked for and what it does not look for.
 */
export function IdentifierScanNotice({ scan }: { scan: IdentifierScan }) {
  const found = scan.found.length > 0;
  const Icon = found ? TriangleAlert : SearchCheck;
  return (
    <div
      role="note"
      data-testid="identifier-scan"
      className={
        found
          ? 'flex items-start gap-2 rounded-lg border border-destructive/60 bg-destructive/5 p-4 text-sm'
          : 'flex items-start gap-2 rounded-lg border border-border bg-muted p-4 text-sm text-muted-foreground'
      }
    >
      <Icon
        className={found ? 'mt-0.5 size-4 shrink-0 text-destructive' : 'mt-0.5 size-4 shrink-0'}
        aria-hidden="true"
      />
      <div className="grid min-w-0 gap-2 break-words">
        {identifierScanStatements(scan).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
    </div>
  );
}
