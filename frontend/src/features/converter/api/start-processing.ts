import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import { type StartProcessingResponse, StartProcessingResponseSchema } from '@chatexhibit/proto/progress';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { CONVERTER_TEXTS } from '../converter-texts';

/** What the server's error body says, if it says anything. */
function serverMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const message =
      typeof parsed === 'object' && parsed !== null && 'message' in parsed ? parsed.message : undefined;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

/** How far the upload's body has gone: bytes sent of the total. */
export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

/**
 * POST /api/whatsapp/process (SPEC §7): multipart `file` and `options` (JSON) → `{clientId}`; a
 * failure's error is the server's message, or 'Error processing file'. Sent with XMLHttpRequest,
 * the one browser API that reports the bytes of a request body as they leave.
 */
export function startProcessing({
  file,
  options,
  onUploadProgress,
}: {
  file: File;
  options: UploadOptions;
  onUploadProgress?: (progress: UploadProgress) => void;
}): Promise<StartProcessingResponse> {
  const form = new FormData();
  form.set('options', JSON.stringify(options));
  form.set('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/whatsapp/process');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress?.({ sentBytes: event.loaded, totalBytes: event.total });
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(serverMessage(request.responseText) ?? CONVERTER_TEXTS.startFailed));
        return;
      }
      try {
        resolve(StartProcessingResponseSchema.parse(JSON.parse(request.responseText)));
      } catch {
        reject(new Error(CONVERTER_TEXTS.startFailed));
      }
    };
    request.onerror = () => reject(new Error(CONVERTER_TEXTS.startFailed));
    request.onabort = () => reject(new Error(CONVERTER_TEXTS.startFailed));
    request.send(form);
  });
}

type Options = Omit<
  UseMutationOptions<StartProcessingResponse, Error, Parameters<typeof startProcessing>[0]>,
  'mutationFn'
>;

export function useStartProcessing(options: Options = {}) {
  return useMutation({ ...options, mutationFn: startProcessing });
}
