import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { apiRequest } from '../../../lib/api-client';

const route = HTTP_API.downloadCode;

/**
 * 'Download Evidence Package': SPEC's /api/whatsapp/evidence-zip/{id} opened in a new tab with a
 * one-time code in place of the export id, so the address the browser's download history keeps
 * (and a proxy logs) opens nothing once used.
 */
export async function openEvidencePackage(exportId: string): Promise<void> {
  const res = await apiRequest(routePath(route, { exportId }), { method: route.method });
  const { code } = route.responses[201].schema.parse(await res.json());
  window.open(routePath(HTTP_API.evidenceZip, { id: code }), '_blank', 'noopener');
}
