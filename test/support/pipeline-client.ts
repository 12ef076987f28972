import { openAsBlob } from 'node:fs';
import path from 'node:path';
import type { ProgressEvent } from '@chatexhibit/proto/progress';
import { writeWhatsAppExport } from './whatsapp-export';

/** POST /api/whatsapp/process as the SPA sends it: multipart `file` and `options` (JSON). */
export async function uploadExport(
  baseUrl: string,
  zipPath: string,
  options: Record<string, unknown> = {},
  fileName = path.basename(zipPath),
): Promise<{ status: number; body: { clientId?: string; message?: string } }> {
  const form = new FormData();
  form.set('options', JSON.stringify(options));
  form.set('file', await openAsBlob(zipPath), fileName);
  const response = await fetch(`${baseUrl}/api/whatsapp/process`, { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as { clientId?: string; message?: string },
  };
}

/**
 * Reads GET /api/whatsapp/process-status as an EventSource would, until the server ends the
 * stream (after the final event) or `stopWhen` says so, or `timeoutMs` passes.
 */
export async function readProgress(
  baseUrl: string,
  clientId: string,
  options: { timeoutMs?: number; stopWhen?: (event: ProgressEvent) => boolean } = {},
): Promise<{ events: ProgressEvent[]; comments: string[]; ended: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 60_000);
  const events: ProgressEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  try {
    const response = await fetch(`${baseUrl}/api/whatsapp/process-status?clientId=${clientId}`, {
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`process-status answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(':')) comments.push(block.slice(1).trim());
        else if (block.startsWith('data: ')) {
          const event = JSON.parse(block.slice('data: '.length)) as ProgressEvent;
          events.push(event);
          if (options.stopWhen?.(event)) {
            controller.abort();
            return { events, comments, ended: false };
          }
        }
      }
    }
    ended = true;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return { events, comments, ended };
}

/** Voice notes of the export `interruptMidMedia` sends: enough work that the media step is caught midway. */
export const INTERRUPTED_EXPORT = { voiceNotes: 30, voiceSeconds: 20 } as const;

/**
 * Sends an export with many voice notes, waits until the media step has begun, runs
 * `interrupt` (kill a process, start another), then follows the export again as a reconnecting
 * browser would, to its final event, which it returns.
 */
export async function interruptMidMedia(
  baseUrl: string,
  folder: string,
  textMessages: number,
  interrupt: () => Promise<void>,
): Promise<ProgressEvent> {
  const exported = await writeWhatsAppExport(folder, { textMessages, photos: 0, ...INTERRUPTED_EXPORT });
  const { body } = await uploadExport(baseUrl, exported.zipPath);
  const before = await readProgress(baseUrl, body.clientId!, { stopWhen: (event) => event.step === 2 });
  if (before.events.some((event) => event.done))
    throw new Error('the export finished before it could be interrupted');
  await interrupt();
  const after = await readProgress(baseUrl, body.clientId!, { timeoutMs: 90_000 });
  if (!after.ended) throw new Error('the progress stream did not end after the interruption');
  return after.events.at(-1)!;
}

/**
 * Opens a document link the API gave the web app (`pdfUrl`, an exhibit file's `url`) as the web app
 * does, with this test file's cookies: a one-time code for it (POST /api/link-code), then its address.
 * The code's answer when it is refused.
 */
export async function openLink(baseUrl: string, link: string): Promise<Response> {
  const coded = await postLinkCode(baseUrl, link);
  if (coded.status !== 201) return coded;
  const { url } = (await coded.json()) as { url: string };
  return fetch(`${baseUrl}${url}`);
}

const postLinkCode = (baseUrl: string, link: string) =>
  fetch(`${baseUrl}/api/link-code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ link }),
  });

/** The one-time address (`/api/files/{code}`) of a document link, asked for with this test file's cookies. */
export async function askLinkCode(baseUrl: string, link: string): Promise<string> {
  const coded = await postLinkCode(baseUrl, link);
  if (coded.status !== 201) throw new Error(`no code for ${link}: ${coded.status}`);
  return ((await coded.json()) as { url: string }).url;
}

/** Opens a transcript link (`<origin><pdfUrl>`) as the web app does; rejects unless it answers 200 with a PDF. */
export async function fetchPdf(url: string): Promise<Buffer> {
  const { origin, pathname } = new URL(url);
  const response = await openLink(origin, pathname);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${url} is not a PDF`);
  return bytes;
}
