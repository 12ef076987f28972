import { HTTP_API } from '@chatexhibit/proto/http-api';
import { apiRequest } from './api-client';

const route = HTTP_API.linkCode;

/** The toast when a document could not be opened (its code refused: the export gone, or forgotten). */
export const DOCUMENT_OPEN_FAILED = {
  title: 'Download failed',
  description: 'The document could not be opened. Please try again.',
} as const;

/**
 * Opens a document link an answer of the API gave (`pdfUrl`, an exhibit file's `url`): a link
 * code asked for at the click, by a POST that carries the link in its body and the binding cookie,
 * then its one-time address in a new tab, so the address a history keeps (and a proxy logs)
 * opens nothing once used, and nothing after Forget this device.
 */
export async function openDocument(link: string): Promise<void> {
  const res = await apiRequest(route.path, { method: route.method, body: { link } });
  const { url } = route.responses[201].schema.parse(await res.json());
  window.open(url, '_blank', 'noopener');
}
