import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { graveAccessibilityProblems } from '../support/accessibility';
import { ARTIFACTS } from '../support/artifacts';
import { REPO_ROOT } from '../support/child-process';
import { documentOpenedBy, useChromium } from '../support/browser';
import { cleanUpAll } from '../support/clean-up';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const SSN = '123-45-6789';

/** The WCAG contrast ratio of two opaque colours as getComputedStyle writes them (`rgb(r, g, b)`). */
function contrast(one: string, other: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Presses Tab until `target` has the focus: how a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator, presses = 150): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${presses} presses of Tab did not reach ${target.toString()}`);
}

/**
 * Issue 23's web-app deliverable in Chromium against `npm start`: a free export processed, then
 * with the keyboard only the preview's Exhibit mode, messages selected with arrows, Space and
 * Shift+arrow, the SSN suggestion accepted, the selection highlighted, a label typed, and 'Make
 * exhibit' to the files behind signed links, each downloading with the size and SHA-256 shown;
 * and the mouse's ways to choose messages and words to redact.
 */
describe('an exhibit made from the preview', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  let workDir: string;
  let zipPath: string;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-ui-'));
    ({ zipPath } = await writeWhatsAppExport(workDir, {
      textMessages: 8,
      voiceNotes: 0,
      photos: 0,
      texts: [
        'Morning. The landlord wants the forms today.',
        'What does he need?',
        `My SSN is ${SSN}, and the deposit comes from my account.`,
        'Send it by email, not here.',
        'Too late, it is sent. See you at the hearing.',
        'Fine.',
        'The keys are with the neighbour.',
        'Thanks.',
      ],
    }));
  }, 60_000);
  afterAll(() => cleanUpAll(() => workDir && rm(workDir, { recursive: true, force: true })));

  it('selects, accepts the SSN suggestion, highlights, labels and makes the exhibit, all from the keyboard', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      // Asked for before the page loads: Chromium hands the chooser over only once the browser
      // is told to, which a request made with the key press could come after.
      const chooser = page.waitForEvent('filechooser', { timeout: 0 });
      // A failure before it is awaited closes the page, which ends this wait too: not a second failure.
      chooser.catch(() => undefined);
      await page.goto(`http://localhost:${standalone.port}/`);
      // The upload box opens the file chooser with Enter; the chooser is the operating system's,
      // so the file is handed to it, the rest is keys.
      await tabTo(page, page.getByRole('button', { name: 'Drop your ZIP file here, or browse' }));
      await page.screenshot({ path: path.join(ARTIFACTS, 'upload-box-focused-1280.png') });
      await page.keyboard.press('Enter');
      await (await chooser).setFiles(zipPath);
      await tabTo(page, page.getByRole('button', { name: 'Process Chat Export' }));
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });

      await tabTo(page, page.getByRole('tab', { name: 'Transcript' }));
      await page.keyboard.press('ArrowRight');
      const exhibitTab = page.getByRole('tab', { name: 'Exhibit' });
      expect(await exhibitTab.getAttribute('aria-selected')).toBe('true');

      const list = page.getByRole('listbox', { name: 'Messages of the transcript' });
      await tabTo(page, list);
      const activeText = () =>
        list.evaluate(
          (element) =>
            element.ownerDocument.getElementById(element.getAttribute('aria-activedescendant') ?? '')
              ?.textContent ?? '',
        );
      for (let i = 0; i < 10 && !(await activeText()).includes(SSN); i++)
        await page.keyboard.press('ArrowDown');
      expect(await activeText()).toContain(SSN);
      const ssnMessage = (await activeText()).slice(0, 4);
      await page.keyboard.press('Space');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      const status = page.getByTestId('exhibit-selection-count');
      expect(await status.textContent()).toMatch(/^3 messages selected; /);
      expect(await list.getByRole('option', { selected: true }).count()).toBe(3);

      await tabTo(page, page.getByRole('button', { name: 'Highlight the selected' }));
      await page.keyboard.press('Enter');
      expect(await status.textContent()).toMatch(/^3 messages selected, 3 highlighted; /);

      const accept = page.getByRole('button', {
        name: `Accept: redact Social Security number “${SSN}” in message ${ssnMessage} except its last four digits`,
      });
      await tabTo(page, accept);
      await page.keyboard.press('Enter');
      // The only suggestion decided: it says so, and the keyboard is on the button that changes it.
      const change = page.getByRole('button', {
        name: `Reject instead: keep Social Security number “${SSN}” in message ${ssnMessage}`,
      });
      expect(await change.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
      expect(await change.locator('xpath=..').textContent()).toContain('Accepted');
      await page.getByRole('heading', { name: 'Redactions (1)' }).waitFor();

      await tabTo(page, page.getByLabel('Exhibit label'));
      await page.keyboard.type('Exhibit P-7');
      await tabTo(page, page.getByRole('button', { name: 'Make exhibit' }));
      await page.keyboard.press('Enter');
      const made = page.getByRole('heading', { name: 'Exhibit made' });
      await made.waitFor({ timeout: 90_000 });
      expect(await made.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'exhibit-made-1280.png'), fullPage: true });

      const files = page.getByRole('list', { name: 'The exhibit’s files' }).getByRole('listitem');
      const names: string[] = [];
      for (const file of await files.all()) {
        const button = file.getByRole('button');
        const name = (await button.textContent())!.trim();
        names.push(name);
        const body = await documentOpenedBy(page, () => button.click());
        expect(await file.textContent()).toContain(createHash('sha256').update(body).digest('hex'));
        if (name.endsWith('.csv')) expect(body.toString('utf8')).not.toContain(SSN);
      }
      expect(names).toEqual(expect.arrayContaining(['exhibit.pdf', 'redaction-log.csv']));

      await page.setViewportSize({ width: 375, height: 740 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.screenshot({ path: path.join(ARTIFACTS, 'exhibit-made-375.png'), fullPage: true });

      // The draft is kept on the server: a reload brings the selection, highlights, the accepted
      // suggestion and the label back.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page
        .getByTestId('exhibit-draft-status')
        .filter({ hasText: /^Draft saved$/ })
        .waitFor();
      await page.reload();
      await page.getByRole('tab', { name: 'Exhibit' }).click();
      await page
        .getByTestId('exhibit-draft-status')
        .filter({ hasText: /^Draft saved$/ })
        .waitFor();
      expect(await status.textContent()).toMatch(/^3 messages selected, 3 highlighted; /);
      await page.getByRole('heading', { name: 'Redactions (1)' }).waitFor();
      expect(await page.getByLabel('Exhibit label').inputValue()).toBe('Exhibit P-7');
      // Selected is told apart from not selected beyond the tint: the checked mark against the list.
      const marks = await list
        .getByTestId('selection-mark')
        .evaluateAll((all) =>
          all.map((mark) => mark.ownerDocument.defaultView!.getComputedStyle(mark).backgroundColor),
        );
      const listBackground = await list.evaluate(
        (element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor,
      );
      const selectedMark = marks.find((colour) => colour !== 'rgba(0, 0, 0, 0)')!;
      expect(contrast(selectedMark, listBackground)).toBeGreaterThanOrEqual(3);
      expect(await graveAccessibilityProblems(page)).toEqual([]);
      await page.screenshot({
        path: path.join(ARTIFACTS, 'exhibit-draft-restored-1280.png'),
        fullPage: true,
      });
    } finally {
      await page.close();
    }
  }, 240_000);

  it('selects with a click and a shift-click, the first click after load included, and still selects text to redact', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`http://localhost:${standalone.port}/`);
      await page.setInputFiles(
        'input[type=file]',
        path.join(REPO_ROOT, 'samples', 'WhatsApp Chat - Sam Carter.zip'),
      );
      await page.getByRole('button', { name: 'Process Chat Export' }).click();
      await page.getByRole('button', { name: 'View PDF' }).waitFor({ timeout: 90_000 });
      await page.getByRole('tab', { name: 'Exhibit' }).click();
      const list = page.getByRole('listbox', { name: 'Messages of the transcript' });
      const options = list.getByRole('option');
      await options.last().waitFor();
      const numbers = await options.evaluateAll((all) =>
        all.map((option) => option.textContent!.slice(0, 4)),
      );
      // The end of the list in view, its first message scrolled out: focusing the list must not
      // bring that one back under the pointer, which lost the first click.
      await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      const press = async (option: Locator, modifiers: 'Shift'[] = []) => {
        await option.hover();
        for (const modifier of modifiers) await page.keyboard.down(modifier);
        await page.mouse.down();
        await page.mouse.up();
        for (const modifier of modifiers) await page.keyboard.up(modifier);
      };
      const selectedNumbers = () =>
        list
          .getByRole('option', { selected: true })
          .evaluateAll((all) => all.map((option) => option.textContent!.slice(0, 4)));
      const textSelection = () =>
        list.evaluate((element) => element.ownerDocument.getSelection()?.toString() ?? '');

      await press(options.last());
      expect(await selectedNumbers()).toEqual(numbers.slice(-1));
      await press(options.nth(numbers.length - 4), ['Shift']);
      expect(await selectedNumbers()).toEqual(numbers.slice(-4));
      expect(await page.getByTestId('exhibit-selection-count').textContent()).toMatch(
        /^4 messages selected; /,
      );
      expect(await textSelection()).toBe('');

      // A drag over words of one message selects them to redact, not the message.
      const text = list.locator(`[data-content-of="${Number(numbers[1])}"]`);
      await text.scrollIntoViewIfNeeded();
      const box = (await text.boundingBox())!;
      const firstLine = box.y + 8;
      await page.mouse.move(box.x + 1, firstLine);
      await page.mouse.down();
      await page.mouse.move(box.x + Math.min(box.width - 1, 120), firstLine, { steps: 5 });
      await page.mouse.up();
      const words = await textSelection();
      expect(words.length).toBeGreaterThan(0);
      expect(await selectedNumbers()).toEqual(numbers.slice(-4));
      await page.getByRole('button', { name: `Redact the selected text of ${numbers[1]}…` }).click();
      const dialog = page.getByRole('dialog', { name: 'Redact text' });
      expect(await dialog.getByLabel('Text to redact').inputValue()).toBe(words);
    } finally {
      await page.close();
    }
  }, 240_000);
});
