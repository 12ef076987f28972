import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
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
  // While the server answers, the question stays open.
  const close = () => !deletion.isPending && setOpen(false);
  return (
    <>
      <Button variant="ghost" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {TEXTS.button}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={TEXTS.title}
        description={TEXTS.description}
      >
        <Button variant="outline" disabled={deletion.isPending} onClick={close}>
          {TEXTS.cancel}
        </Button>
        <Button
          className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          disabled={deletion.isPending}
          onClick={() => deletion.mutate(exportId)}
        >
          {deletion.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {TEXTS.confirm}
        </Button>
      </AlertDialog>
    </>
  );
}
