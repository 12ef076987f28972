import type { MediaItem } from '@chatexhibit/proto/storage-layout';

/** A voice note or image media could not convert: recorded with the reason, the original untouched. */
export const unconvertedMediaItem = (path: string, kind: MediaItem['kind'], problem: string): MediaItem => ({
  path,
  kind,
  derivedKey: null,
  durationSeconds: null,
  derivedSizeBytes: null,
  derivedSha256: null,
  problem,
});
