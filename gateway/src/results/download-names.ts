import { exportReference } from '@chatexhibit/proto/export-reference';

/** The documents a reader downloads, and the name each is saved under. */
export type DownloadDocument = 'transcript' | 'evidenceZip';

/** Longest chat name kept in a file name: file systems allow 255 bytes, and the suffix needs room. */
const MAX_CHAT_NAME_LENGTH = 120;

/**
 * The chat's name as the uploaded file gave it ("WhatsApp Chat with Sam.zip" → "WhatsApp Chat
 * with Sam"), made safe for a file name on every system: no folders, no control characters, none
 * of \ / : * ? " < > |. Null when nothing of it is left.
 */
export function chatNameOf(uploadFileName: string): string | null {
  const base = uploadFileName.slice(
    Math.max(uploadFileName.lastIndexOf('/'), uploadFileName.lastIndexOf('\\')) + 1,
  );
  const name = base
    .replace(/\.zip$/i, '')
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_CHAT_NAME_LENGTH)
    .trim();
  return name === '' ? null : name;
}

/**
 * The name a document is saved under, after the chat it holds: "WhatsApp Chat with Sam –
 * transcript.pdf", "WhatsApp Chat with Sam – evidence-CE-….zip". The evidence package also gives
 * the export's reference, as its README.txt does. Without a usable chat name: "transcript.pdf",
 * "evidence-CE-….zip".
 */
export function downloadFileName(
  document: DownloadDocument,
  exportId: string,
  uploadFileName: string | null,
): string {
  return namedAfterChat(
    document === 'transcript' ? 'transcript.pdf' : `evidence-${exportReference(exportId)}.zip`,
    uploadFileName,
  );
}

/** `plainName` after the chat the upload holds, or as it is without a usable chat name. */
function namedAfterChat(plainName: string, uploadFileName: string | null): string {
  const chatName = uploadFileName === null ? null : chatNameOf(uploadFileName);
  return chatName === null ? plainName : `${chatName} – ${plainName}`;
}

/** A Content-Disposition header value naming `fileName` in UTF-8 (RFC 6266, RFC 8187). */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187's value must encode them too.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename*=UTF-8''${encoded}`;
}
