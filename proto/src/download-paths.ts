import { type HttpRoute, routePath } from './contract';
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

/** What an in-app link names behind its token: a document the web app opens with a download code. */
export type LinkedDocument =
  | { kind: 'transcript' }
  | { kind: 'evidenceZip' }
  | { kind: 'exhibitFile'; exhibitId: string; fileName: string };

/** A route's path as a pattern whose groups are its parameters. */
const pathPattern = (route: HttpRoute) =>
  new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
const LINKED: ReadonlyArray<readonly [RegExp, (params: Record<string, string>) => LinkedDocument]> = [
  [pathPattern(HTTP_API.signedTranscript), () => ({ kind: 'transcript' })],
  [pathPattern(HTTP_API.signedEvidenceZip), () => ({ kind: 'evidenceZip' })],
  [
    pathPattern(HTTP_API.signedExhibitFile),
    (p: Record<string, string>) => ({ kind: 'exhibitFile', exhibitId: p.exhibitId!, fileName: p.fileName! }),
  ],
];

/** The token and document of a document link `downloadPaths` made; null for any other path. */
export function documentOfLink(link: string): { token: string; document: LinkedDocument } | null {
  for (const [pattern, document] of LINKED) {
    const groups = pattern.exec(link)?.groups;
    if (!groups) continue;
    try {
      const params = Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)]));
      return { token: params.token!, document: document(params) };
    } catch {
      return null; // a malformed escape names nothing
    }
  }
  return null;
}
