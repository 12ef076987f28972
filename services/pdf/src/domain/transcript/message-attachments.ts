import { buffer } from 'node:stream/consumers';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { bytes } from '../export-counts';
import { formatDuration } from './attachment-files';
import type { TranscriptContext } from './transcript-context';
import { COLOUR, PAPERCLIP, PAPERCLIP_ROOM, SPACE, STYLE, THUMBNAIL } from './transcript-style';
import { PAGE } from './twin-pages';

const ATTACHMENT_KINDS: Partial<Record<TranscriptMessage['type'], string>> = {
  voice: 'Voice note',
  audio: 'Audio',
  image: 'Image',
  video: 'Video',
  sticker: 'Sticker',
  gif: 'GIF',
  document: 'Document',
  contact: 'Contact card',
};

/**
 * The attachment of a message: attachment number, name, size and hash of the original; the
 * thumbnail below it, captioned as the reduced copy it is; the embedded file.
 */
export async function writeMessageAttachment(
  context: TranscriptContext,
  message: TranscriptMessage,
  x: number,
  width: number,
): Promise<void> {
  const { pages, files } = context;
  const { options } = context.input.source.facts;
  const kind = ATTACHMENT_KINDS[message.type] ?? 'Attachment';
  const path = message.attachmentPath;
  const file = path === null ? undefined : files.originals.get(path);
  if (path === null || file === undefined) {
    pages.paragraph(
      `${kind} · ${message.attachment} · MISSING: the export does not contain this file`,
      x,
      width,
      STYLE.attachment,
      COLOUR.flag,
    );
    return;
  }
  const media = files.media.get(path);
  const derived = files.derivedAudio.get(path);
  const details = [kind];
  if (media?.kind === 'voice' && media.durationSeconds !== null)
    details.push(formatDuration(media.durationSeconds));
  const reference = files.references.get(path)!;
  details.push(reference, message.attachment!);
  if (media?.kind !== 'voice') details.push(bytes(file.sizeBytes));
  if (media?.problem) details.push(`not converted: ${media.problem}`);

  const attachTop = pages.y;
  pages.paragraph(details.join(' · '), x, width - PAPERCLIP_ROOM, STYLE.attachment, COLOUR.text);
  pages.paragraph(`SHA-256 ${file.sha256}`, x, width, STYLE.attachmentHash, COLOUR.muted);
  if (media?.kind === 'image' && media.derivedKey !== null && options.includeImages) {
    pages.y += SPACE.afterText;
    const shown = pages.image(
      await read(context, media.derivedKey),
      x,
      Math.min(width, THUMBNAIL.maxWidth),
      THUMBNAIL.maxHeight,
    );
    pages.y += SPACE.betweenRows;
    // The picture is a re-encoded copy: its caption must not pass it off as the original above.
    pages.paragraph(
      `Display copy of ${reference}: re-encoded as a JPEG of ${shown.width} × ${shown.height} pixels for this transcript. Not the original, which is named above with its SHA-256 value.`,
      x,
      width,
      STYLE.meta,
      COLOUR.muted,
    );
  }

  const embedVoice = media?.kind === 'voice' && derived !== undefined && options.includeVoiceMessages;
  const embedOther = media === undefined && options.includeAttachments;
  if (embedVoice || embedOther) {
    const embedded = embedVoice ? derived! : file;
    const name = `${reference} ${baseName(embedded.path)}`;
    const top = pages.y < attachTop ? PAGE.top : attachTop;
    attachFile(pages.documents.transcript, PAGE.width - PAGE.margin - PAPERCLIP.inset, top, {
      name,
      data: await read(context, embedded.key),
      type: embedVoice ? 'audio/mpeg' : (embedded.mediaType ?? 'application/octet-stream'),
      description: `${kind}, message ${messageNumber(message.index, context.total)}: ${message.attachment}${embedVoice ? ' (MP3 copy)' : ''}`,
      at: context.input.generatedAt,
    });
  }
}

async function read(context: TranscriptContext, key: string): Promise<Buffer> {
  return buffer(await context.input.source.files.open(key));
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Attaches a file to the transcript: listed in the document's attachments and as a paperclip on
 * its message (a FileAttachment annotation), which PDF readers open or play. Dates are the
 * generation time, so the same input gives the same bytes.
 */
function attachFile(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  file: { name: string; data: Buffer; type: string; description: string; at: Date },
): void {
  const spec = doc.file(file.data, {
    name: file.name,
    type: file.type,
    description: file.description,
    creationDate: file.at,
    modifiedDate: file.at,
  });
  doc.annotate(x, y, PAPERCLIP.width, PAPERCLIP.height, {
    Subtype: 'FileAttachment',
    FS: spec,
    Name: 'Paperclip',
    Contents: new String(file.description),
  });
}
