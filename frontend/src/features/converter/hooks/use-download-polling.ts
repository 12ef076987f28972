import { PAYMENT_POLLING } from '@chatexhibit/proto/constants';
import type { PaymentStatusResponse } from '@chatexhibit/proto/payment';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../hooks/use-toast';
import { chatDataQueryOptions } from '../api/chat-data';
import { paymentStatusQueryOptions } from '../api/payment-status';
import { useRepairPayment } from '../api/repair-payment';
import { forgetCheckout, paymentNeedOfStartedCheckout, startedCheckout } from '../checkout-storage';
import { CONVERTER_TEXTS } from '../converter-texts';
import { updateRememberedExport } from '../export-memory';
import type { PaymentNeed, ProcessedExport } from './use-processing';

/** How the page was reached, as far as checkout is concerned (SPEC §4 Return from checkout). */
type Arrival =
  | { kind: 'success'; bundleId: string }
  | { kind: 'cancelled'; bundleId?: undefined; payment: PaymentNeed | null }
  | { kind: 'resume'; bundleId: string };

function arrivalOf(searchParams: URLSearchParams): Arrival | null {
  const returned = searchParams.get('bundleId');
  if (searchParams.get('success') === 'true' && returned) return { kind: 'success', bundleId: returned };
  if (searchParams.get('cancelled') === 'true')
    return { kind: 'cancelled', payment: paymentNeedOfStartedCheckout() };
  const resumed = startedCheckout();
  return resumed ? { kind: 'resume', bundleId: resumed.bundleId } : null;
}

/**
 * Until when a signed link holds (ISO), from its `expires` (unix seconds); the buyer's mailed
 * links were signed moments before, for the same 90 days.
 */
function linkExpiry(signedUrl: string): string | null {
  const expires = Number(new URL(signedUrl, window.location.origin).searchParams.get('expires'));
  return Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000).toISOString() : null;
}

/** Whether the page is reached back from checkout or resumes one (its own flow restores the export). */
export const arrivesFromCheckout = (searchParams: URLSearchParams): boolean =>
  arrivalOf(searchParams) !== null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why the last poll did not deliver, for the message after the last attempt (SPEC §8). */
type Miss = 'paid-without-pdf' | 'unexpected' | 'error';
const MISS_MESSAGE: Record<Miss, string> = {
  'paid-without-pdf': CONVERTER_TEXTS.paidNoPdf,
  unexpected: CONVERTER_TEXTS.unconfirmed,
  error: CONVERTER_TEXTS.pollingError,
};

/**
 * After checkout (SPEC §4 Return from checkout, Polling): reads the return parameters (or a
 * checkout left in local storage), polls the payment status up to 5 times at 3, 5, 10, 15 and
 * 20 s, and on a paid bundle with its PDF loads the chat data and hands the export to
 * `onReady`; after the last attempt it offers repair. Back from a cancelled checkout, it hands
 * the payment need this tab kept to `onCancelled`, so the buyer can pay without a new upload.
 */
export function useDownloadPolling(
  onReady: (processed: ProcessedExport) => void,
  onCancelled: (payment: PaymentNeed) => void,
) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Read once, on arrival: back from checkout, or a checkout left unfinished in local storage.
  const [arrival] = useState(() => arrivalOf(searchParams));
  const [bundleId] = useState(arrival?.bundleId ?? null);
  // Where the buyer's mail goes, read before the checkout's keys are cleared on arrival.
  const [buyerEmail] = useState(() =>
    bundleId && startedCheckout()?.bundleId === bundleId ? startedCheckout()?.email || undefined : undefined,
  );
  const [attempt, setAttempt] = useState<number | null>(bundleId ? 1 : null);
  const [problem, setProblem] = useState<string | null>(null);
  const unmounted = useRef(false);
  useEffect(
    () => () => {
      unmounted.current = true;
    },
    [],
  );

  /**
   * A paid bundle with its PDF: its chat data, then the export is ready. It is remembered with
   * where its links were mailed, so a reload brings the result and that note back.
   */
  const deliver = useCallback(
    async (paidBundleId: string, status: PaymentStatusResponse) => {
      const chatExportId = status.chatExportId!;
      const chatData = await queryClient.fetchQuery(chatDataQueryOptions(chatExportId));
      const emailedTo = buyerEmail;
      const linksValidUntil = linkExpiry(status.pdfUrl!);
      const receipt = emailedTo ? { emailedTo, linksValidUntil } : undefined;
      updateRememberedExport(
        chatExportId,
        {
          bundleId: paidBundleId,
          ...(receipt && { emailedTo, ...(linksValidUntil && { linksValidUntil }) }),
        },
        { fileName: chatData.originalFilename, fileSize: null },
      );
      onReady({ exportId: chatExportId, pdfUrl: status.pdfUrl!, chatData, ...(receipt && { receipt }) });
      forgetCheckout();
      toast(CONVERTER_TEXTS.downloadReady);
    },
    [queryClient, onReady, buyerEmail],
  );

  /**
   * Polls `polled` from its first attempt, whose delay has passed and which is already shown;
   * each later attempt waits its own delay.
   */
  const poll = useCallback(
    async (polled: string) => {
      let miss: Miss = 'unexpected';
      for (let n = 1; n <= PAYMENT_POLLING.maxAttempts; n++) {
        if (n > 1) {
          setAttempt(n);
          await sleep(PAYMENT_POLLING.delaysMs[n - 1]!);
        }
        if (unmounted.current) return;
        try {
          const status = await queryClient.fetchQuery(paymentStatusQueryOptions(polled, n));
          if (status.isPaid && status.pdfUrl && status.chatExportId) {
            await deliver(polled, status);
            setAttempt(null);
            return;
          }
          miss = status.isPaid ? 'paid-without-pdf' : 'unexpected';
        } catch {
          miss = 'error';
        }
      }
      setAttempt(null);
      setProblem(MISS_MESSAGE[miss]);
    },
    [queryClient, deliver],
  );

  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || arrival === null) return;
    handled.current = true;
    if (arrival.kind === 'success') {
      toast({ title: CONVERTER_TEXTS.paymentSuccessful });
      if (startedCheckout()?.bundleId === arrival.bundleId) forgetCheckout();
    } else if (arrival.kind === 'cancelled') {
      forgetCheckout();
      toast({ title: CONVERTER_TEXTS.paymentCancelled });
      if (arrival.payment) onCancelled(arrival.payment);
    }
    // The return parameters leave the address bar.
    if (arrival.kind !== 'resume') void navigate('/', { replace: true, preventScrollReset: true });
    const polled = arrival.bundleId;
    // The first attempt after its delay (3 s); not cleared on unmount: `unmounted` stops the loop.
    if (polled) setTimeout(() => void poll(polled), PAYMENT_POLLING.delaysMs[0]);
  }, [arrival, navigate, poll, onCancelled]);

  const repair = useRepairPayment({
    onSuccess: async (result) => {
      if (!result.success || !result.pdfUrl || !result.chatExportId) {
        setProblem(CONVERTER_TEXTS.repairUnsuccessful);
        return;
      }
      try {
        await deliver(bundleId!, { isPaid: true, pdfUrl: result.pdfUrl, chatExportId: result.chatExportId });
        setProblem(null);
      } catch {
        setProblem(CONVERTER_TEXTS.repairFailed);
      }
    },
    onError: () => setProblem(CONVERTER_TEXTS.repairFailed),
  });

  return {
    /** Whether the page was reached from checkout (or resumes one): the converter is what matters then. */
    fromCheckout: arrival !== null,
    /** The attempt being prepared, while polling. */
    attempt,
    /** The SPEC §8 message after polling or a repair did not deliver. */
    problem,
    /** Repair is offered once polling is exhausted. */
    canRepair: problem !== null && bundleId !== null,
    repairing: repair.isPending,
    repair: () => bundleId && repair.mutate(bundleId),
  };
}
