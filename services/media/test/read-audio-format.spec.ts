import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaConversionError } from '../src/domain/media-conversion-error';
import { DAMAGED_AUDIO, readAudioFormat } from '../src/domain/read-audio-format';
import { pseudoRandomBytes, TONE_SECONDS, writeTone } from './support/audio-fixtures';
import { makeTempDir } from './support/temp-dir';

const worker = (name: string) => path.join(__dirname, 'support', `${name}-audio-format.worker.cjs`);

describe('readAudioFormat (music-metadata in a worker thread)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the format and duration of a voice note', async () => {
    const format = await readAudioFormat(await writeTone(dir, 'opus'));
    expect(format).toMatchObject({ codec: 'Opus', numberOfChannels: 1, sampleRate: 48000 });
    expect(Math.abs(format!.durationSeconds! - TONE_SECONDS)).toBeLessThanOrEqual(0.1);
  });

  it('answers no duration for a file it cannot read, and undefined for one it cannot open', async () => {
    const noise = path.join(dir, 'noise.opus');
    await writeFile(noise, pseudoRandomBytes(20_000));
    expect((await readAudioFormat(noise))?.durationSeconds).toBeUndefined();
    await expect(readAudioFormat(path.join(dir, 'missing.opus'))).resolves.toBeUndefined();
  });

  it('stops a parser that never ends after the timeout and reports the file as damaged', async () => {
    const failure = await readAudioFormat(path.join(dir, 'any.opus'), {
      timeoutMs: 300,
      workerFile: worker('hanging'),
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MediaConversionError);
    expect(failure).toMatchObject({
      message: DAMAGED_AUDIO,
      detail: 'music-metadata was stopped after 300 ms',
    });
  });

  it('stops a parser that allocates without end at its heap limit and reports the file as damaged', async () => {
    const failure = await readAudioFormat(path.join(dir, 'any.opus'), {
      workerFile: worker('greedy'),
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MediaConversionError);
    expect(failure).toMatchObject({ message: DAMAGED_AUDIO });
    expect((failure as MediaConversionError).detail).toMatch(/^music-metadata failed: .*memory limit/);
  });

  it('stops the worker on abort with the abort reason', async () => {
    const controller = new AbortController();
    const reading = readAudioFormat(path.join(dir, 'any.opus'), {
      workerFile: worker('hanging'),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    controller.abort();
    expect(await reading).toMatchObject({ name: 'AbortError' });
  });
});
