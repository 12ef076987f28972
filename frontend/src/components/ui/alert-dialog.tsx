import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/utils';

interface AlertDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The answers (buttons), cancel first. */
  children: ReactNode;
  className?: string;
}

/**
 * A question that must be answered before going on, in shadcn's alert-dialog look, on the
 * browser's own modal `<dialog>`: focus stays inside, the page behind is inert, Escape cancels.
 * Radix's alert dialog injects an inline style sheet to lock scrolling, which the app's
 * Content-Security-Policy (no inline styles) refuses.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: AlertDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the owner decides (it may be busy answering).
        event.preventDefault();
        onOpenChange(false);
      }}
      className={cn(
        'fixed inset-0 m-auto h-fit w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50',
        className,
      )}
    >
      <div className="grid gap-4">
        <div className="grid gap-2 text-left">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
      </div>
    </dialog>
  );
}
