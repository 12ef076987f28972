import { AlertCircle } from 'lucide-react';

/**
 * The converter's error notice: why processing stopped, in the server's sentence, and what the
 * page is doing about it (`note`) when it is doing something.
 */
export function ErrorNotice({ message, note = null }: { message: string; note?: string | null }) {
  return (
    <div className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <div role="alert" className="flex gap-2 text-destructive">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{message}</p>
      </div>
      {note !== null && (
        <p role="status" className="pl-6 text-muted-foreground" data-testid="reconnecting">
          {note}
        </p>
      )}
    </div>
  );
}
