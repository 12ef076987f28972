/**
 * Where the gateway serves an export's files behind signed, expiring links. The gateway serves
 * them and the notification service mails links to them, so the paths are a contract.
 */
export const downloadPaths = (exportId: string) => ({
  transcript: `/api/files/${exportId}/transcript.pdf`,
  evidenceZip: `/api/files/${exportId}/evidence.zip`,
  audio: (entryPath: string) => `/api/files/${exportId}/audio/${encodeURIComponent(entryPath)}`,
});
