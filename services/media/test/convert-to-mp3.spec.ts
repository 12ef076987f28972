import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { convertToMp3, FFMPEG_MEMORY_BYTES } from '../src/domain/convert-to-mp3';
import { MediaConversionError } from '../src/domain/media-conversion-error';
import { type MediaTools, resolveMediaTools } from '../src/domain/media-tools';
import { readAudioFormat } from '../src/domain/read-audio-format';
import { AUDIO_EXTENSIONS, pseudoRandomBytes, TONE_SECONDS, writeTone } from './support/audio-fixtures';
import { makeTempDir } from './support/temp-dir';

const { tools } = resolveMediaTools(process.env);
const DAMAGED = 'The audio file is damaged or not in a known format.';

/** An MP3 starts with an ID3 tag or an MPEG audio frame sync (11 set bits). */
function looksLikeMp3(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)
  );
}

/** The pid of our ffmpeg child reading `inputPath`, once it is running. */
async function waitForFfmpegReading(inputPath: string): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      const parentPid = await readFile(`/proc/${entry}/stat`, 'utf8')
        .then((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
        .catch(() => -1);
      if (parentPid === process.pid && cmdline.includes(inputPath)) return Number(entry);
    }
    await sleep(10);
  }
  throw new Error(`no ffmpeg child reading ${inputPath} appeared`);
}

describe('convertToMp3', () => {
  let fixtures: string;
  let out: string;

  beforeAll(async () => {
    fixtures = await makeTempDir();
  });

  afterAll(async () => {
    await rm(fixtures, { recursive: true, force: true });
  });

  beforeEach(async () => {
    out = await makeTempDir();
  });

  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it.each(AUDIO_EXTENSIONS)('converts .%s to a mono MP3 of the same length', async (extension) => {
    const inputPath = await writeTone(fixtures, extension);
    const original = await readFile(inputPath);
    const outputPath = path.join(out, 'voice.mp3');

    const { durationSeconds } = await convertToMp3({ tools, inputPath, outputPath });

    expect(Math.abs(durationSeconds - TONE_SECONDS)).toBeLessThanOrEqual(0.2);
    expect(looksLikeMp3(await readFile(outputPath))).toBe(true);
    expect(await readAudioFormat(outputPath)).toMatchObject({
      codec: 'MPEG 2 Layer 3',
      numberOfChannels: 1,
      sampleRate: 22050,
    });
    expect(await readdir(out)).toEqual(['voice.mp3']);
    expect((await readFile(inputPath)).equals(original)).toBe(true);
  });

  describe('rejects a broken file with a reason and leaves nothing behind', () => {
    const broken: [string, (dir: string) => Promise<string>][] = [
      [
        'random bytes named .opus',
        async (dir) => {
          await writeFile(path.join(dir, 'noise.opus'), pseudoRandomBytes(20_000));
          return path.join(dir, 'noise.opus');
        },
      ],
      [
        'an empty file',
        async (dir) => {
          await writeFile(path.join(dir, 'empty.opus'), '');
          return path.join(dir, 'empty.opus');
        },
      ],
      [
        'an m4a cut off before its index (moov at the end)',
        async (dir) => {
          const whole = await readFile(await writeTone(dir, 'm4a'));
          await writeFile(path.join(dir, 'cut.m4a'), whole.subarray(0, Math.floor(whole.length / 2)));
          return path.join(dir, 'cut.m4a');
        },
      ],
      [
        'an m4a cut off in the middle of its audio (index first)',
        async (dir) => {
          const whole = await readFile(await writeTone(dir, 'm4a', ['-movflags', '+faststart']));
          await writeFile(
            path.join(dir, 'cut-faststart.m4a'),
            whole.subarray(0, Math.floor(whole.length * 0.6)),
          );
          return path.join(dir, 'cut-faststart.m4a');
        },
      ],
    ];

    it.each(broken)('%s', async (_, makeInput) => {
      const inputPath = await makeInput(fixtures);
      const outputPath = path.join(out, 'voice.mp3');

      const failure = await convertToMp3({ tools, inputPath, outputPath }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(MediaConversionError);
      expect((failure as MediaConversionError).message).toBe(DAMAGED);
      expect((failure as MediaConversionError).detail).toMatch(/\S/);
      expect((failure as MediaConversionError).detail).not.toContain('\n');
      expect(await readdir(out)).toEqual([]);
    });
  });

  it('refuses a playlist disguised as a voice note instead of opening the files it names', async () => {
    const secret = await writeTone(fixtures, 'wav');
    const inputPath = path.join(fixtures, 'playlist.opus');
    await writeFile(inputPath, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${secret}\n#EXT-X-ENDLIST\n`);

    const failure = await convertToMp3({
      tools,
      inputPath,
      outputPath: path.join(out, 'voice.mp3'),
    }).catch((error: unknown) => error);

    // Without the demuxer allow-list ffmpeg follows the playlist and converts the named file.
    expect(failure).toBeInstanceOf(MediaConversionError);
    expect((failure as MediaConversionError).message).toBe(DAMAGED);
    expect(await readdir(out)).toEqual([]);
  });

  describe('stops ffmpeg when it takes too long', () => {
    let fifo: string;

    beforeEach(() => {
      // ffmpeg blocks opening a named pipe that nobody writes to: a conversion that never ends.
      fifo = path.join(out, `never-written-${Date.now()}.opus`);
      execFileSync('mkfifo', [fifo]);
    });

    it('on abort: rejects with the abort reason promptly and leaves no process behind', async () => {
      const controller = new AbortController();
      const outputPath = path.join(out, 'voice.mp3');
      const conversion = convertToMp3({ tools, inputPath: fifo, outputPath, signal: controller.signal });
      const settled = conversion.catch((error: unknown) => error);
      const pid = await waitForFfmpegReading(fifo);

      const abortedAt = Date.now();
      controller.abort();
      const failure = await settled;

      expect(Date.now() - abortedAt).toBeLessThan(1000);
      expect(failure).toMatchObject({ name: 'AbortError' });
      // Reaped, not a zombie: a zombie keeps its /proc entry.
      expect(existsSync(`/proc/${pid}`)).toBe(false);
      expect(await readdir(out)).toEqual([path.basename(fifo)]);
    });

    it('on timeout: rejects with a MediaConversionError and leaves no process behind', async () => {
      const outputPath = path.join(out, 'voice.mp3');
      // Long enough for waitForFfmpegReading to find the child on a loaded machine (a scan of
      // /proc can take hundreds of milliseconds there); the detail proves the timer stopped it.
      const settled = convertToMp3({ tools, inputPath: fifo, outputPath, timeoutMs: 3000 }).catch(
        (error: unknown) => error,
      );
      const pid = await waitForFfmpegReading(fifo);
      const failure = await settled;

      expect(failure).toBeInstanceOf(MediaConversionError);
      expect(failure).toMatchObject({
        message: 'The audio file took too long to convert.',
        detail: 'ffmpeg was stopped after 3000 ms',
      });
      expect(existsSync(`/proc/${pid}`)).toBe(false);
      expect(await readdir(out)).toEqual([path.basename(fifo)]);
    });

    it('does not start ffmpeg for an already aborted signal', async () => {
      const signal = AbortSignal.abort();
      await expect(
        convertToMp3({ tools, inputPath: fifo, outputPath: path.join(out, 'voice.mp3'), signal }),
      ).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  describe('runs ffmpeg confined', () => {
    /**
     * A stand-in ffmpeg that writes down the environment it was started with and its kernel
     * limits (as the kernel has them, from /proc), then fails as a damaged file would.
     */
    async function fakeFfmpeg(): Promise<{ tools: MediaTools; environ: string; limits: string }> {
      const environ = path.join(out, 'environ');
      const limits = path.join(out, 'limits');
      const ffmpegPath = path.join(out, 'ffmpeg');
      await writeFile(
        ffmpegPath,
        `#!/bin/sh\n/bin/cat /proc/$$/environ > '${environ}'\n/bin/cat /proc/$$/limits > '${limits}'\nexit 1\n`,
      );
      await chmod(ffmpegPath, 0o755);
      return { tools: { ...tools, ffmpegPath }, environ, limits };
    }

    /** The soft and hard value of one line of /proc/<pid>/limits, e.g. "Max address space". */
    const limitOf = (limits: string, name: string) =>
      new RegExp(`^${name}\\s+(\\S+)\\s+(\\S+)`, 'm').exec(limits)!.slice(1, 3);

    it("with none of this process's environment and its memory and CPU limits (prlimit)", async () => {
      expect(tools.prlimitPath).not.toBeNull();
      expect(Object.keys(process.env).length).toBeGreaterThan(0);
      const fake = await fakeFfmpeg();
      const inputPath = await writeTone(fixtures, 'opus');

      const failure = await convertToMp3({
        tools: fake.tools,
        inputPath,
        outputPath: path.join(out, 'voice.mp3'),
        timeoutMs: 90_000,
      }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(MediaConversionError);
      expect(await readFile(fake.environ, 'utf8')).toBe('');
      const limits = await readFile(fake.limits, 'utf8');
      expect(limitOf(limits, 'Max address space')).toEqual([
        String(FFMPEG_MEMORY_BYTES),
        String(FFMPEG_MEMORY_BYTES),
      ]);
      expect(limitOf(limits, 'Max cpu time')).toEqual(['90', '90']);
    });

    it("without prlimit: still with an empty environment, limited only by its time limit and this process's limits", async () => {
      const fake = await fakeFfmpeg();
      const inputPath = await writeTone(fixtures, 'opus');

      await convertToMp3({
        tools: { ...fake.tools, prlimitPath: null },
        inputPath,
        outputPath: path.join(out, 'voice.mp3'),
      }).catch((error: unknown) => error);

      expect(await readFile(fake.environ, 'utf8')).toBe('');
      const [limits, own] = [
        await readFile(fake.limits, 'utf8'),
        await readFile('/proc/self/limits', 'utf8'),
      ];
      for (const name of ['Max address space', 'Max cpu time']) {
        expect(limitOf(limits, name)).toEqual(limitOf(own, name));
      }
    });
  });

  it('refuses to write over its input', async () => {
    const inputPath = await writeTone(fixtures, 'mp3');
    const original = await readFile(inputPath);
    await expect(convertToMp3({ tools, inputPath, outputPath: inputPath })).rejects.toThrow(
      `convertToMp3 would overwrite its input ${inputPath}.`,
    );
    expect((await readFile(inputPath)).equals(original)).toBe(true);
  });

  it('reports an ffmpeg that cannot be started as a setup problem, not a damaged file', async () => {
    const inputPath = await writeTone(fixtures, 'opus');
    const failure = await convertToMp3({
      tools: { ...tools, ffmpegPath: path.join(out, 'no-ffmpeg-here') },
      inputPath,
      outputPath: path.join(out, 'voice.mp3'),
    }).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(MediaConversionError);
    expect((failure as Error).message).toMatch(/^Could not run ffmpeg at .*no-ffmpeg-here: ENOENT/);
    expect(await readdir(out)).toEqual([]);
  });
});
