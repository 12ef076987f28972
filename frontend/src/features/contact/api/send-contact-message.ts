import type { ContactMessage } from '@chatexhibit/proto/contact';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { buildRequestInit, readErrorBody } from '../../../lib/api-client';

/** SPEC §8 contact error rows. */
export const CONTACT_UNEXPECTED_RESPONSE = 'Unexpected response from server. Please try again.';
export const CONTACT_SEND_FAILED = 'Failed to send message';

const route = HTTP_API.contact;

const isJson = (res: Response): boolean =>
  /^application\/([\w.+-]*\+)?json\b/i.test(res.headers.get('content-type') ?? '');

/**
 * POST /api/contact (SPEC §7): the answer must be JSON; on failure its `message` field is the
 * error (or 'Failed to send message'); a success body is otherwise ignored.
 */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  const res = await fetch(route.path, buildRequestInit({ method: route.method, body: message }));
  if (!isJson(res)) throw new Error(CONTACT_UNEXPECTED_RESPONSE);
  const text = await res.text();
  try {
    JSON.parse(text);
  } catch {
    throw new Error(CONTACT_UNEXPECTED_RESPONSE);
  }
  if (!res.ok) throw new Error(readErrorBody(text).message ?? CONTACT_SEND_FAILED);
}

type SendContactMessageOptions = Omit<UseMutationOptions<void, Error, ContactMessage>, 'mutationFn'>;

/** The contact form's mutation; the caller adds its own success and error handling. */
export function useSendContactMessage(mutationConfig: SendContactMessageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendContactMessage });
}
