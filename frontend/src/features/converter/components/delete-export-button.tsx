import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { useDeleteExport } from '../api/delete-export';
import { CONVERTER_TEXTS } from '../converter-texts';

const TEXTS = CONVERTER_TEXTS.deleteExport;

/**
 * 'Delete this export' beside a result's downloads: a confirmation that says what goes, then
 * the export is deleted on the server, a toast says so and `onDeleted` clears the result.
 */
export function DeleteExportButton({ exportId, onDeleted }: { exportId: string; onDeleted(): void }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteExport({
    onSuccess: () => {
      setOpen(false);
      toast({ title: TEXTS.deleted.title, description: TEXTS.deleted.description });
      onDeleted();
    },
    onError: () => toast({ ...TEXTS.failed, variant: 'destructive' }),
  });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deletion.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" className="text-destructive">
          <Trash2 aria-hidden="true" />
          {TEXTS.button}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXTS.title}</AlertDialogTitle>
          <AlertDialogDescription>{TEXTS.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletion.isPending}>{TEXTS.cancel}</AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={deletion.isPending}
            onClick={() => deletion.mutate(exportId)}
          >
            {deletion.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {TEXTS.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
