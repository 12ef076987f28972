import { Mail, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { utcDay } from '../utc-day';

/** What starting over does to the result on the page, and what stays. */
export function convertAnotherQuestion(keptUntil: string | null, canEmailFirst: boolean): string {
  const kept = keptUntil
    ? `Its files stay on our servers until ${utcDay(keptUntil)}, then they are deleted.`
    : 'Its files stay on our servers until their deletion date.';
  return `This result leaves this page: its View PDF and Download buttons go. ${kept}${
    canEmailFirst ? ' To reach them later, email yourself the links first.' : ''
  } The cover fields you typed stay.`;
}

/**
 * 'Convert another export' once a result is shown: it asks first, as deleting does, since the
 * result leaves the page; a free export's links can be emailed before.
 */
export function ConvertAnotherButton({
  keptUntil,
  onEmailFirst,
  onConfirm,
}: {
  /** When the export's files are deleted (ISO), when this page knows it. */
  keptUntil: string | null;
  /** Brings the form that emails a free export's links, when its links were not emailed yet. */
  onEmailFirst: (() => void) | null;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="lg" variant="outline" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" />
        Convert another export
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title="Convert another export?"
        description={convertAnotherQuestion(keptUntil, onEmailFirst !== null)}
      >
        <Button variant="outline" onClick={() => setOpen(false)}>
          Keep this result
        </Button>
        {onEmailFirst && (
          <Button
            variant="outline"
            onClick={() => {
              setOpen(false);
              // After the dialog has closed and given focus back to its opener.
              requestAnimationFrame(onEmailFirst);
            }}
          >
            <Mail aria-hidden="true" />
            Email the links first
          </Button>
        )}
        <Button
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          Convert another export
        </Button>
      </AlertDialog>
    </>
  );
}
