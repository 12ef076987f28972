import { buffer } from 'node:stream/consumers';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { bytes } from '../export-counts';
import { formatDuration } from './attachment-files';
import type { TranscriptContext } from './transcript-context';
import { COLOUR, PAPERCLIP, PAPERCLIP_ROOM, SPACE, STYLE, THUMBNAIL } from './transcript-style';
import { type BoxLabel, PAGE, type TextMask } from './twin-pages';

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

/** A message's attachment kind as its row names it ('Voice note', 'Image', …). */
export const attachmentKind = (message: TranscriptMessage): string =>
  ATTACHMENT_KINDS[message.type] ?? 'Attachment';

/** `masks`, ranges of a text, as ranges of a line that has that text from `offset` on. */
const shifted = (masks: readonly TextMask[], offset: number): TextMask[] =>
  masks.map((mask) => ({ ...mask, start: mask.start + offset, end: mask.end + offset }));

/** What a redacting copy leaves out of an attachment. */
export interface AttachmentRedaction {
  /** Ranges of the attachment's name. */
  nameMasks: readonly TextMask[];
  /**
   * The words on the boxes of a withheld file: its name, size, hash and picture are masked
   * whole and nothing is embedded. Null when the file is shown.
   */
  withheld: BoxLabel | null;
}

const NOTHING_REDACTED: AttachmentRedaction = { nameMasks: [], withheld: null };

/**
 * The attachment of a message: attachment number, name, size and hash of the original; the
 * thumbnail below it, captioned as the reduced copy it is; the file embedded where the context
 * embeds files.
 */
export async function writeMessageAttachment(
  context: TranscriptContext<string>,
  message: TranscriptMessage,
  x: number,
  width: number,
  { nameMasks, withheld }: AttachmentRedaction = NOTHING_REDACTED,
): Promise<void> {
  const { pages, files } = context;
  const { options } = context.input.source.facts;
  const kind = attachmentKind(message);
  const path = message.attachmentPath;
  const file = path === null ? undefined : files.originals.get(path);
  if (path === null || file === undefined) {
    pages.paragraph(
      `${kind} · ${message.attachment} · MISSING: the export does not contain this file`,
      x,
      width,
      STYLE.attachment,
      COLOUR.flag,
      shifted(nameMasks, `${kind} · `.length),
    );
    return;
  }
  const media = files.media.get(path);
  const derived = files.derivedAudio.get(path);
  const details = [kind];
  if (media?.kind === 'voice' && media.durationSeconds !== null)
    details.push(formatDuration(media.durationSeconds));
  const reference = files.references.get(path)!;
  details.push(reference);
  const nameAt = `${details.join(' · ')} · `.length;
  details.push(message.attachment!);
  if (media?.kind !== 'voice') details.push(bytes(file.sizeBytes));
  if (media?.problem) details.push(`not converted: ${media.problem}`);

  const attachTop = pages.y;
  const line = details.join(' · ');
  const whole = (text: string, from = 0): TextMask[] =>
    withheld === null ? [] : [{ start: from, end: text.length, ...withheld }];
  pages.paragraph(
    line,
    x,
    width - PAPERCLIP_ROOM,
    STYLE.attachment,
    COLOUR.text,
    withheld === null ? shifted(nameMasks, nameAt) : whole(line, nameAt),
  );
  const hash = `SHA-256 ${file.sha256}`;
  pages.paragraph(hash, x, width, STYLE.attachmentHash, COLOUR.muted, whole(hash, 'SHA-256 '.length));
  if (media?.kind === 'image' && media.derivedKey !== null && options.includeImages) {
    pages.y += SPACE.afterText;
    const shown = pages.image(
      await read(context, media.derivedKey),
      x,
      Math.min(width, THUMBNAIL.maxWidth),
      THUMBNAIL.maxHeight,
      withheld,
    );
    pages.y += SPACE.betweenRows;
    // The picture is a re-encoded copy: its caption must not pass it off as the original above.
    // Where a withheld picture is blacked out, its caption says so instead of describing it.
    const caption = `Display copy of ${reference}: re-encoded as a JPEG of ${shown.width} × ${shown.height} pixels for this document. Not the original, which is named above with its SHA-256 value.`;
    pages.paragraph(
      withheld === null
        ? caption
        : pages.unlessRemoved(caption, `${reference} withheld (${withheld.shortLabel}).`),
      x,
      width,
      STYLE.meta,
      COLOUR.muted,
    );
  }

  const embedVoice = media?.kind === 'voice' && derived !== undefined && options.includeVoiceMessages;
  const embedOther = media === undefined && options.includeAttachments;
  if (context.embedInto !== null && withheld === null && (embedVoice || embedOther)) {
    const embedded = embedVoice ? derived! : file;
    const name = `${reference} ${baseName(embedded.path)}`;
    const top = pages.y < attachTop ? PAGE.top : attachTop;
    attachFile(context.embedInto, PAGE.width - PAGE.margin - PAPERCLIP.inset, top, {
      name,
      data: await read(context, embedded.key),
      type: embedVoice ? 'audio/mpeg' : (embedded.mediaType ?? 'application/octet-stream'),
      description: `${kind}, message ${messageNumber(message.index, context.total)}: ${message.attachment}${embedVoice ? ' (MP3 copy)' : ''}`,
      at: context.input.generatedAt,
    });
  }
}

async function read(context: TranscriptContext<string>, key: string): Promise<Buffer> {
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
