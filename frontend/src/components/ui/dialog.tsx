import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/utils';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** `alertdialog` for a question that must be answered before going on. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  className?: string;
}

/**
 * A modal in shadcn's dialog look, on the browser's own modal `<dialog>`: focus stays inside, the
 * page behind is inert, Escape closes (the owner decides: it may be busy), and the focus returns
 * to the control that opened it. Radix's dialog injects
 * an inline style sheet to lock scrolling, which the app's Content-Security-Policy (no inline
 * styles) refuses.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  role = 'dialog',
  children,
  className,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The control that had the focus as the dialog opened, read as it opens, before a field inside
  // takes the focus.
  const [opened, setOpened] = useState<{ open: boolean; opener: Element | null }>({
    open: false,
    opener: null,
  });
  if (opened.open !== open) setOpened({ open, opener: open ? document.activeElement : null });
  const { opener } = opened;
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // Closed or removed (an owner unmounts it when done), the focus it held goes back to the
      // control that opened it, as Radix's dialog does; unless the owner moved it on already.
      const document = element.ownerDocument;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (
        (lost || element.contains(document.activeElement)) &&
        opener instanceof HTMLElement &&
        opener.isConnected
      )
        opener.focus();
    };
  }, [open, opener]);
  return (
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      className={cn(
        'fixed inset-0 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50',
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
        {children}
      </div>
    </dialog>
  );
}
