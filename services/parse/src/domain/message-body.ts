// What a message's text is: plain text, an attached file (with its caption), an omitted-media or
// deleted placeholder, a poll, a location, a call. Markers are WhatsApp's fixed strings in every
// language of the tables (./languages); a text that merely mentions them stays text.

import type { AttachmentType, MessageFlag, MessageType } from './chat-model';
import { cleanName, isTrimmable, trimEdges } from './invisible-marks';
import {
  androidAttachmentName,
  EDITED_MARKERS,
  iosAttachment,
  LOCATION,
  markerKind,
  OMITTED_MEDIA_LAST_CODES,
} from './language-signals';

export interface TextMeaning {
  type: MessageType;
  content: string;
  attachment: string | null;
  flags: readonly MessageFlag[];
}

const VIEW_ONCE = /^view once (?:message|photo|image|video|voice message|audio)(?: omitted)?$/i;

/** iOS call log entries, written with a leading U+200E like other non-typed content. */
const CALL = /^(?:Missed |Silenced )?(?:group )?(?:voice|video) call\b/i;

export const NO_FLAGS: readonly MessageFlag[] = Object.freeze([]);
const EDITED: readonly MessageFlag[] = Object.freeze(['edited']);

/**
 * A TextMeaning that can be filled again: the parser keeps one and fills it for each message
 * rather than allocating a result per message.
 */
export class MessageMeaning implements TextMeaning {
  type: MessageType = 'text';
  content = '';
  attachment: string | null = null;
  flags: readonly MessageFlag[] = NO_FLAGS;

  set(type: MessageType, content: string, attachment: string | null, flags: readonly MessageFlag[]): this {
    this.type = type;
    this.content = content;
    this.attachment = attachment;
    this.flags = flags;
    return this;
  }
}

export function interpretMessageText(text: string): TextMeaning {
  return interpretMessageLines(text, text.indexOf('\n'), new MessageMeaning());
}

/**
 * interpretMessageText into `meaning`, for a caller that already knows where the first line
 * ends: `newline` is the offset of the text's first "\n", or -1 when it has one line.
 */
export function interpretMessageLines(text: string, newline: number, meaning: MessageMeaning): TextMeaning {
  let body = text;
  let flags = NO_FLAGS;
  const editedAt = editedMarkerStart(text);
  if (editedAt >= 0) {
    body = text.slice(0, editedAt);
    flags = EDITED;
    // The marker and the blank lines before it are gone: so may the only line break.
    if (newline >= editedAt) newline = -1;
  }
  const head = trimEdges(newline < 0 ? body : body.slice(0, newline));

  const marker = markerKind(head) ?? documentOmittedMarker(head);
  if (marker === 'deleted') return meaning.set('deleted', trimEdges(body), null, withFlag(flags, 'deleted'));
  if (marker !== undefined) return meaning.set(marker, trimEdges(body), null, flags);
  // Android writes view-once media as "null"; iOS as "view once … omitted".
  if (
    head === 'null' ||
    (head.length <= 40 && (head.charCodeAt(0) | 0x20) === 0x76 /* v */ && VIEW_ONCE.test(head))
  ) {
    return meaning.set('omitted-media', trimEdges(body), null, withFlag(flags, 'viewOnce'));
  }

  const ios =
    head.charCodeAt(head.length - 1) === 0x3e /* > */
      ? iosAttachment(head, text.charCodeAt(0) === 0x200e)
      : null;
  const androidName = ios === null ? androidAttachmentName(head) : null;
  if (ios !== null || androidName !== null) {
    const attachment = cleanName(ios === null ? (androidName as string) : ios[1]);
    // What is left once the marker is gone: a document's description and the caption lines.
    const description = ios === null ? '' : ios[0];
    const caption = newline < 0 ? description : `${description}\n${body.slice(newline + 1)}`;
    return meaning.set(attachmentTypeOf(attachment), trimEdges(caption), attachment, flags);
  }

  if (lastWordHoldsLink(head) && LOCATION.test(head))
    return meaning.set('location', trimEdges(body), null, flags);
  if (text.charCodeAt(0) === 0x200e && CALL.test(head))
    return meaning.set('call', trimEdges(body), null, flags);
  return meaning.set('text', trimEdges(body), null, flags);
}

/**
 * Whether the last word of `head` (its final run of characters other than the pattern class
 * `\s`) holds "://": a location ends with its link, and reading one word back is cheaper than
 * searching the whole line.
 */
function lastWordHoldsLink(head: string): boolean {
  let start = head.length;
  while (start > 0 && !isPatternSpace(head.charCodeAt(start - 1))) start--;
  return head.indexOf('://', start) >= 0;
}

/** A character of the pattern class `\s`: the trimmable ones but the two direction marks. */
function isPatternSpace(code: number): boolean {
  return isTrimmable(code) && code !== 0x200e && code !== 0x200f;
}

/**
 * iOS writes a document left out of the export as "NAME • 3 pages ‎document omitted": WhatsApp's
 * mark (U+200E) right before a media marker, after the file's description.
 */
function documentOmittedMarker(head: string): 'omitted-media' | undefined {
  if (!OMITTED_MEDIA_LAST_CODES.has(head.charCodeAt(head.length - 1))) return undefined;
  const mark = head.lastIndexOf('\u200E');
  if (mark <= 0) return undefined;
  return markerKind(head.slice(mark + 1)) === 'omitted-media' ? 'omitted-media' : undefined;
}

/** Where the edited marker (and the marks or spaces before it) starts, or -1. */
function editedMarkerStart(text: string): number {
  let end = text.length;
  while (end > 0 && isTrimmable(text.charCodeAt(end - 1))) end--;
  if (end === 0 || text.charCodeAt(end - 1) !== 0x3e /* > */) return -1;
  for (const marker of EDITED_MARKERS) {
    if (text.endsWith(marker, end)) {
      let start = end - marker.length;
      while (start > 0 && isTrimmable(text.charCodeAt(start - 1))) start--;
      return start;
    }
  }
  return -1;
}

/**
 * `flags` and `flag`. Flag lists are frozen and shared by every message with the same flags, so
 * adding a flag looks the longer list up (made once) rather than copying one for each message.
 */
export function withFlag(flags: readonly MessageFlag[], flag: MessageFlag): readonly MessageFlag[] {
  let longer = LONGER_FLAG_LISTS.get(flags);
  if (longer === undefined) LONGER_FLAG_LISTS.set(flags, (longer = new Map()));
  let list = longer.get(flag);
  if (list === undefined) longer.set(flag, (list = Object.freeze([...flags, flag])));
  return list;
}

/** Each shared flag list, and the flag lists one flag longer made from it. */
const LONGER_FLAG_LISTS = new Map<readonly MessageFlag[], Map<MessageFlag, readonly MessageFlag[]>>();

/** WhatsApp's Android media names ("PTT-20230101-WA0001.opus"), told apart by their first letter. */
const ANDROID_MEDIA_NAME = /^(?:IMG|VID|AUD|PTT|STK|DOC)-\d{8}-WA\d+/i;
const ANDROID_TYPES_BY_INITIAL: Record<string, AttachmentType> = {
  i: 'image',
  v: 'video',
  a: 'audio',
  p: 'voice',
  s: 'sticker',
  d: 'document',
};
/** iOS media names ("00000013-AUDIO-….opus"), told apart by their word's first letter. */
const IOS_MEDIA_NAME = /^\d+-(?:PHOTO|VIDEO|AUDIO|STICKER|GIF)-/;
const IOS_TYPES_BY_INITIAL: Record<string, AttachmentType> = {
  P: 'image',
  V: 'video',
  A: 'audio',
  S: 'sticker',
  G: 'gif',
};
const EXTENSION_TYPES: Record<string, AttachmentType> = {
  vcf: 'contact',
  opus: 'audio',
  mp3: 'audio',
  m4a: 'audio',
  aac: 'audio',
  wav: 'audio',
  ogg: 'audio',
  amr: 'audio',
  flac: 'audio',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  heic: 'image',
  heif: 'image',
  bmp: 'image',
  gif: 'gif',
  mp4: 'video',
  mov: 'video',
  '3gp': 'video',
  m4v: 'video',
  mkv: 'video',
  webm: 'video',
  avi: 'video',
  webp: 'sticker',
};

/**
 * The media type of an attached file from its name: WhatsApp's own names first (iOS
 * "00000013-AUDIO-….opus" and Android "PTT-….opus" are voice notes), then the extension.
 */
export function attachmentTypeOf(fileName: string): AttachmentType {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  if (extension === 'vcf') return 'contact';
  // Tested, then told apart by one letter: a match array per attached file cost more than the rest.
  if (ANDROID_MEDIA_NAME.test(fileName)) return ANDROID_TYPES_BY_INITIAL[fileName[0].toLowerCase()];
  if (IOS_MEDIA_NAME.test(fileName)) {
    const type = IOS_TYPES_BY_INITIAL[fileName[fileName.indexOf('-') + 1]];
    return type === 'audio' && extension === 'opus' ? 'voice' : type;
  }
  return Object.hasOwn(EXTENSION_TYPES, extension) ? EXTENSION_TYPES[extension] : 'document';
}
