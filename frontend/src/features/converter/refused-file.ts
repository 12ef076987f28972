import { MAX_UPLOAD_BYTES, UPLOAD_FILE_EXTENSION } from '@chatexhibit/proto/constants';
import type { ProgressErrorReason } from '@chatexhibit/proto/progress';
import { CONVERTER_TEXTS } from './converter-texts';

/**
 * Why a chosen file is not uploaded: a chat text on its own (what Android's "Without media"
 * export shares), another file that is not a ZIP, or a ZIP over the upload limit. Or, found only
 * by processing it, a ZIP with no WhatsApp chat in it.
 */
export type RefusalReason = ChoiceRefusal | 'not-whatsapp';
/** The refusals found when the file is chosen, before anything is sent. */
type ChoiceRefusal = 'chat-text' | 'not-zip' | 'too-large';

export interface RefusedFile {
  reason: RefusalReason;
  name: string;
}

/** SPEC §5's toast for each reason, word for word. */
export const REFUSAL_TOASTS: Record<ChoiceRefusal, { title: string; description: string }> = {
  'chat-text': CONVERTER_TEXTS.invalidType,
  'not-zip': CONVERTER_TEXTS.invalidType,
  'too-large': CONVERTER_TEXTS.tooLarge,
};

/** Whether `file` may be uploaded (SPEC §5): null when it may, else why not. */
export function refuseFile(file: File): (RefusedFile & { reason: ChoiceRefusal }) | null {
  const name = file.name.toLowerCase();
  const refused = (reason: ChoiceRefusal) => ({ reason, name: file.name });
  if (!name.endsWith(UPLOAD_FILE_EXTENSION)) return refused(name.endsWith('.txt') ? 'chat-text' : 'not-zip');
  if (file.size > MAX_UPLOAD_BYTES) return refused('too-large');
  return null;
}

/**
 * The refusal processing reported for the uploaded `file`, told by the reason code its failure
 * carries (never by its sentence): null when processing failed otherwise, or did not fail.
 */
export function processingRefusal(
  errorReason: ProgressErrorReason | null,
  file: { name: string } | null,
): RefusedFile | null {
  if (errorReason !== 'NOT_A_WHATSAPP_EXPORT' || file === null) return null;
  return { reason: 'not-whatsapp', name: file.name };
}
