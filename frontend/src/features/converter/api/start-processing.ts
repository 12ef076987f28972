import type { UploadOptions } from '@chatexhibit/proto/processing-options';
import { type StartProcessingResponse, StartProcessingResponseSchema } from '@chatexhibit/proto/progress';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { CONVERTER_TEXTS } from '../converter-texts';

/** What the server's error body says, if it says anything. */
async function serverMessage(res: Response): Promise<string | undefined> {
  try {
    const body: unknown = await res.json();
    const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/whatsapp/process (SPEC §7): multipart `file` and `options` (JSON) → `{clientId}`; a
 * failure's error is the server's message, or 'Error processing file'.
 */
export async function startProcessing({
  file,
  options,
}: {
  file: File;
  options: UploadOptions;
}): Promise<StartProcessingResponse> {
  const form = new FormData();
  form.set('options', JSON.stringify(options));
  form.set('file', file, file.name);
  const res = await fetch('/api/whatsapp/process', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new Error((await serverMessage(res)) ?? CONVERTER_TEXTS.startFailed);
  return StartProcessingResponseSchema.parse(await res.json());
}

type Options = Omit<
  UseMutationOptions<StartProcessingResponse, Error, { file: File; options: UploadOptions }>,
  'mutationFn'
>;

export function useStartProcessing(options: Options = {}) {
  return useMutation({ ...options, mutationFn: startProcessing });
}
