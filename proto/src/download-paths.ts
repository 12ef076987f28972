import { routePath } from './contract';
import { HTTP_API } from './http-api';

/**
 * Where the gateway serves an export's files behind signed, expiring links. The gateway serves
 * them and the notification service mails links to them, so the paths are a contract.
 *
 * A path names its export by a sealed link token (the kit's `SignedLinks.seal`), never by the
 * export id: the id opens the unsigned chat-data and evidence-zip routes, and a link is passed
 * on, pasted and logged by proxies.
 */
export const downloadPaths = (linkToken: string) => ({
  transcript: routePath(HTTP_API.signedTranscript, { token: linkToken }),
  evidenceZip: routePath(HTTP_API.signedEvidenceZip, { token: linkToken }),
  audio: (entryPath: string) => routePath(HTTP_API.signedAudio, { token: linkToken, entryPath }),
  exhibitFile: (exhibitId: string, fileName: string) =>
    routePath(HTTP_API.signedExhibitFile, { token: linkToken, exhibitId, fileName }),
});
export type DownloadPaths = ReturnType<typeof downloadPaths>;
