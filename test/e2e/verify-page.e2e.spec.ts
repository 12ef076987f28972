import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import archiver from 'archiver';
import type { Page } from 'playwright-core';
import unzipper from 'unzipper';
import { graveAccessibilityProblems } from '../support/accessibility';
import { stepIndex } from '@chatexhibit/proto/steps';
import { eventually } from '../support/eventually';
import { ARTIFACTS } from '../support/artifacts';
import { untilTrue, useChromium } from '../support/browser';
import { cleanUpAll } from '../support/clean-up';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/**
 * Rewrites `source` into `target` entry by entry, as someone re-zipping an unzipped package
 * would: `change` alters or (null) drops an entry; `added` entries are put in too.
 */
async function rezip(
  source: string,
  target: string,
  change: (entryPath: string, bytes: Buffer) => Buffer | null,
  added: Record<string, string> = {},
): Promise<void> {
  const archive = archiver('zip');
  const written = finished(archive.pipe(createWriteStream(target)));
  for (const entry of (await unzipper.Open.file(source)).files) {
    if (entry.type !== 'File') continue;
    const bytes = change(entry.path, await entry.buffer());
    if (bytes !== null) archive.append(bytes, { name: entry.path });
  }
  for (const [name, text] of Object.entries(added)) archive.append(text, { name });
  await archive.finalize();
  await written;
}

/**
 * /verify in Chromium: an evidence package the app made, checked in the browser against its
 * SHA256SUMS, then the same package with one file altered, one removed and one added; single
 * files with their list; a ZIP that is no package. Nothing is sent to the server meanwhile.
 */
describe('the verify page', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let packageZip: string;
  let unzipped: string;
  let entryCount: number;
  let exportZip: string;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-verify-'));
    exportZip = (
      await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'export-')), {
        textMessages: 8,
        voiceNotes: 1,
        photos: 1,
      })
    ).zipPath;
    const { body } = await uploadExport(standalone.baseUrl, exportZip);
    const { events } = await readProgress(standalone.baseUrl, body.clientId!);
    // A free export ends at the PDF step, done.
    expect(events.at(-1)).toMatchObject({ done: true, step: stepIndex('generate-pdf') });
    unzipped = await downloadAndVerifyEvidence(standalone.baseUrl, body.clientId!, workDir);
    packageZip = path.join(workDir, 'evidence.zip');
    entryCount = (await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8')).trim().split('\n').length;
  }, 120_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  /** The page, with every request it sends after loading recorded. */
  const open = async (
    viewport = { width: 1280, height: 900 },
  ): Promise<{ page: Page; requests: string[] }> => {
    const page = await chromium.browser.newPage({ viewport });
    await page.goto(`${standalone.baseUrl}/verify`);
    await page.getByRole('heading', { level: 1, name: 'Verify an Evidence Package' }).waitFor();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    return { page, requests };
  };
  const verdict = async (page: Page) => {
    const shown = page.getByTestId('verdict');
    await shown.waitFor({ timeout: 30_000 });
    return { text: (await shown.textContent())?.trim(), good: await shown.getAttribute('data-good') };
  };
  const statuses = (page: Page) =>
    page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        Object.fromEntries(
          rows.map((row) => [row.children[1]!.textContent, row.getAttribute('data-status')]),
        ),
      );

  it('is linked from the footer, not from the header, and says nothing is uploaded', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${standalone.baseUrl}/`);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /ChatExhibit/ })
        .waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Verify a package' }).count()).toBe(0);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Verify a package' }).click();
      await page.waitForURL((url) => url.pathname === '/verify');
      // The page's code is loaded on this first visit; its title is set once it shows.
      await page.getByRole('heading', { level: 1, name: 'Verify an Evidence Package' }).waitFor();
      await untilTrue(page, `document.title === 'Verify an Evidence Package — ChatExhibit'`);
      expect(await page.getByTestId('privacy-note').textContent()).toContain('Nothing is uploaded.');
    } finally {
      await page.close();
    }
  });

  it("is named in the package's README.txt, at the app's public address", async () => {
    const readme = await readFile(path.join(unzipped, 'README.txt'), 'utf8');
    expect(readme).toContain(`Open this page:\n\n         http://localhost:${standalone.port}/verify\n`);
  });

  it('checks every file of a genuine package against SHA256SUMS in the browser, sending nothing', async () => {
    const { page, requests } = await open();
    try {
      await page.setInputFiles('input[type=file]', packageZip);
      expect(await verdict(page)).toEqual({
        text: `All ${entryCount} files of the package match SHA256SUMS and manifest.json.`,
        good: 'true',
      });
      const rows = await statuses(page);
      expect(Object.keys(rows)).toHaveLength(entryCount);
      expect(new Set(Object.values(rows))).toEqual(new Set(['match']));
      // The values to compare with the transcript's cover and the declaration, beside the table.
      const manifest = (await readFile(path.join(unzipped, 'SHA256SUMS'), 'utf8')).match(
        /^([0-9a-f]{64}) {2}manifest\.json$/m,
      )![1]!;
      expect(await page.getByTestId('manifest-sha256').locator('code').textContent()).toBe(manifest);
      const recorded = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
        export: { sha256: string };
      };
      expect(await page.getByTestId('upload-sha256').locator('code').textContent()).toBe(
        recorded.export.sha256,
      );
      expect(requests).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'web-verify-good.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('names the altered, the missing and the added file of a tampered package', async () => {
    const tampered = path.join(workDir, 'tampered.zip');
    await rezip(
      packageZip,
      tampered,
      (entryPath, bytes) => {
        if (entryPath === 'original/_chat.txt') return Buffer.from(bytes.toString('utf8').replace('a', 'b'));
        if (entryPath === 'transcript-filing.pdf') return null;
        return bytes;
      },
      { 'original/extra.txt': 'planted' },
    );
    const { page, requests } = await open();
    try {
      await page.setInputFiles('input[type=file]', tampered);
      expect(await verdict(page)).toEqual({
        text: `1 file does not match SHA256SUMS; 1 file is missing; 1 file is in no list. ${entryCount - 2} files match.`,
        good: 'false',
      });
      const rows = await statuses(page);
      expect(rows['original/_chat.txt']).toBe('mismatch');
      expect(rows['transcript-filing.pdf']).toBe('missing');
      expect(rows['original/extra.txt']).toBe('unlisted');
      expect(requests).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'web-verify-tampered.png'), fullPage: true });
      expect(await graveAccessibilityProblems(page)).toEqual([]);
      // On a phone the report fits the width: no sideways scrolling.
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      // The failing files come first, by name and in words, above the table of every file.
      const problems = page.getByTestId('problems').locator('li');
      expect(
        await problems.evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))),
      ).toEqual(['mismatch', 'missing', 'unlisted']);
      const [changed, missing, added] = await problems.allTextContents();
      // In plain words first, the hash values after them.
      expect(changed).toMatch(
        /^original\/_chat\.txtChanged after the package was made: this file’s bytes are not the ones ChatExhibit listed\. Its SHA-256 is now [0-9a-f]{64}, but SHA256SUMS records [0-9a-f]{64}\.$/,
      );
      expect(missing).toBe(
        'transcript-filing.pdfMissing: ChatExhibit listed this file when it made the package, but it is not here. SHA256SUMS lists it.',
      );
      expect(added).toBe(
        'original/extra.txtAdded after the package was made: ChatExhibit did not list this file, so nothing vouches for it. Neither SHA256SUMS nor manifest.json names it.',
      );
      await page.getByTestId('verdict').scrollIntoViewIfNeeded();
      const listTop = (await page.getByTestId('problems').boundingBox())!.y;
      const firstRowTop = (await page.locator('tbody tr').first().boundingBox())!.y;
      expect(listTop).toBeLessThan(firstRowTop);
      // Named on the screen that shows the verdict: no scrolling past the rows to find it.
      expect((await problems.first().boundingBox())!.y).toBeLessThan(800);
      // In the table too, the failing rows come first, each with its result in words.
      expect(
        await page
          .locator('tbody tr')
          .evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-status'))),
      ).toEqual(['mismatch', 'missing', 'unlisted']);
      expect(await page.locator('tbody tr').first().getByText('Does not match').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'web-verify-tampered-375.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('catches a file changed together with its line in SHA256SUMS, by manifest.json, and shows the hashes the declaration states', async () => {
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const changed = new Map<string, string>();
    const tampered = path.join(workDir, 'rewritten.zip');
    // The chat text and the filing copy altered, and SHA256SUMS rewritten to match both.
    const alter = (entryPath: string, bytes: Buffer): Buffer => {
      const altered = Buffer.concat([bytes, Buffer.from('\n')]);
      changed.set(entryPath, sha256(altered));
      return altered;
    };
    await rezip(packageZip, tampered, (entryPath, bytes) => {
      if (entryPath === 'original/_chat.txt' || entryPath === 'transcript-filing.pdf')
        return alter(entryPath, bytes);
      if (entryPath !== 'SHA256SUMS') return bytes;
      return Buffer.from(
        bytes
          .toString('utf8')
          .replace(/^[0-9a-f]{64}(?= {2}original\/_chat\.txt$)/m, changed.get('original/_chat.txt')!)
          .replace(/^[0-9a-f]{64}(?= {2}transcript-filing\.pdf$)/m, changed.get('transcript-filing.pdf')!),
      );
    });
    const { page } = await open();
    try {
      await page.setInputFiles('input[type=file]', tampered);
      expect(await verdict(page)).toEqual({
        text: `1 file does not match manifest.json. ${entryCount - 1} files match.`,
        good: 'false',
      });
      expect(await page.getByTestId('problems').locator('li').allTextContents()).toEqual([
        expect.stringMatching(
          /^original\/_chat\.txtChanged after .* but manifest\.json records [0-9a-f]{64}\.$/,
        ),
      ]);
      // The filing copy passes both lists (manifest.json lists evidence files only): the page shows
      // its hash now, to compare with the one the declaration states, which differs.
      const declaration = await readFile(path.join(unzipped, 'declaration-template.txt'), 'utf8');
      const stated = await page
        .getByTestId('what-a-match-shows')
        .locator('div')
        .evaluateAll((items) => items.map((item) => item.textContent));
      expect(stated).toContain(
        `SHA-256 of transcript-filing.pdf, computed now${changed.get('transcript-filing.pdf')}`,
      );
      expect(declaration).not.toContain(changed.get('transcript-filing.pdf'));
      const manifestNow = sha256(await readFile(path.join(unzipped, 'manifest.json')));
      expect(stated).toContain(`SHA-256 of manifest.json, computed now${manifestNow}`);
      expect(declaration).toContain(manifestNow);
      expect(await page.getByText('none has changed').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);

  it.each([
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ])(
    'at $width px brings the verdict and the altered file’s name into view below the header, focused and announced',
    async (viewport) => {
      const tampered = path.join(workDir, `altered-${viewport.width}.zip`);
      await rezip(packageZip, tampered, (entryPath, bytes) =>
        entryPath === 'original/_chat.txt' ? Buffer.from(bytes.toString('utf8').replace('a', 'b')) : bytes,
      );
      const { page } = await open(viewport);
      try {
        await page.setInputFiles('input[type=file]', tampered);
        const shown = page.getByTestId('verdict');
        await shown.waitFor({ timeout: 30_000 });
        const headerBottom = (await page.getByRole('banner').boundingBox())!;
        const inView = async (locator: ReturnType<Page['locator']>) => {
          const box = (await locator.boundingBox())!;
          return box.y >= headerBottom.y + headerBottom.height && box.y + box.height <= viewport.height;
        };
        await eventually(() => inView(shown), 5000, 'the verdict in view below the header');
        expect(await inView(page.getByTestId('problem-path').first())).toBe(true);
        expect(await page.getByTestId('problem-path').first().textContent()).toBe('original/_chat.txt');
        expect(await shown.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
        expect(await page.getByRole('status').filter({ hasText: 'does not match' }).textContent()).toBe(
          `1 file does not match SHA256SUMS. ${entryCount - 1} files match.`,
        );
        await page.screenshot({ path: path.join(ARTIFACTS, `web-verify-altered-${viewport.width}.png`) });
      } finally {
        await page.close();
      }
    },
    60_000,
  );

  it('checks single files against the list dropped with them, by name', async () => {
    const { page } = await open();
    const altered = path.join(workDir, 'single');
    await mkdir(altered);
    try {
      const filing = path.join(unzipped, 'transcript-filing.pdf');
      await page.setInputFiles('input[type=file]', [filing, path.join(unzipped, 'SHA256SUMS')]);
      expect(await verdict(page)).toEqual({ text: 'The file matches SHA256SUMS.', good: 'true' });

      // The same name with other bytes, checked against manifest.json (which lists evidence files only).
      const chat = await readFile(path.join(unzipped, 'original', '_chat.txt'));
      await writeFile(path.join(altered, '_chat.txt'), Buffer.concat([chat, Buffer.from('\n')]));
      await page.setInputFiles('input[type=file]', [
        path.join(altered, '_chat.txt'),
        path.join(unzipped, 'manifest.json'),
      ]);
      expect((await verdict(page)).good).toBe('false');
      expect(await statuses(page)).toEqual({ 'original/_chat.txt': 'mismatch' });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('hashes a file too large for one Web Crypto call in pieces, and tells a changed byte', async () => {
    const large = path.join(workDir, 'large');
    await mkdir(large);
    // Over WEB_CRYPTO_MAX_BYTES (32 MiB, frontend/src/features/verify/sha256.ts): streamed.
    const bytes = randomBytes(40 * 1024 * 1024);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    await writeFile(path.join(large, 'voice.opus'), bytes);
    await writeFile(path.join(large, 'SHA256SUMS'), `${digest(bytes)}  original/voice.opus\n`);
    const { page } = await open();
    try {
      await page.setInputFiles('input[type=file]', [
        path.join(large, 'voice.opus'),
        path.join(large, 'SHA256SUMS'),
      ]);
      expect(await verdict(page)).toEqual({ text: 'The file matches SHA256SUMS.', good: 'true' });
      bytes[bytes.length - 1] ^= 1;
      await writeFile(path.join(large, 'voice.opus'), bytes);
      await page.setInputFiles('input[type=file]', [
        path.join(large, 'voice.opus'),
        path.join(large, 'SHA256SUMS'),
      ]);
      await page.getByTestId('verdict').and(page.locator('[data-good=false]')).waitFor();
      expect(await page.locator('tbody').getByText(digest(bytes)).count()).toBe(1);
      // And in words above the table: the file has changed, with its new value.
      expect(await page.getByTestId('problems').textContent()).toContain(
        `Changed after the package was made: this file’s bytes are not the ones ChatExhibit listed. Its SHA-256 is now ${digest(bytes)}`,
      );
    } finally {
      await page.close();
    }
  }, 60_000);

  it('says why when there is nothing to check against', async () => {
    const { page } = await open();
    try {
      await page.setInputFiles('input[type=file]', exportZip);
      await page
        .getByRole('alert')
        .getByText(
          'This ZIP holds no SHA256SUMS or manifest.json, so there is nothing to check its files against. Is it a ChatExhibit evidence package?',
        )
        .waitFor();
      await page.setInputFiles('input[type=file]', path.join(unzipped, 'transcript.pdf'));
      await page
        .getByRole('alert')
        .getByText(
          'Add the package’s SHA256SUMS or manifest.json: without it there is nothing to compare the files with.',
        )
        .waitFor();
      const broken = path.join(workDir, 'broken.zip');
      await writeFile(broken, (await readFile(packageZip)).subarray(0, 2000));
      await page.setInputFiles('input[type=file]', broken);
      await page
        .getByRole('alert')
        .getByText('This ZIP file could not be read: it is damaged, or it is not a ZIP file.')
        .waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);
});
