import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface AlertDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The answers (buttons), cancel first. */
  children: ReactNode;
  className?: string;
}

/** A question that must be answered before going on, in shadcn's alert-dialog look (see Dialog). */
export function AlertDialog({ children, ...props }: AlertDialogProps) {
  return (
    <Dialog role="alertdialog" {...props}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
    </Dialog>
  );
}
