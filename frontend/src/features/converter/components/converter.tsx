import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { arrivesFromCheckout, useDownloadPolling } from '../hooks/use-download-polling';
import { useProcessing } from '../hooks/use-processing';
import { DownloadStatus } from './download-status';
import { EMAIL_LINKS_FIELD_ID, EmailLinksCard } from './email-links-card';
import { DocumentsReadyPanel } from './documents-ready-panel';
import { ErrorNotice } from './error-notice';
import { PaymentCard } from './payment-card';
import { processingRefusal, type RefusedFile, refuseFile } from '../refused-file';
import { PreviewPanel } from './preview-panel';
import { ProcessingStatusCard } from './processing-status-card';
import { RefusedFileGuidance } from './refused-file-guidance';
import { UploadCard } from './upload-card';
import { CONVERTER_TEXTS } from '../converter-texts';

/** When the area has its two columns (Tailwind's lg, as the section's lg:grid-cols-2 below). */
const TWO_COLUMNS = '(min-width: 64rem)';

/**
 * SPEC §2's two-column area of /: the upload card and, below it as they apply, the payment card,
 * the processing status, the polling notice, the error notice and 'Retry Repair'; the preview
 * panel on the right, with the Exhibit mode the page composes in once an export is processed.
 */
export function Converter({ exhibitMode }: { exhibitMode?: (exportId: string) => ReactNode }) {
  const { search } = useLocation();
  // Back from checkout the checkout's own flow restores the export; otherwise the one remembered.
  const [fromCheckout] = useState(() => arrivesFromCheckout(new URLSearchParams(search)));
  const { state, choose, remove, process, markProcessed, restorePayment, linksMailed, dismissError } =
    useProcessing({ resume: !fromCheckout });
  const download = useDownloadPolling(markProcessed, restorePayment);
  const showStatus = state.step !== null;
  // What stays on the page after the refusal's toast is gone; a file that is accepted clears it.
  const [refused, setRefused] = useState<RefusedFile | null>(null);
  // A ZIP that processing found holds no chat gets the same kind of guidance, in place of the
  // error notice, so its sentence is not shown twice (SPEC's toast has it).
  const { errorReason, shownFile } = state;
  const refusedInProcessing = useMemo(
    () => processingRefusal(errorReason, shownFile),
    [errorReason, shownFile],
  );
  const guidance = refused ?? refusedInProcessing;
  const section = useRef<HTMLElement>(null);
  // Back from checkout the page opens at the hero; the polling notice and the result are below it.
  useEffect(() => {
    if (download.fromCheckout) section.current?.scrollIntoView({ block: 'start' });
  }, [download.fromCheckout]);
  // An export that needs payment (also back from a cancelled checkout): its card is what comes
  // next, and on a phone it is below the form.
  const paymentCard = useRef<HTMLDivElement>(null);
  const awaitingPayment = state.payment !== null && state.processed === null ? state.payment.bundleId : null;
  useEffect(() => {
    if (awaitingPayment !== null) paymentCard.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [awaitingPayment]);
  // Once the links were mailed, on one column (a phone) the "Your documents are ready" panel, which
  // says where and what to do next, comes to the top, below the sticky header, above the result's
  // buttons; otherwise the preview brings its buttons into view. One of the two only: a smooth
  // scroll under way keeps going to its own end whatever scroll is asked for after it.
  const readyPanel = useRef<HTMLDivElement>(null);
  const emailedTo = state.processed ? state.receipt?.emailedTo : undefined;
  const noticeLeads = emailedTo !== undefined && !window.matchMedia(TWO_COLUMNS).matches;
  useEffect(() => {
    if (noticeLeads) readyPanel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [noticeLeads, emailedTo]);
  return (
    <TooltipProvider>
      <section
        ref={section}
        id="convert"
        aria-label="Converter"
        className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2"
      >
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {guidance && (
            <RefusedFileGuidance
              refused={guidance}
              onClose={() => (guidance === refused ? setRefused(null) : dismissError())}
            />
          )}
          <UploadCard
            file={state.shownFile}
            canProcess={state.file !== null}
            uploadPercent={state.uploadPercent}
            processing={state.processing}
            exportMade={state.processed !== null || state.payment !== null}
            chooseAgain={state.chooseAgain}
            resultKeptUntil={state.processed?.filesKeptUntil ?? state.receipt?.linksValidUntil ?? null}
            onEmailLinksFirst={
              state.processed && !state.receipt && state.paymentSkipped
                ? () => {
                    const field = document.getElementById(EMAIL_LINKS_FIELD_ID);
                    field?.scrollIntoView({ block: 'center' });
                    field?.focus({ preventScroll: true });
                  }
                : null
            }
            onChoose={(file) => {
              setRefused(refuseFile(file));
              choose(file);
            }}
            onRemove={remove}
            onProcess={process}
          />
          {state.payment && !state.processed && (
            <div ref={paymentCard}>
              <PaymentCard payment={state.payment} />
            </div>
          )}
          {showStatus && (
            <ProcessingStatusCard
              step={state.step ?? 0}
              progress={state.progress}
              processing={state.processing}
              finished={state.processed !== null}
              upload={state.upload}
              uploaded={state.clientId !== null}
              uploadError={state.uploadFailed ? state.error : null}
              paymentSkipped={state.paymentSkipped}
            />
          )}
          {state.processed && (
            <div ref={readyPanel}>
              <DocumentsReadyPanel
                purchase={state.processed.purchase ?? null}
                mailed={state.receipt}
                takeFocus={download.fromCheckout}
              />
            </div>
          )}
          {state.processed && !state.receipt && state.paymentSkipped && (
            <EmailLinksCard
              exportId={state.processed.exportId}
              filesKeptUntil={state.processed.filesKeptUntil}
              onMailed={(receipt) => state.processed && linksMailed(state.processed.exportId, receipt)}
            />
          )}
          <DownloadStatus {...download} onRepair={download.repair} />
          {/* A failed upload is shown by its card, where it was shown going. */}
          {state.error && !refusedInProcessing && !state.uploadFailed && (
            <ErrorNotice
              message={state.error}
              note={state.reconnecting ? CONVERTER_TEXTS.reconnecting : null}
            />
          )}
        </div>
        <PreviewPanel
          processed={state.processed}
          awaitingPayment={state.payment?.exportId ?? null}
          timeZone={state.timeZone}
          resultsIntoView={!noticeLeads}
          onDeleted={remove}
          exhibitMode={exhibitMode}
        />
      </section>
    </TooltipProvider>
  );
}
