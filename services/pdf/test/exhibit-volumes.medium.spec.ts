import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXHIBIT_PATHS, volumeFileName } from '@chatexhibit/proto/exhibit-files';
import { ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import { planExhibit } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import { renderExhibitDocuments } from '@chatexhibit/pdf/domain/exhibit/render-exhibit-documents';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { chatTranscriptInput } from './support/chat-transcripts';
import { GENERATED_SENDERS, generateMessages } from './support/generated-chat';
import { pdfForms, pdfObjects } from './support/pdf-operators';
import { paintedPaths, readWithPdfjs } from './support/pdfjs';

const run = promisify(execFile);
const MESSAGES = 3_000;
const LIMIT = 250_000;
/** Said in message 2 alone, and redacted. */
const SSN = '123-45-6789';
/** Message 3, redacted whole: longer than its row in the exhibit, so the sealed copy continues it at its end. */
const SEALED_MESSAGE = Array.from(
  { length: 12 },
  (_, i) => `Sealed sentence ${i + 1} of the order, told at length.`,
).join(' ');
const FRONT_PAGES = 2;

const pagesOf = async (file: string): Promise<string[]> =>
  (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout
    .split('\f')
    .slice(0, -1);

/**
 * An exhibit of a 3,000-message chat, every message highlighted and an amount redacted, over a
 * 250,000-byte court profile: the exhibit and its sealed copy split into volumes of the same pages.
 */
describe('an exhibit over its court profile’s limit', () => {
  let dir: string;
  let listed: string[];
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-volumes-'));
    const messages = generateMessages(MESSAGES);
    messages[1] = { ...messages[1]!, content: `My SSN is ${SSN} for the lease.` };
    messages[2] = {
      ...messages[2]!,
      type: 'text',
      attachment: null,
      attachmentPath: null,
      content: SEALED_MESSAGE,
    };
    const transcript = await chatTranscriptInput(messages, GENERATED_SENDERS);
    const spec = ExhibitSpecSchema.parse({
      label: 'Exhibit P-9',
      selections: [{ from: 1, to: MESSAGES }],
      highlights: Array.from({ length: MESSAGES }, (_, i) => i + 1),
      redactions: [
        { kind: 'text', message: 2, text: SSN, reason: { category: 'taxpayer-id' } },
        { kind: 'message', message: 3, reason: { category: 'sealed-by-order' } },
      ],
      batesPrefix: 'DOE',
      batesStart: 101,
      courtProfile: { maxFileBytes: LIMIT },
    });
    const plan = await planExhibit(spec, transcript.source.messages(), transcript.source.chat);
    const { files } = await renderExhibitDocuments(
      transcript,
      plan,
      { exportReference: 'CE-0000-0000-0000', uploadSha256: 'a'.repeat(64), filingSha256: 'c'.repeat(64) },
      new TextLayout(FontSet.shared()),
      dir,
      [],
    );
    listed = files.map((written) => written.path);
  }, 600_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('splits both copies into the same number of volumes, each under the limit, listed in the manifest and SHA256SUMS', async () => {
    const names = (await readdir(dir)).filter((name) => name.includes('-volume-')).sort();
    const count = names.length / 2;
    expect(count).toBeGreaterThan(1);
    const expected = Array.from({ length: count }, (_, i) => [
      volumeFileName(EXHIBIT_PATHS.exhibit, i + 1, count),
      volumeFileName(EXHIBIT_PATHS.sealed, i + 1, count),
    ]).flat();
    expect(names).toEqual([...expected].sort());
    expect((await readFile(file(EXHIBIT_PATHS.exhibit))).length).toBeGreaterThan(LIMIT);
    for (const name of names) expect((await readFile(file(name))).length).toBeLessThan(LIMIT);
    // Listed after the two copies, volume by volume, and checked by sha256sum.
    expect(listed.slice(0, 2 + names.length)).toEqual([
      EXHIBIT_PATHS.exhibit,
      EXHIBIT_PATHS.sealed,
      ...expected,
    ]);
    const manifest = JSON.parse(await readFile(file(EXHIBIT_PATHS.manifest), 'utf8')) as {
      files: { path: string }[];
    };
    expect(manifest.files.map((entry) => entry.path)).toEqual(expect.arrayContaining(expected));
    const { stdout } = await run('sha256sum', ['-c', EXHIBIT_PATHS.checksums], { cwd: dir });
    for (const name of names) expect(stdout).toContain(`${name}: OK`);
  });

  it('states the profile and its limit on the cover, and records them in the manifest with every file within the limit or split into volumes that are', async () => {
    const cover = (await pagesOf(file(EXHIBIT_PATHS.exhibit)))[0]!.replace(/\s+/g, ' ');
    expect(cover).toContain(
      'Court profile: a custom limit of 250,000 bytes (0.25 MB) per file. When exhibit.pdf or exhibit-sealed.pdf is over that limit, it is also split, in page order, into volumes that each stay under the limit and hold its pages with the same page and Bates numbers. Time zone',
    );
    const manifest = JSON.parse(await readFile(file(EXHIBIT_PATHS.manifest), 'utf8')) as {
      courtProfile: {
        preset: null;
        name: string;
        maxFileBytes: number;
        splitIntoVolumes: Record<string, string[]>;
      };
      files: { path: string; sizeBytes: number }[];
    };
    const { splitIntoVolumes, ...profile } = manifest.courtProfile;
    expect(profile).toEqual({ preset: null, name: 'custom', maxFileBytes: LIMIT });
    const volumes = (await readdir(dir)).filter((name) => name.includes('-volume-')).sort();
    expect(Object.keys(splitIntoVolumes).sort()).toEqual(
      [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed].sort(),
    );
    expect(Object.values(splitIntoVolumes).flat().sort()).toEqual(volumes);
    // Every file the manifest lists is within the limit, or split into volumes the manifest also lists.
    const over = manifest.files.filter((listed) => listed.sizeBytes > LIMIT).map((listed) => listed.path);
    expect(over.sort()).toEqual(Object.keys(splitIntoVolumes).sort());
    for (const name of Object.values(splitIntoVolumes).flat()) {
      const entry = manifest.files.find((listed) => listed.path === name);
      expect(entry?.sizeBytes).toBeLessThanOrEqual(LIMIT);
      expect(entry?.sizeBytes).toBe((await readFile(file(name))).length);
    }
  });

  it('holds in each volume the same pages of the exhibit and of the sealed copy, text, Bates numbers, highlights and boxes alike', async () => {
    const count = (await readdir(dir)).filter((name) => name.startsWith('exhibit-volume-')).length;
    const shared = (await pagesOf(file(EXHIBIT_PATHS.exhibit))).length;
    for (const [copy, suffix] of [
      [EXHIBIT_PATHS.exhibit, ''],
      [EXHIBIT_PATHS.sealed, '-S'],
    ] as const) {
      const whole = await pagesOf(file(copy));
      const wholePaths = await paintedPaths(file(copy));
      let next = 1;
      for (let number = 1; number <= count; number += 1) {
        const volume = file(volumeFileName(copy, number, count));
        const all = await pagesOf(volume);
        const [front, pages] = [all.slice(0, FRONT_PAGES), all.slice(FRONT_PAGES)];
        const last = next + pages.length - 1;
        expect(pages).toEqual(whole.slice(next - 1, last));
        // The sealed copy's last volume ends with the pages only it has, numbered after the last shared one.
        const lastShared = Math.min(last, shared);
        expect(pages[lastShared - next]).toContain(
          `DOE${String(100 + lastShared).padStart(6, '0')}${suffix}`,
        );
        for (const page of front) {
          expect(page).toContain(
            `Volume ${number} of ${count} · front matter, not part of the Bates-numbered exhibit`,
          );
          expect(page).not.toMatch(/Page \d+ of \d+/);
        }
        // The tints, bars and redaction boxes of the window's pages, the first and last most of all,
        // where a highlight that runs over the window's edge is painted.
        expect((await paintedPaths(volume)).slice(FRONT_PAGES)).toEqual(wholePaths.slice(next - 1, last));
        expect((await readWithPdfjs(volume)).labels).toEqual([
          'i',
          'ii',
          ...pages.map((_, p) => String(next + p)),
        ]);
        next = last + 1;
      }
      expect(next - 1).toBe(whole.length);
    }
  }, 300_000);

  it('leaves the redacted number out of every volume of the exhibit and keeps it in the sealed copy’s first', async () => {
    const count = (await readdir(dir)).filter((name) => name.startsWith('exhibit-volume-')).length;
    for (let number = 1; number <= count; number += 1) {
      const volume = file(volumeFileName(EXHIBIT_PATHS.exhibit, number, count));
      const texts = [(await pagesOf(volume)).join('\n'), await pdfObjects(volume)];
      expect(texts.some((text) => pdfForms(SSN).some((form) => text.includes(form)))).toBe(false);
    }
    const flat = async (name: string) => (await pagesOf(file(name))).join(' ').replace(/\s+/g, ' ');
    expect(await flat(volumeFileName(EXHIBIT_PATHS.exhibit, 1, count))).toMatch(
      /My SSN is (L2 )?\[SSN\/TIN\] for the lease/,
    );
    expect(await flat(volumeFileName(EXHIBIT_PATHS.sealed, 1, count))).toMatch(
      new RegExp(`My SSN is (L2 )?${SSN} for the lease`),
    );
    // Message 3 begins in its row of the sealed copy's first volume and continues in its last,
    // after the shared pages.
    const firstSealed = await flat(volumeFileName(EXHIBIT_PATHS.sealed, 1, count));
    const lastSealed = await flat(volumeFileName(EXHIBIT_PATHS.sealed, count, count));
    expect(firstSealed).toContain('continued at the end of this copy, under message 0003');
    expect(lastSealed).toContain('Continued texts of the unredacted copy');
    const [sealedMessage, inFirst, inLast] = [SEALED_MESSAGE, firstSealed, lastSealed].map((text) =>
      text.replace(/\s+/g, ''),
    );
    let inRow = sealedMessage!.length;
    while (inRow > 0 && !inFirst!.includes(sealedMessage!.slice(0, inRow))) inRow -= 1;
    expect(inRow).toBeGreaterThan(0);
    expect(inLast).toContain(sealedMessage!.slice(inRow));
  }, 120_000);
});
