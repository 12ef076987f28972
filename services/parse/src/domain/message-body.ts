// What a message's text is: plain text, an attached file (with its caption), an omitted-media or
// deleted placeholder, a poll, a location, a call. Markers are WhatsApp's fixed strings in the
// languages seen most; a text that merely mentions them stays text.

import type { AttachmentType, MessageFlag, MessageType } from './chat-model';
import { cleanName, isTrimmable, trimEdges } from './invisible-marks';

export interface TextMeaning {
  type: MessageType;
  content: string;
  attachment: string | null;
  flags: readonly MessageFlag[];
}

type MarkerKind = 'deleted' | 'omitted-media' | 'poll' | 'location';

/** Whole first lines (edges trimmed) that are placeholders. Exact strings: a person typing "image omitted" in another case stays text. */
const MARKERS = new Map<string, MarkerKind>([
  ...[
    'This message was deleted',
    'You deleted this message',
    'Diese Nachricht wurde gelöscht',
    'Du hast diese Nachricht gelöscht',
    'Se eliminó este mensaje',
    'Eliminaste este mensaje',
    'Este mensaje fue eliminado',
    'Esta mensagem foi apagada',
    'Você apagou esta mensagem',
    'Mensagem apagada',
    'Ce message a été supprimé',
    'Vous avez supprimé ce message',
    'Questo messaggio è stato eliminato',
    'Hai eliminato questo messaggio',
    'Dit bericht is verwijderd',
    'Je hebt dit bericht verwijderd',
  ].flatMap((marker): [string, MarkerKind][] => [
    [marker, 'deleted'],
    [`${marker}.`, 'deleted'],
  ]),
  ...[
    '<Media omitted>',
    'image omitted',
    'video omitted',
    'audio omitted',
    'sticker omitted',
    'GIF omitted',
    'document omitted',
    'Contact card omitted',
    '<Medien ausgeschlossen>',
    'Bild weggelassen',
    'Video weggelassen',
    'Audio weggelassen',
    'Sticker weggelassen',
    'GIF weggelassen',
    'Dokument weggelassen',
    'Kontaktkarte weggelassen',
    '<Multimedia omitido>',
    'imagen omitida',
    'video omitido',
    'audio omitido',
    'sticker omitido',
    'GIF omitido',
    'documento omitido',
    'tarjeta de contacto omitida',
    '<Mídia oculta>',
    'imagem ocultada',
    'vídeo ocultado',
    'áudio ocultado',
    'figurinha omitida',
    'GIF ocultado',
    'documento ocultado',
    '<Médias omis>',
    'image absente',
    'vidéo absente',
    'audio omis',
    'autocollant omis',
    'GIF retiré',
    'document omis',
    '<Media omessi>',
    'immagine omessa',
    'video omesso',
    'audio omesso',
    'sticker omesso',
    'GIF omessa',
    'documento omesso',
    '<Media weggelaten>',
    'afbeelding weggelaten',
    'video weggelaten',
    'audio weggelaten',
    'sticker weggelaten',
    'GIF weggelaten',
    'document weggelaten',
  ].map((marker): [string, MarkerKind] => [marker, 'omitted-media']),
  ...['POLL:', 'UMFRAGE:', 'ENCUESTA:', 'ENQUETE:', 'SONDAGE :', 'SONDAGE:', 'SONDAGGIO:', 'PEILING:'].map(
    (marker): [string, MarkerKind] => [marker, 'poll'],
  ),
  ...['live location shared', 'Live location shared'].map((marker): [string, MarkerKind] => [
    marker,
    'location',
  ]),
]);
/** First and last character of every marker: most texts are ruled out by two character reads. */
const MARKER_ENDS = new Set([...MARKERS.keys()].map((marker) => markerEnds(marker)));

/** First and last character code folded into one small integer (a cheap key, collisions allowed). */
function markerEnds(text: string): number {
  return ((text.charCodeAt(0) & 0x7fff) << 15) | (text.charCodeAt(text.length - 1) & 0x7fff);
}

/** Appended to an edited message's text. */
const EDITED_MARKERS = [
  '<This message was edited>',
  '<Diese Nachricht wurde bearbeitet>',
  '<Se editó este mensaje.>',
  '<Mensagem editada>',
  '<Ce message a été modifié>',
  '<Questo messaggio è stato modificato>',
  '<Dit bericht is bewerkt>',
];

const VIEW_ONCE = /^view once (?:message|photo|image|video|voice message|audio)(?: omitted)?$/i;

/** iOS: "<attached: NAME>", possibly after a document's description ("NAME • 3 pages "). */
const IOS_ATTACHMENT =
  /^(.*?)<(?:attached|Anhang|adjunto|anexo|pièce jointe|allegato|bijlage|załącznik|прикреплено)\s?:\s(.+)>$/;
/** Android: "NAME (file attached)"; the name may itself contain " (". */
const ANDROID_ATTACHMENT =
  /^(.+?)[\s\u200E\u200F]+\((?:file attached|Datei angehängt|archivo adjunto|arquivo anexado|fichier joint|file allegato|bestand bijgevoegd|plik załączony|dosya ekli)\)$/;
const LOCATION =
  /^(?:location|Standort|ubicación|localização|position|posizione|locatie)\s?:\s?https?:\/\/\S+$/i;
/** Lower-cased first letters of the location keywords above. */
const LOCATION_INITIALS = new Set([...'lsup'].map((c) => c.charCodeAt(0)));
/** iOS call log entries, written with a leading U+200E like other non-typed content. */
const CALL = /^(?:Missed |Silenced )?(?:group )?(?:voice|video) call\b/i;

export const NO_FLAGS: readonly MessageFlag[] = Object.freeze([]);
const EDITED: readonly MessageFlag[] = Object.freeze(['edited']);

export function interpretMessageText(text: string): TextMeaning {
  let body = text;
  let flags = NO_FLAGS;
  const editedAt = editedMarkerStart(text);
  if (editedAt >= 0) {
    body = text.slice(0, editedAt);
    flags = EDITED;
  }
  const newline = body.indexOf('\n');
  const head = trimEdges(newline < 0 ? body : body.slice(0, newline));

  const marker = MARKER_ENDS.has(markerEnds(head)) ? MARKERS.get(head) : undefined;
  if (marker === 'deleted')
    return { type: 'deleted', content: trimEdges(body), attachment: null, flags: withFlag(flags, 'deleted') };
  if (marker !== undefined) return { type: marker, content: trimEdges(body), attachment: null, flags };
  if (head.length <= 40 && (head.charCodeAt(0) | 0x20) === 0x76 /* v */ && VIEW_ONCE.test(head)) {
    return {
      type: 'omitted-media',
      content: trimEdges(body),
      attachment: null,
      flags: withFlag(flags, 'viewOnce'),
    };
  }

  const last = head.charCodeAt(head.length - 1);
  const attached =
    last === 0x3e /* > */
      ? IOS_ATTACHMENT.exec(head)
      : last === 0x29 /* ) */
        ? ANDROID_ATTACHMENT.exec(head)
        : null;
  if (attached !== null) {
    const attachment = cleanName(attached[last === 0x3e ? 2 : 1]);
    // What is left once the marker is gone: a document's description and the caption lines.
    const description = last === 0x3e ? attached[1] : '';
    const caption = newline < 0 ? description : `${description}\n${body.slice(newline + 1)}`;
    return { type: attachmentTypeOf(attachment), content: trimEdges(caption), attachment, flags };
  }

  if (LOCATION_INITIALS.has(head.charCodeAt(0) | 0x20) && head.includes('://') && LOCATION.test(head))
    return { type: 'location', content: trimEdges(body), attachment: null, flags };
  if (text.charCodeAt(0) === 0x200e && CALL.test(head))
    return { type: 'call', content: trimEdges(body), attachment: null, flags };
  return { type: 'text', content: trimEdges(body), attachment: null, flags };
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

/** Flag lists are shared (NO_FLAGS, EDITED), so a flag is added by copying. */
export function withFlag(flags: readonly MessageFlag[], flag: MessageFlag): readonly MessageFlag[] {
  return [...flags, flag];
}

const ANDROID_MEDIA_NAME = /^(IMG|VID|AUD|PTT|STK|DOC)-\d{8}-WA\d+/i;
const IOS_MEDIA_NAME = /^\d+-(PHOTO|VIDEO|AUDIO|STICKER|GIF)-/;
const ANDROID_PREFIX_TYPES: Record<string, AttachmentType> = {
  IMG: 'image',
  VID: 'video',
  AUD: 'audio',
  PTT: 'voice',
  STK: 'sticker',
  DOC: 'document',
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
  const android = ANDROID_MEDIA_NAME.exec(fileName);
  if (android !== null) return ANDROID_PREFIX_TYPES[android[1].toUpperCase()];
  const ios = IOS_MEDIA_NAME.exec(fileName);
  if (ios !== null) {
    switch (ios[1]) {
      case 'AUDIO':
        return extension === 'opus' ? 'voice' : 'audio';
      case 'PHOTO':
        return 'image';
      case 'VIDEO':
        return 'video';
      case 'STICKER':
        return 'sticker';
      default:
        return 'gif';
    }
  }
  return Object.hasOwn(EXTENSION_TYPES, extension) ? EXTENSION_TYPES[extension] : 'document';
}
