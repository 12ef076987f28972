import path from 'node:path';

/** What the transcript can do with an attachment: play it, show it, or only list it. */
export type MediaKind = 'voice' | 'image' | 'other';

// Voice notes are PTT-….opus (Android) or …-AUDIO-….opus (iOS); other audio arrives as AUD-….
const AUDIO_EXTENSIONS = new Set(['.opus', '.ogg', '.m4a', '.aac', '.amr', '.mp3', '.wav']);
// HEIC is listed although it may not render here: it then gets a reason, not silence.
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.heic']);

/** Classifies a ZIP entry by its extension (ZIP paths use `/`). */
export function mediaKindOf(entryPath: string): MediaKind {
  const extension = path.posix.extname(entryPath).toLowerCase();
  if (AUDIO_EXTENSIONS.has(extension)) return 'voice';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'other';
}
