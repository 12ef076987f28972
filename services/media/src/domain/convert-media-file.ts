import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { ProcessingOptions } from '@chatexhibit/proto/processing-options';
import { isMacOsMetadataPath, type ExportEntry } from '@chatexhibit/proto/storage-layout';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { convertToMp3 } from './convert-to-mp3';
import { makeThumbnail } from './make-thumbnail';
import { mediaKindOf } from './media-kind';
import type { MediaTools } from './media-tools';

/** One file the media step converts: a voice note to MP3, or a photo to a thumbnail. */
export interface MediaWork {
  entry: ExportEntry;
  kind: 'voice' | 'image';
}

/** What a converted file is: its duration (voice notes), size and SHA-256. */
export interface ConvertedFile {
  durationSeconds: number | null;
  sizeBytes: number;
  sha256: string;
}

/**
 * The entries the media step converts: every voice note, and every photo when images are included.
 * macOS metadata ("__MACOSX/…", "._name") is no media, whatever its name ends with.
 */
export function mediaWorkOf(entries: readonly ExportEntry[], options: ProcessingOptions): MediaWork[] {
  return entries.flatMap((entry) => {
    if (isMacOsMetadataPath(entry.path)) return [];
    const kind = mediaKindOf(entry.path);
    return kind === 'voice' || (kind === 'image' && options.includeImages) ? [{ entry, kind }] : [];
  });
}

/**
 * Converts the local file `inputPath` (a voice note or a photo) to `outputPath`: an MP3 or a
 * bounded JPEG. Throws MediaConversionError when the file cannot be converted.
 */
export async function convertMediaFile({
  kind,
  tools,
  inputPath,
  outputPath,
  signal,
}: {
  kind: MediaWork['kind'];
  /** Needed for voice notes only. */
  tools: MediaTools | null;
  inputPath: string;
  outputPath: string;
  signal?: AbortSignal;
}): Promise<ConvertedFile> {
  let durationSeconds: number | null = null;
  if (kind === 'voice') {
    if (tools === null) throw new Error('convertMediaFile needs ffmpeg for a voice note.');
    ({ durationSeconds } = await convertToMp3({ tools, inputPath, outputPath, signal }));
  } else {
    await writeFile(outputPath, (await makeThumbnail({ input: inputPath })).jpeg);
  }
  return { durationSeconds, ...(await hashFile(outputPath)) };
}

const run = promisify(execFile);

const ffmpegVersions = new Map<string, Promise<string>>();

/**
 * "ffmpeg version 5.1.6-0+deb12u1 Copyright …" → "5.1.6-0+deb12u1", asked once per ffmpeg; 'unknown'
 * when ffmpeg does not say (the conversions themselves report a broken ffmpeg).
 */
function ffmpegVersion(ffmpegPath: string): Promise<string> {
  let version = ffmpegVersions.get(ffmpegPath);
  if (version === undefined) {
    version = run(ffmpegPath, ['-version'], { env: {}, timeout: 10_000 }).then(
      ({ stdout }) => /^ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown',
      () => 'unknown',
    );
    ffmpegVersions.set(ffmpegPath, version);
  }
  return version;
}

/**
 * The versions of the programs that make the derived files of `work`, by name: ffmpeg for voice
 * notes, sharp and its libvips for thumbnails. Another version may make other bytes, so the
 * manifest records them and a reproduction that differs can say why.
 */
export async function mediaComponents(
  work: readonly MediaWork[],
  tools: MediaTools | null,
): Promise<Record<string, string>> {
  const components: Record<string, string> = {};
  if (tools !== null && work.some((w) => w.kind === 'voice')) {
    components.ffmpeg = await ffmpegVersion(tools.ffmpegPath);
  }
  if (work.some((w) => w.kind === 'image')) {
    components.sharp = sharp.versions.sharp ?? 'unknown';
    components.libvips = sharp.versions.vips;
  }
  return components;
}
