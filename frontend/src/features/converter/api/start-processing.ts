import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import type { StartProcessingResponse } from '@chatexhibit/proto/progress';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { readErrorBody } from '../../../lib/api-client';
import { CONVERTER_TEXTS } from '../converter-texts';

const route = HTTP_API.startProcessing;

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
    request.open(route.method, route.path);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress?.({ sentBytes: event.loaded, totalBytes: event.total });
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(readErrorBody(request.responseText).message ?? CONVERTER_TEXTS.startFailed));
        return;
      }
      try {
        resolve(route.responses[201].schema.parse(JSON.parse(request.responseText)));
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
