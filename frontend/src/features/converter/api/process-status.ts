import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { ProgressEvent } from '@chatexhibit/proto/progress';

const route = HTTP_API.processStatus;

/**
 * GET /api/whatsapp/process-status?clientId= (SPEC §7): server-sent events, each a progress
 * event. Calls `onEvent` for each, `onError` when the stream fails before the server ended it;
 * answers a function that closes the stream.
 */
export function followProcessStatus(
  clientId: string,
  onEvent: (event: ProgressEvent) => void,
  onError: () => void,
): () => void {
  const source = new EventSource(`${route.path}?${new URLSearchParams({ clientId }).toString()}`, {
    withCredentials: true,
  });
  let closed = false;
  const close = () => {
    closed = true;
    source.close();
  };
  source.onmessage = (message: MessageEvent<string>) => {
    const parsed = route.responses[200].schema.safeParse(JSON.parse(message.data));
    if (!parsed.success) return;
    onEvent(parsed.data);
    // The server ends the stream after the final event; EventSource would reconnect.
    if (parsed.data.done || parsed.data.requiresPayment || parsed.data.error !== undefined) close();
  };
  source.onerror = () => {
    if (closed) return;
    close();
    onError();
  };
  return close;
}

/** Waits before opening a lost stream again: half a second, doubling, at most 30 s. */
export const reconnectDelayMs = (failures: number): number => Math.min(500 * 2 ** failures, 30_000);
