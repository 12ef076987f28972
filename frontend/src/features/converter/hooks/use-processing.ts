import type { ChatData } from '@chatexhibit/proto/chat';
import { UPLOAD_PROGRESS } from '@chatexhibit/proto/constants';
import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import type { ProgressEvent } from '@chatexhibit/proto/progress';
import { stepIndex } from '@chatexhibit/proto/steps';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '../../../hooks/use-toast';
import { followProcessStatus } from '../api/process-status';
import { useStartProcessing } from '../api/start-processing';
import { CONVERTER_TEXTS } from '../converter-texts';
import { REFUSAL_TOASTS, refuseFile } from '../refused-file';

/** What the export asks for when it is over the free tier. */
export interface PaymentNeed {
  bundleId: string | undefined;
  messageCount: number;
  mediaSizeBytes: number;
}

/** A processed export: its PDF link, and its chat data once loaded. */
export interface ProcessedExport {
  exportId: string;
  pdfUrl: string;
  chatData: ChatData | null;
}

export interface ProcessingState {
  file: File | null;
  /** The cosmetic upload bar (SPEC §4): 0 to 100 by 5 every 100 ms after a file is chosen. */
  uploadPercent: number;
  processing: boolean;
  clientId: string | null;
  /** The latest step of the progress stream, and its percentage. */
  step: number | null;
  progress: number;
  payment: PaymentNeed | null;
  processed: ProcessedExport | null;
  /** Why processing failed, for the error notice. */
  error: string | null;
}

const INITIAL: ProcessingState = {
  file: null,
  uploadPercent: 0,
  processing: false,
  clientId: null,
  step: null,
  progress: 0,
  payment: null,
  processed: null,
  error: null,
};

type Action =
  | { type: 'choose'; file: File }
  | { type: 'tick' }
  | { type: 'remove' }
  | { type: 'start' }
  | { type: 'started'; clientId: string }
  | { type: 'event'; event: ProgressEvent }
  | { type: 'failed'; error: string | null }
  | { type: 'processed'; processed: ProcessedExport }
  | { type: 'payment-restored'; payment: PaymentNeed };

function reducer(state: ProcessingState, action: Action): ProcessingState {
  switch (action.type) {
    case 'choose':
      return { ...INITIAL, file: action.file };
    case 'tick':
      return { ...state, uploadPercent: Math.min(100, state.uploadPercent + UPLOAD_PROGRESS.stepPercent) };
    case 'remove':
      return INITIAL;
    case 'start':
      return {
        ...state,
        processing: true,
        step: 0,
        progress: 0,
        payment: null,
        processed: null,
        error: null,
      };
    case 'started':
      return { ...state, clientId: action.clientId };
    case 'event': {
      const { event } = action;
      const next = { ...state, step: event.step, progress: event.progress };
      if (event.error !== undefined) return { ...next, processing: false, error: event.error };
      // On completion without a payment need, or when a PDF is given, the file counts as processed.
      if ((event.done && !event.requiresPayment) || event.pdfUrl)
        return {
          ...next,
          processing: false,
          processed: {
            exportId: state.clientId ?? '',
            pdfUrl: event.pdfUrl ?? '',
            chatData: event.chatData ?? null,
          },
        };
      if (event.requiresPayment)
        return {
          ...next,
          processing: false,
          payment: {
            bundleId: event.bundleId,
            messageCount: event.messageCount ?? 0,
            mediaSizeBytes: event.mediaSizeBytes ?? 0,
          },
        };
      return next;
    }
    case 'failed':
      return { ...state, processing: false, error: action.error };
    case 'payment-restored':
      return { ...INITIAL, payment: action.payment };
    case 'processed':
      return {
        ...state,
        processing: false,
        processed: action.processed,
        step: stepIndex('payment-required'),
      };
  }
}

/**
 * The converter's processing (SPEC §4 Upload and Processing): choosing and removing the file,
 * the cosmetic upload bar, starting the export and following its progress stream to done, to
 * payment required, or to an error.
 */
export function useProcessing() {
  const [state, dispatch] = useReducer(reducer, INITIAL);
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

  const choose = useCallback((chosen: File) => {
    const refused = refuseFile(chosen);
    if (refused) {
      toast({ ...REFUSAL_TOASTS[refused.reason], variant: 'destructive' });
      return;
    }
    closeStream.current?.();
    dispatch({ type: 'choose', file: chosen });
  }, []);

  const remove = useCallback(() => {
    closeStream.current?.();
    dispatch({ type: 'remove' });
  }, []);

  const process = useCallback(
    (options: UploadOptions) => {
      if (!file) return;
      dispatch({ type: 'start' });
      paymentStepDone.current = false;
      start.mutate(
        { file, options },
        {
          onSuccess: ({ clientId }) => {
            dispatch({ type: 'started', clientId });
            closeStream.current = followProcessStatus(
              clientId,
              (event) => {
                if (event.step >= stepIndex('payment-required')) paymentStepDone.current = true;
                dispatch({ type: 'event', event });
                if (event.error !== undefined)
                  toast({
                    title: CONVERTER_TEXTS.startFailed,
                    description: event.error,
                    variant: 'destructive',
                  });
              },
              () => {
                // SPEC §8: after the payment step a stream error quietly stops processing.
                if (paymentStepDone.current) return dispatch({ type: 'failed', error: null });
                dispatch({ type: 'failed', error: CONVERTER_TEXTS.connectionLost });
                toast({
                  title: CONVERTER_TEXTS.startFailed,
                  description: CONVERTER_TEXTS.connectionLost,
                  variant: 'destructive',
                });
              },
            );
          },
          onError: (error) => {
            const message =
              error instanceof Error
                ? error.message || CONVERTER_TEXTS.startFailed
                : CONVERTER_TEXTS.unknownError;
            dispatch({ type: 'failed', error: message });
            toast({ title: CONVERTER_TEXTS.startFailed, description: message, variant: 'destructive' });
          },
        },
      );
    },
    [file, start],
  );

  const markProcessed = useCallback(
    (processed: ProcessedExport) => dispatch({ type: 'processed', processed }),
    [],
  );

  /** Back from a cancelled checkout: the Payment Required card of that export again. */
  const restorePayment = useCallback(
    (payment: PaymentNeed) => dispatch({ type: 'payment-restored', payment }),
    [],
  );

  return { state, choose, remove, process, markProcessed, restorePayment };
}
