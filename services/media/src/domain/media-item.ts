import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import type { ConvertedFile } from './convert-media-file';

/** A voice note or image media converted: where its copy is stored, with the copy's facts. */
export const convertedMediaItem = (
  path: string,
  kind: MediaItem['kind'],
  derivedKey: string,
  converted: ConvertedFile,
): MediaItem => ({
  path,
  kind,
  derivedKey,
  durationSeconds: converted.durationSeconds,
  derivedSizeBytes: converted.sizeBytes,
  derivedSha256: converted.sha256,
  problem: null,
});

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
