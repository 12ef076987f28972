import { MAX_UPLOAD_BYTES, UPLOAD_FILE_EXTENSION } from '@chatexhibit/proto/constants';
import { CONVERTER_TEXTS } from './converter-texts';

/**
 * Why a chosen file is not uploaded: a chat text on its own (what Android's "Without media"
 * export shares), another file that is not a ZIP, or a ZIP over the upload limit.
 */
export type RefusalReason = 'chat-text' | 'not-zip' | 'too-large';

export interface RefusedFile {
  reason: RefusalReason;
  name: string;
  size: number;
}

/** SPEC §5's toast for each reason, word for word. */
export const REFUSAL_TOASTS: Record<RefusalReason, { title: string; description: string }> = {
  'chat-text': CONVERTER_TEXTS.invalidType,
  'not-zip': CONVERTER_TEXTS.invalidType,
  'too-large': CONVERTER_TEXTS.tooLarge,
};

/** Whether `file` may be uploaded (SPEC §5): null when it may, else why not. */
export function refuseFile(file: File): RefusedFile | null {
  const name = file.name.toLowerCase();
  const refused = (reason: RefusalReason): RefusedFile => ({ reason, name: file.name, size: file.size });
  if (!name.endsWith(UPLOAD_FILE_EXTENSION)) return refused(name.endsWith('.txt') ? 'chat-text' : 'not-zip');
  if (file.size > MAX_UPLOAD_BYTES) return refused('too-large');
  return null;
}
