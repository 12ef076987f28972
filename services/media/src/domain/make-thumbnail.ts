import sharp from 'sharp';
import { MediaConversionError } from './media-conversion-error';

export interface ThumbnailOptions {
  /** A file path or the image bytes. */
  input: string | Buffer;
  maxWidth?: number;
  maxHeight?: number;
}

export interface Thumbnail {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Above any photo WhatsApp sends (it recompresses to a few megapixels) and most camera originals
 * sent as documents; a header claiming more is treated as a decompression bomb.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const RENDERABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const JPEG_QUALITY = 80;
/**
 * libvips stops a render that takes longer: a 50-megapixel photo takes about a second, so only an
 * image built to be slow gets near it.
 */
const RENDER_TIMEOUT_SECONDS = 30;
const DAMAGED = 'The image is damaged or not in a known format.';

/** An upright JPEG no larger than the bounds, for embedding in the transcript. */
export async function makeThumbnail({
  input,
  maxWidth = 800,
  maxHeight = 800,
}: ThumbnailOptions): Promise<Thumbnail> {
  const metadata = await readHeader(input);
  // sharp reads by content, so an SVG or TIFF renamed .jpg would otherwise be rendered too.
  if (!RENDERABLE_FORMATS.has(metadata.format)) {
    throw new MediaConversionError(
      'The image is not in a format that can be shown (JPEG, PNG, WebP, GIF or HEIC).',
      `format ${metadata.format}`,
    );
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new MediaConversionError(
      `The image is too large to render (${metadata.width} × ${metadata.height} pixels).`,
      `more than ${MAX_INPUT_PIXELS} pixels`,
    );
  }
  try {
    const { data, info } = await sharp(input, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency; stickers would otherwise get a black background.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .timeout({ seconds: RENDER_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    // The prebuilt sharp cannot decode HEVC, which most HEIC photos use.
    const reason =
      metadata.format === 'heif'
        ? 'The HEIC image could not be rendered: it is damaged or uses a coding this system cannot decode.'
        : DAMAGED;
    throw new MediaConversionError(reason, messageOf(error), { cause: error });
  }
}

async function readHeader(input: string | Buffer): Promise<sharp.Metadata> {
  try {
    // No pixel limit for the header alone: the size check after it gives the clearer reason.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    // Also what sharp throws synchronously, e.g. for an empty buffer.
    throw new MediaConversionError(DAMAGED, messageOf(error), { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
