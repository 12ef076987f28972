import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import { attachmentReferences } from '../evidence/attachment-reference';
import type { EvidenceFile } from '../evidence/types';
import type { TranscriptInput } from './write-transcripts';

/** The files of the evidence package by their path in the upload, as messages and the register name them. */
export interface AttachmentFiles {
  /** The original files (not the derived MP3s). */
  readonly originals: ReadonlyMap<string, EvidenceFile>;
  /** The MP3 copy made of a voice note. */
  readonly derivedAudio: ReadonlyMap<string, EvidenceFile>;
  /** What the media step made of a voice note or image. */
  readonly media: ReadonlyMap<string, MediaItem>;
  /** Each attached file's attachment number ('Attachment 3'). */
  readonly references: ReadonlyMap<string, string>;
}

export function attachmentFiles(input: TranscriptInput): AttachmentFiles {
  const originals = new Map<string, EvidenceFile>();
  const derivedAudio = new Map<string, EvidenceFile>();
  for (const file of input.evidence) {
    if (file.sourcePath === null) continue;
    if (file.role === 'derived-audio') derivedAudio.set(file.sourcePath, file);
    else originals.set(file.sourcePath, file);
  }
  return {
    originals,
    derivedAudio,
    media: new Map(input.source.media.map((item) => [item.path, item])),
    references: attachmentReferences(input.summary.references),
  };
}

/** Duration as SPEC's m:ss. */
export const formatDuration = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
