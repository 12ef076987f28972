import type { ChatData } from '@chatexhibit/proto/chat';
import {
  UNFINISHED_EXPORT_RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
  UPLOAD_PROGRESS,
} from '@chatexhibit/proto/constants';
import type { PurchaseReceipt } from '@chatexhibit/proto/payment';
import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import type { ProgressErrorReason, ProgressEvent } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '../../../hooks/use-toast';
import { getChatData } from '../api/chat-data';
import { getPaymentStatus } from '../api/payment-status';
import { followProcessStatus, reconnectDelayMs } from '../api/process-status';
import { type UploadProgress, useStartProcessing } from '../api/start-processing';
import { CONVERTER_TEXTS } from '../converter-texts';
import { REFUSAL_TOASTS, refuseFile } from '../refused-file';
import {
  type ExportMemory,
  expiryIn,
  forgetExport,
  rememberChosenFile,
  rememberedExport,
  rememberedForm,
  rememberExport,
  updateRememberedExport,
} from '../export-memory';

/** What the export asks for when it is over the free tier. */
export interface PaymentNeed {
  /** The export asking, for its preview (absent in a card kept before this was added). */
  exportId?: string;
  bundleId: string | undefined;
  messageCount: number;
  mediaSizeBytes: number;
}

/** A processed export: its PDF link, and its chat data once loaded. */
export interface ProcessedExport {
  exportId: string;
  pdfUrl: string;
  chatData: ChatData | null;
  /** A free export's: when its files are deleted from the servers (ISO), as its final event says. */
  filesKeptUntil?: string;
  /** After a purchase: where the buyer's mail went and until when its links hold. */
  receipt?: LinksReceipt;
  /** A bought export's receipt, as its payment status gives it. */
  purchase?: PurchaseReceipt;
}

/** Where an export's links were mailed, and until when they hold (ISO), for the lasting note. */
export interface LinksReceipt {
  emailedTo: string;
  linksValidUntil: string | null;
}

/** Where a purchase's links were mailed and until when they hold (the files' deletion, the server's date). */
export const receiptOf = (purchase: PurchaseReceipt | null): LinksReceipt | undefined =>
  purchase?.emailedTo
    ? { emailedTo: purchase.emailedTo, linksValidUntil: purchase.filesKeptUntil }
    : undefined;

/** The file as the upload card names it: the chosen one, or the remembered one after a reload. */
export interface ShownFile {
  name: string;
  size: number | null;
}

/** The real upload: bytes sent of the total, and when (ms, performance clock) it began and moved. */
export interface UploadState extends UploadProgress {
  startedAt: number;
  updatedAt: number;
}

export interface ProcessingState {
  file: File | null;
  /** What the upload card shows: the chosen file, or the remembered export's after a reload. */
  shownFile: ShownFile | null;
  upload: UploadState | null;
  /** The export was free: the payment step was not needed. */
  paymentSkipped: boolean;
  /** The processed export's links were mailed (on purchase, or asked for a free one). */
  receipt: LinksReceipt | null;
  /** The cosmetic upload bar (SPEC §4): 0 to 100 by 5 every 100 ms after a file is chosen. */
  uploadPercent: number;
  processing: boolean;
  clientId: string | null;
  /** The latest step of the progress stream, and its percentage. */
  step: number | null;
  progress: number;
  payment: PaymentNeed | null;
  processed: ProcessedExport | null;
  /** Why processing failed, for the error notice (or, when the upload failed, for its card). */
  error: string | null;
  /** The upload itself failed: the server never had the file. */
  uploadFailed: boolean;
  /** The progress stream was lost before the payment step: it is being opened again. */
  reconnecting: boolean;
  /** The failure's reason code, when the uploaded file is the cause and has guidance. */
  errorReason: ProgressErrorReason | null;
  /** The zone the export's documents write their times in, when this browser knows it. */
  timeZone: string | null;
  /** The name of a file chosen before a reload and not uploaded: it has to be chosen again. */
  chooseAgain: string | null;
}

const INITIAL: ProcessingState = {
  file: null,
  shownFile: null,
  upload: null,
  paymentSkipped: false,
  receipt: null,
  uploadPercent: 0,
  processing: false,
  clientId: null,
  step: null,
  progress: 0,
  payment: null,
  processed: null,
  error: null,
  uploadFailed: false,
  reconnecting: false,
  errorReason: null,
  timeZone: null,
  chooseAgain: null,
};

type Action =
  | { type: 'choose'; file: File }
  | { type: 'tick' }
  | { type: 'remove' }
  | { type: 'start'; timeZone: string | null }
  | { type: 'upload-progress'; progress: UploadProgress; at: number }
  | { type: 'resume'; memory: ExportMemory }
  | { type: 'receipt'; receipt: LinksReceipt }
  | { type: 'started'; clientId: string }
  | { type: 'event'; event: ProgressEvent }
  | { type: 'failed'; error: string | null }
  | { type: 'upload-failed'; error: string }
  | { type: 'connection-lost' }
  | { type: 'dismiss-error' }
  | { type: 'processed'; processed: ProcessedExport; timeZone: string | null }
  | { type: 'payment-restored'; payment: PaymentNeed; timeZone: string | null };

function reducer(state: ProcessingState, action: Action): ProcessingState {
  switch (action.type) {
    case 'choose':
      return { ...INITIAL, file: action.file, shownFile: { name: action.file.name, size: action.file.size } };
    case 'upload-progress':
      return {
        ...state,
        upload: {
          ...action.progress,
          startedAt: state.upload?.startedAt ?? action.at,
          updatedAt: action.at,
        },
      };
    case 'resume':
      return {
        ...INITIAL,
        shownFile: { name: action.memory.fileName, size: action.memory.fileSize },
        uploadPercent: 100,
        processing: true,
        clientId: action.memory.exportId,
        timeZone: action.memory.timeZone ?? null,
        step: 0,
        receipt: action.memory.emailedTo
          ? { emailedTo: action.memory.emailedTo, linksValidUntil: action.memory.linksValidUntil ?? null }
          : null,
      };
    case 'receipt':
      return { ...state, receipt: action.receipt };
    case 'tick':
      return { ...state, uploadPercent: Math.min(100, state.uploadPercent + UPLOAD_PROGRESS.stepPercent) };
    case 'remove':
      return INITIAL;
    case 'start':
      return {
        ...state,
        processing: true,
        timeZone: action.timeZone,
        step: 0,
        progress: 0,
        upload: null,
        payment: null,
        processed: null,
        error: null,
        uploadFailed: false,
        reconnecting: false,
        errorReason: null,
      };
    case 'started':
      return { ...state, clientId: action.clientId };
    case 'event': {
      const { event } = action;
      const next = {
        ...state,
        step: event.step,
        progress: event.progress,
        // Heard again after a lost connection: the work goes on, and the loss is over.
        ...(state.reconnecting && { processing: true, error: null, reconnecting: false }),
      };
      if (event.error !== undefined)
        return { ...next, processing: false, error: event.error, errorReason: event.errorReason ?? null };
      // On completion without a payment need, or when a PDF is given, the file counts as processed.
      if ((event.done && !event.requiresPayment) || event.pdfUrl)
        return {
          ...next,
          processing: false,
          paymentSkipped: !event.requiresPayment && state.payment === null,
          processed: {
            exportId: state.clientId ?? '',
            pdfUrl: event.pdfUrl ?? '',
            chatData: event.chatData ?? null,
            ...(event.deleteAfter && { filesKeptUntil: event.deleteAfter }),
          },
        };
      if (event.requiresPayment)
        return {
          ...next,
          processing: false,
          payment: {
            exportId: state.clientId ?? undefined,
            bundleId: event.bundleId,
            messageCount: event.messageCount ?? 0,
            mediaSizeBytes: event.mediaSizeBytes ?? 0,
          },
        };
      return next;
    }
    case 'failed':
      return { ...state, processing: false, error: action.error, errorReason: null, reconnecting: false };
    case 'upload-failed':
      return { ...state, processing: false, error: action.error, errorReason: null, uploadFailed: true };
    case 'connection-lost':
      return { ...state, processing: false, error: CONVERTER_TEXTS.connectionLost, reconnecting: true };
    case 'dismiss-error':
      return { ...state, error: null, errorReason: null };
    case 'payment-restored':
      return {
        ...INITIAL,
        payment: action.payment,
        clientId: action.payment.exportId ?? null,
        timeZone: action.timeZone,
      };
    case 'processed':
      return {
        ...state,
        processing: false,
        payment: null,
        error: null,
        errorReason: null,
        processed: action.processed,
        timeZone: action.timeZone ?? state.timeZone,
        receipt: action.processed.receipt ?? state.receipt,
        step: stepIndex('payment-required'),
      };
  }
}

/** The zone of export `exportId` as this browser uploaded it, when it is the one remembered. */
function rememberedTimeZone(exportId: string): string | null {
  const memory = rememberedExport();
  return memory?.exportId === exportId ? (memory.timeZone ?? null) : null;
}

/**
 * The converter's processing (SPEC §4 Upload and Processing): choosing and removing the file,
 * the cosmetic upload bar, starting the export and following its progress stream to done, to
 * payment required, or to an error.
 */
export function useProcessing({ resume }: { resume: boolean }) {
  const [state, dispatch] = useReducer(reducer, INITIAL, (initial) => ({
    ...initial,
    chooseAgain: rememberedForm().chosenFileName ?? null,
  }));
  const closeStream = useRef<(() => void) | null>(null);
  const paymentStepDone = useRef(false);
  const start = useStartProcessing();

  useEffect(() => () => closeStream.current?.(), []);

  // The cosmetic bar runs while a chosen file has not reached 100.
  const { file, uploadPercent } = state;
  useEffect(() => {
    if (!file || uploadPercent >= 100) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), UPLOAD_PROGRESS.intervalMs);
    return () => clearTimeout(timer);
  }, [file, uploadPercent]);

  // A reload or a closed tab mid-upload throws the upload away: the browser asks first.
  const uploading = state.processing && state.clientId === null;
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  /**
   * Follows the export's progress stream. A resumed export whose stream fails before its first
   * event is gone (deleted, past retention, or from another installation): it is forgotten.
   * Before the payment step a lost stream gets SPEC's toast once, then is opened again in the
   * background, further apart each time; the server answers a new stream with the latest state
   * at once, so the page catches up with work done meanwhile.
   */
  const follow = useCallback((exportId: string, resumed: boolean) => {
    let heard = false;
    let failures = 0;
    let lossToast: ReturnType<typeof toast> | null = null;
    let stop = () => {};
    const connect = () => {
      stop = followProcessStatus(exportId, onEvent, onError);
    };
    const onEvent = (event: ProgressEvent) => {
      heard = true;
      // Back after a loss: its toast is out of date.
      if (failures > 0) lossToast?.dismiss();
      failures = 0;
      if (event.step >= stepIndex('payment-required')) paymentStepDone.current = true;
      if (event.requiresPayment && event.bundleId)
        updateRememberedExport(exportId, {
          bundleId: event.bundleId,
          expiresAt: expiryIn(UNPAID_EXPORT_RETENTION_DAYS),
        });
      if (event.deleteAfter) updateRememberedExport(exportId, { expiresAt: event.deleteAfter });
      dispatch({ type: 'event', event });
      if (event.error !== undefined)
        toast({
          title: CONVERTER_TEXTS.startFailed,
          description: event.error,
          variant: 'destructive',
        });
    };
    const onError = () => {
      if (resumed && !heard) {
        forgetExport();
        return dispatch({ type: 'remove' });
      }
      // SPEC §8: after the payment step a stream error quietly stops processing.
      if (paymentStepDone.current) return dispatch({ type: 'failed', error: null });
      dispatch({ type: 'connection-lost' });
      lossToast ??= toast({
        title: CONVERTER_TEXTS.startFailed,
        description: CONVERTER_TEXTS.connectionLost,
        variant: 'destructive',
      });
      const timer = setTimeout(connect, reconnectDelayMs(failures++));
      stop = () => clearTimeout(timer);
    };
    connect();
    closeStream.current = () => stop();
  }, []);

  /**
   * The remembered export's result (a bought one's through its payment status), else its
   * progress from the stream, which sends the latest state at once: after a reload, or back from
   * a checkout left unpaid in a tab that kept no payment card.
   */
  const resumeRemembered = useCallback(() => {
    const memory = rememberedExport();
    if (!memory) return;
    dispatch({ type: 'resume', memory });
    paymentStepDone.current = false;
    void (async () => {
      if (memory.bundleId) {
        try {
          const status = await getPaymentStatus(memory.bundleId);
          if (status.isPaid && status.pdfUrl && status.chatExportId) {
            const chatData = await getChatData(status.chatExportId);
            const receipt = receiptOf(status.purchase);
            dispatch({
              type: 'processed',
              processed: {
                exportId: status.chatExportId,
                pdfUrl: status.pdfUrl,
                chatData,
                ...(status.purchase && { purchase: status.purchase }),
                ...(receipt && { receipt }),
              },
              timeZone: memory.timeZone ?? null,
            });
            return;
          }
        } catch {
          // Not bought, or not answered: the stream says where the export stands.
        }
      }
      follow(memory.exportId, true);
    })();
  }, [follow]);

  const resumed = useRef(false);
  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    resumeRemembered();
  }, [resume, resumeRemembered]);

  const choose = useCallback((chosen: File) => {
    const refused = refuseFile(chosen);
    if (refused) {
      toast({ ...REFUSAL_TOASTS[refused.reason], variant: 'destructive' });
      return;
    }
    closeStream.current?.();
    forgetExport();
    rememberChosenFile(chosen.name);
    dispatch({ type: 'choose', file: chosen });
  }, []);

  /** Removes the file, or, after a result, starts over for another export. */
  const remove = useCallback(() => {
    closeStream.current?.();
    forgetExport();
    rememberChosenFile(null);
    dispatch({ type: 'remove' });
  }, []);

  const process = useCallback(
    (options: UploadOptions) => {
      if (!file) return;
      // A stream still being reconnected belongs to the export this upload replaces.
      closeStream.current?.();
      dispatch({ type: 'start', timeZone: options.timeZone ?? null });
      paymentStepDone.current = false;
      start.mutate(
        {
          file,
          options,
          onUploadProgress: (progress) =>
            dispatch({ type: 'upload-progress', progress, at: performance.now() }),
        },
        {
          onSuccess: ({ clientId }) => {
            rememberExport({
              exportId: clientId,
              fileName: file.name,
              fileSize: file.size,
              timeZone: options.timeZone,
              expiresAt: expiryIn(UNFINISHED_EXPORT_RETENTION_DAYS),
            });
            // Uploaded: the export is remembered now, not the chosen file.
            rememberChosenFile(null);
            dispatch({ type: 'started', clientId });
            follow(clientId, false);
          },
          onError: (error) => {
            const message =
              error instanceof Error
                ? error.message || CONVERTER_TEXTS.startFailed
                : CONVERTER_TEXTS.unknownError;
            dispatch({ type: 'upload-failed', error: message });
            // SPEC's title, and the server's sentence under it when there is one.
            toast({
              title: CONVERTER_TEXTS.startFailed,
              ...(message !== CONVERTER_TEXTS.startFailed && { description: message }),
              variant: 'destructive',
            });
          },
        },
      );
    },
    [file, start, follow],
  );

  const markProcessed = useCallback(
    (processed: ProcessedExport) =>
      dispatch({ type: 'processed', processed, timeZone: rememberedTimeZone(processed.exportId) }),
    [],
  );

  /**
   * Back from a checkout left unpaid: the Payment Required card of that export again, from what
   * this tab kept, else from the remembered export's stream.
   */
  const restorePayment = useCallback(
    (payment: PaymentNeed | null) =>
      payment
        ? dispatch({
            type: 'payment-restored',
            payment,
            timeZone: payment.exportId ? rememberedTimeZone(payment.exportId) : null,
          })
        : resumeRemembered(),
    [resumeRemembered],
  );

  /** A free export's links were mailed: the lasting note, also after a reload. */
  const linksMailed = useCallback((exportId: string, receipt: LinksReceipt) => {
    updateRememberedExport(exportId, {
      emailedTo: receipt.emailedTo,
      ...(receipt.linksValidUntil && { linksValidUntil: receipt.linksValidUntil }),
    });
    dispatch({ type: 'receipt', receipt });
  }, []);

  /** The failure's notice or guidance was closed. */
  const dismissError = useCallback(() => dispatch({ type: 'dismiss-error' }), []);

  return { state, choose, remove, process, markProcessed, restorePayment, linksMailed, dismissError };
}
