import { Loader2, MonitorX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { useForgetDevice } from '../api/forget-device';
import { CONVERTER_TEXTS } from '../converter-texts';
import { forgetEverything } from '../export-memory';

const TEXTS = CONVERTER_TEXTS.forgetDevice;

/**
 * 'Forget this device' beside a result's downloads, for a shared computer: the server clears the
 * cookie that binds the export to this browser, the web app its local storage, and `onForgotten`
 * clears the result. The export itself stays (its mailed links keep working).
 */
export function ForgetDeviceButton({ onForgotten }: { onForgotten(): void }) {
  const forgetting = useForgetDevice({
    onSuccess: () => {
      toast({ title: TEXTS.forgotten.title, description: TEXTS.forgotten.description });
      onForgotten();
      // Last: clearing the result writes the (empty) form memory.
      forgetEverything();
    },
    onError: () => toast({ ...TEXTS.failed, variant: 'destructive' }),
  });
  return (
    <Button variant="ghost" disabled={forgetting.isPending} onClick={() => forgetting.mutate()}>
      {forgetting.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <MonitorX aria-hidden="true" />
      )}
      {TEXTS.button}
    </Button>
  );
}
