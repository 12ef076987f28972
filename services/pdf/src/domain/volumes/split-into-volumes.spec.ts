import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { splitIntoVolumes, type VolumeToRender, VolumeTooLargeError } from './split-into-volumes';

/**
 * The splitter against a renderer that writes real files of a size it can be sure of: a fixed
 * part, each item's own bytes, and for a final volume a line per volume of the set on its cover.
 * One page per 10 items, plus the cover.
 */
describe('splitIntoVolumes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-split-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const FIXED = 20_000;
  const renderer = (itemBytes: (position: number) => number, calls: VolumeToRender<string>[] = []) => {
    return async (volume: VolumeToRender<string>) => {
      calls.push(volume);
      const file = path.join(dir, `v${volume.number}-of-${volume.count ?? 'trial'}.bin`);
      let size = FIXED + (volume.count ?? 0) * 300;
      for (let i = volume.range.from; i < volume.range.to; i += 1) size += itemBytes(i);
      await writeFile(file, Buffer.alloc(size));
      const items = volume.range.to - volume.range.from;
      return {
        files: [file],
        pageCount: 1 + Math.ceil(items / 10),
        about: `items ${volume.range.from}-${volume.range.to}`,
      };
    };
  };

  it('keeps every volume under the limit, covers every item once in order, and reports their pages', async () => {
    const calls: VolumeToRender<string>[] = [];
    // Items of uneven size: every seventh is ten times the others.
    const volumes = await splitIntoVolumes({
      itemCount: 5000,
      maxFileBytes: 250_000,
      render: renderer((i) => (i % 7 === 0 ? 1000 : 100), calls),
      refusal: ({ position }) => `item ${position}`,
    });
    expect(volumes.length).toBeGreaterThan(3);
    let to = 0;
    for (const [i, volume] of volumes.entries()) {
      expect(volume.number).toBe(i + 1);
      expect(volume.range.from).toBe(to);
      expect(volume.pageCount).toBe(1 + Math.ceil((volume.range.to - volume.range.from) / 10));
      expect(volume.sizeBytes).toBeLessThan(250_000);
      expect((await stat(volume.files[0]!)).size).toBe(volume.sizeBytes);
      expect(volume.about).toBe(`items ${volume.range.from}-${volume.range.to}`);
      to = volume.range.to;
    }
    expect(to).toBe(5000);
    // Every volume but the last is reasonably full, and the trials left no files.
    for (const volume of volumes.slice(0, -1)) expect(volume.sizeBytes).toBeGreaterThan(0.8 * 250_000);
    expect((await readdir(dir)).sort()).toEqual(
      volumes.map((volume) => path.basename(volume.files[0]!)).sort(),
    );
    // The final renders knew the count and the whole set.
    const finals = calls.filter((call) => call.count !== null).slice(-volumes.length);
    expect(finals.map((call) => [call.count, call.set.length])).toEqual(
      volumes.map(() => [volumes.length, volumes.length]),
    );
  });

  it('refuses an item too large for a volume of its own, naming it and its size, and leaves no file', async () => {
    const split = splitIntoVolumes({
      itemCount: 50,
      maxFileBytes: 250_000,
      render: renderer((i) => (i === 30 ? 300_000 : 100)),
      refusal: ({ position, about, sizeBytes }) => `item ${position} (${about}) makes ${sizeBytes} bytes`,
    });
    await expect(split).rejects.toThrow(VolumeTooLargeError);
    await expect(split).rejects.toThrow('item 30 (items 30-31) makes 320000 bytes');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses an item that fits its trial but not its final volume, whose cover lists the set, never with a bare error', async () => {
    // Alone, item 2 makes 249,800 bytes; with the set's list on its cover (300 bytes a volume), more than 250,000.
    const split = splitIntoVolumes({
      itemCount: 5,
      maxFileBytes: 250_000,
      render: renderer((i) => (i === 2 ? 229_800 : 100)),
      refusal: ({ position, about, sizeBytes }) => `item ${position} (${about}) makes ${sizeBytes} bytes`,
    });
    await expect(split).rejects.toThrow(VolumeTooLargeError);
    await expect(split).rejects.toThrow(/^item 2 \(items 2-3\) makes 250,?[0-9]{3} bytes$/);
    expect(await readdir(dir)).toEqual([]);
  });
});
