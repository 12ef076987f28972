import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { makeThumbnail } from '../src/domain/make-thumbnail';
import { MediaConversionError } from '../src/domain/media-conversion-error';
import { pseudoRandomBytes } from './support/audio-fixtures';
import { pngClaimingSize, redLeftBlueRight, solidImage } from './support/image-fixtures';
import { makeTempDir } from './support/temp-dir';

const DAMAGED = 'The image is damaged or not in a known format.';
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

async function rgbAt(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

async function failureOf(promise: Promise<unknown>): Promise<MediaConversionError> {
  const failure = await promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(MediaConversionError);
  return failure as MediaConversionError;
}

describe('makeThumbnail', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bounds a 4000×3000 JPEG file to 800 px wide', async () => {
    const input = path.join(dir, 'photo.jpg');
    await solidImage(4000, 3000).jpeg().toFile(input);

    const thumbnail = await makeThumbnail({ input });

    expect(thumbnail).toMatchObject({ width: 800, height: 600 });
    expect(isJpeg(thumbnail.jpeg)).toBe(true);
    expect(await sharp(thumbnail.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('bounds a 3000×4000 PNG buffer to 800 px high and honours custom bounds', async () => {
    const input = await solidImage(3000, 4000).png().toBuffer();

    await expect(makeThumbnail({ input })).resolves.toMatchObject({ width: 600, height: 800 });
    await expect(makeThumbnail({ input, maxWidth: 300, maxHeight: 1000 })).resolves.toMatchObject({
      width: 300,
      height: 400,
    });
  });

  it('does not enlarge a small image', async () => {
    const input = await solidImage(120, 90).png().toBuffer();
    await expect(makeThumbnail({ input })).resolves.toMatchObject({ width: 120, height: 90 });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored 400×200 with red on the left; orientation 6 means "rotate 90° clockwise to view".
    const input = await redLeftBlueRight(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(input).metadata()).toMatchObject({ width: 400, height: 200, orientation: 6 });

    const thumbnail = await makeThumbnail({ input });

    expect(thumbnail).toMatchObject({ width: 200, height: 400 });
    const [topRed, , topBlue] = await rgbAt(thumbnail.jpeg, 100, 20);
    const [bottomRed, , bottomBlue] = await rgbAt(thumbnail.jpeg, 100, 380);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(50);
    expect(bottomRed).toBeLessThan(50);
    expect(bottomBlue).toBeGreaterThan(200);
  });

  it('puts transparent images on white', async () => {
    const input = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    const thumbnail = await makeThumbnail({ input });
    expect(await rgbAt(thumbnail.jpeg, 25, 25)).toEqual([255, 255, 255]);
  });

  it('refuses a decompression bomb from its header alone', async () => {
    const started = Date.now();
    const failure = await failureOf(makeThumbnail({ input: pngClaimingSize(100_000, 100_000) }));
    expect(failure.message).toBe('The image is too large to render (100000 × 100000 pixels).');
    expect(failure.detail).toBe('more than 50000000 pixels');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['random bytes', pseudoRandomBytes(20_000)],
    ['an empty buffer', Buffer.alloc(0)],
    ['a HEIC container with no image in it', heicWithoutImage()],
  ])('rejects %s as damaged', async (_, input) => {
    const failure = await failureOf(makeThumbnail({ input }));
    expect(failure.message).toBe(DAMAGED);
    expect(failure.detail).toMatch(/\S/);
  });

  it('rejects a truncated JPEG as damaged', async () => {
    const whole = await redLeftBlueRight(600, 400).jpeg().toBuffer();
    const input = path.join(dir, 'cut.jpg');
    await writeFile(input, whole.subarray(0, Math.floor(whole.length / 2)));
    const failure = await failureOf(makeThumbnail({ input }));
    expect(failure.message).toBe(DAMAGED);
  });

  it('refuses formats a chat photo never is, even when sharp could read them', async () => {
    const input = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const failure = await failureOf(makeThumbnail({ input }));
    expect(failure.message).toBe(
      'The image is not in a format that can be shown (JPEG, PNG, WebP, GIF or HEIC).',
    );
    expect(failure.detail).toBe('format svg');
  });
});

/** An ISO-BMFF file that says it is HEIC (ftyp box) and holds nothing else. */
function heicWithoutImage(): Buffer {
  const body = Buffer.from('heic\0\0\0\0mif1heic', 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), body]);
}
