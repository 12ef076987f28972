import { PAYMENT_POLLING, RETENTION_DAYS } from '@chatexhibit/proto/constants';
import type { ChatData } from '@chatexhibit/proto/chat';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../hooks/use-toast';
import { chatDataQueryOptions } from '../api/chat-data';
import { getPaymentStatus } from '../api/payment-status';
import { useRepairPayment } from '../api/repair-payment';
import { forgetCheckout, paymentNeedOfStartedCheckout, startedCheckout } from '../checkout-storage';
import { CONVERTER_TEXTS } from '../converter-texts';
import { expiryIn, updateRememberedExport } from '../export-memory';
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

/** Whether the page is reached back from checkout or resumes one (its own flow restores the export). */
export const arrivesFromCheckout = (searchParams: URLSearchParams): boolean =>
  arrivalOf(searchParams) !== null;

/** Why a poll did not deliver, for the message after the last attempt (SPEC §8). */
type Miss = 'paid-without-pdf' | 'unexpected' | 'error';
const MISS_MESSAGE: Record<Miss, string> = {
  'paid-without-pdf': CONVERTER_TEXTS.paidNoPdf,
  unexpected: CONVERTER_TEXTS.unconfirmed,
  error: CONVERTER_TEXTS.pollingError,
};

/** A paid bundle's export with its PDF link and its chat data: what the page shows as ready. */
interface PaidExport {
  bundleId: string;
  chatExportId: string;
  pdfUrl: string;
  chatData: ChatData;
}

/**
 * One poll, numbered from 1 (SPEC §4 Polling): the paid export, or why not yet. A failed request
 * is a miss like the others, so the query itself never fails and its data counts the attempts.
 */
type Poll = { attempt: number } & ({ paid: PaidExport } | { miss: Miss });

/** Whether another poll follows `poll` (before the first, the first does). */
const pollsOn = (poll: Poll | undefined): boolean =>
  !poll || ('miss' in poll && poll.attempt < PAYMENT_POLLING.maxAttempts);

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

  /** A paid bundle's export: its chat data is loaded before it counts as delivered. */
  const paidExport = useCallback(
    async (paidBundleId: string, chatExportId: string, pdfUrl: string): Promise<PaidExport> => ({
      bundleId: paidBundleId,
      chatExportId,
      pdfUrl,
      chatData: await queryClient.fetchQuery(chatDataQueryOptions(chatExportId)),
    }),
    [queryClient],
  );

  /**
   * The export is ready. It is remembered with where its links were mailed, so a reload brings
   * the result and that note back.
   */
  const deliver = useCallback(
    ({ bundleId: paidBundleId, chatExportId, pdfUrl, chatData }: PaidExport) => {
      const emailedTo = buyerEmail;
      // Files are kept 90 days after purchase, as long as the buyer's links, signed moments ago, hold.
      const expiresAt = expiryIn(RETENTION_DAYS);
      const receipt = emailedTo ? { emailedTo, linksValidUntil: expiresAt } : undefined;
      updateRememberedExport(
        chatExportId,
        { bundleId: paidBundleId, expiresAt, ...receipt },
        {
          fileName: chatData.originalFilename,
          fileSize: null,
          expiresAt,
        },
      );
      onReady({ exportId: chatExportId, pdfUrl, chatData, ...(receipt && { receipt }) });
      forgetCheckout();
      toast(CONVERTER_TEXTS.downloadReady);
    },
    [onReady, buyerEmail],
  );

  // The first poll waits its delay (3 s) after arrival; each later one waits its own after the
  // previous answer, through `refetchInterval`.
  const [firstPollDue, setFirstPollDue] = useState(false);
  useEffect(() => {
    if (bundleId === null) return;
    const timer = setTimeout(() => setFirstPollDue(true), PAYMENT_POLLING.delaysMs[0]);
    return () => clearTimeout(timer);
  }, [bundleId]);

  const pollKey = ['payment-polling', bundleId];
  const { data: poll } = useQuery({
    queryKey: pollKey,
    queryFn: async (): Promise<Poll> => {
      const attempt = (queryClient.getQueryData<Poll>(pollKey)?.attempt ?? 0) + 1;
      try {
        const status = await getPaymentStatus(bundleId!);
        if (!status.isPaid || !status.pdfUrl || !status.chatExportId)
          return { attempt, miss: status.isPaid ? 'paid-without-pdf' : 'unexpected' };
        return { attempt, paid: await paidExport(bundleId!, status.chatExportId, status.pdfUrl) };
      } catch {
        return { attempt, miss: 'error' };
      }
    },
    enabled: bundleId !== null && firstPollDue,
    refetchInterval: ({ state: { data } }) =>
      data && pollsOn(data) ? PAYMENT_POLLING.delaysMs[data.attempt]! : false,
    // SPEC's five attempts do not wait for the tab to have the focus.
    refetchIntervalInBackground: true,
    // A later visit polls anew.
    gcTime: 0,
  });

  const paid = poll && 'paid' in poll ? poll.paid : null;
  const delivered = useRef<PaidExport | null>(null);
  useEffect(() => {
    if (!paid || delivered.current === paid) return;
    delivered.current = paid;
    deliver(paid);
  }, [paid, deliver]);

  const polling = bundleId !== null && pollsOn(poll);
  const exhausted = poll && 'miss' in poll && poll.attempt >= PAYMENT_POLLING.maxAttempts ? poll.miss : null;

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
  }, [arrival, navigate, onCancelled]);

  // What the last repair came to: undefined before one answered, null once it delivered.
  const [repairProblem, setRepairProblem] = useState<string | null>();
  const repair = useRepairPayment({
    onSuccess: async (result) => {
      if (!result.success || !result.pdfUrl || !result.chatExportId) {
        setRepairProblem(CONVERTER_TEXTS.repairUnsuccessful);
        return;
      }
      try {
        deliver(await paidExport(bundleId!, result.chatExportId, result.pdfUrl));
        setRepairProblem(null);
      } catch {
        setRepairProblem(CONVERTER_TEXTS.repairFailed);
      }
    },
    onError: () => setRepairProblem(CONVERTER_TEXTS.repairFailed),
  });
  const problem = repairProblem !== undefined ? repairProblem : exhausted && MISS_MESSAGE[exhausted];

  return {
    /** Whether the page was reached from checkout (or resumes one): the converter is what matters then. */
    fromCheckout: arrival !== null,
    /** The attempt being prepared, while polling. */
    attempt: polling ? (poll?.attempt ?? 0) + 1 : null,
    /** The SPEC §8 message after polling or a repair did not deliver. */
    problem,
    /** Repair is offered once polling is exhausted. */
    canRepair: problem !== null && bundleId !== null,
    repairing: repair.isPending,
    repair: () => bundleId && repair.mutate(bundleId),
  };
}
