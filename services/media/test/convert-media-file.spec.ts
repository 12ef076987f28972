import { execFileSync } from 'node:child_process';
import type { ProcessingOptions } from '@chatexhibit/proto/processing-options';
import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import { mediaComponents, mediaWorkOf } from '../src/domain/convert-media-file';
import { resolveMediaTools } from '../src/domain/media-tools';

const entry = (path: string): ExportEntry => ({ path, key: `k/${path}`, size: 1, sha256: '0'.repeat(64) });
const ENTRIES = [entry('_chat.txt'), entry('PTT-1.opus'), entry('IMG-1.jpg'), entry('doc.pdf')];
const options = (includeImages: boolean): ProcessingOptions => ({
  includeTimestamps: true,
  highlightSenders: true,
  includeVoiceMessages: true,
  includeImages,
  includeAttachments: false,
  utcColumn: false,
});

describe('the media step, shared by the media service and npm run convert', () => {
  it('converts every voice note, and photos only when the transcript shows images', () => {
    expect(mediaWorkOf(ENTRIES, options(false)).map((w) => [w.entry.path, w.kind])).toEqual([
      ['PTT-1.opus', 'voice'],
    ]);
    expect(mediaWorkOf(ENTRIES, options(true)).map((w) => [w.entry.path, w.kind])).toEqual([
      ['PTT-1.opus', 'voice'],
      ['IMG-1.jpg', 'image'],
    ]);
  });

  it("leaves macOS metadata out: a Finder-made ZIP's __MACOSX/ copies and ._ files are no voice notes or photos", () => {
    const finder = [
      entry('PTT-1.opus'),
      entry('__MACOSX/._PTT-1.opus'),
      entry('__MACOSX/Chat/IMG-1.jpg'),
      entry('Chat/._IMG-1.jpg'),
    ];
    expect(mediaWorkOf(finder, options(true)).map((w) => w.entry.path)).toEqual(['PTT-1.opus']);
  });

  it('records the versions of the programs that made the derived files, and only those', async () => {
    const { tools } = resolveMediaTools(process.env);
    const ffmpeg = /^ffmpeg version (\S+)/.exec(
      execFileSync(tools.ffmpegPath, ['-version'], { encoding: 'utf8' }),
    )![1];
    expect(await mediaComponents(mediaWorkOf(ENTRIES, options(true)), tools)).toEqual({
      ffmpeg,
      sharp: expect.stringMatching(/^\d+\.\d+\.\d+/),
      libvips: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(await mediaComponents(mediaWorkOf(ENTRIES, options(false)), tools)).toEqual({ ffmpeg });
    expect(await mediaComponents(mediaWorkOf([entry('_chat.txt')], options(true)), null)).toEqual({});
  });
});
