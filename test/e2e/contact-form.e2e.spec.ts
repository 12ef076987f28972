import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { useChromium } from '../support/browser';
import { ARTIFACTS } from '../support/artifacts';
import { eventually } from '../support/eventually';
import { useStandalone } from '../support/standalone';

/** The /contact form in Chromium against `node standalone/dist/main.js`, down to the .eml. */
describe('contact form', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  beforeAll(() => mkdir(ARTIFACTS, { recursive: true }));

  const openContact = async (): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${standalone.baseUrl}/contact`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    return page;
  };

  const fill = async (page: Page, values: Record<'Name' | 'Email' | 'Subject' | 'Message', string>) => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
  };

  const emlFiles = async (): Promise<string[]> =>
    (await readdir(path.join(standalone.dataDir, 'outbox')).catch(() => [])).filter((file) =>
      file.endsWith('.eml'),
    );

  it('validates on submit, re-validates on change, sends, toasts, resets and mails', async () => {
    const page = await openContact();
    try {
      const form = page.getByRole('form', { name: 'Contact form' });
      const send = form.getByRole('button', { name: 'Send Message' });
      await send.click();
      const errors = [
        'Name must be at least 2 characters.',
        'Please enter a valid email address.',
        'Subject must be at least 5 characters.',
        'Message must be at least 10 characters.',
      ];
      for (const error of errors) await form.getByText(error, { exact: true }).waitFor();
      expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

      // After a submit, a change re-validates: the name's error goes as soon as it is valid.
      await form.getByLabel('Name').fill('Jo');
      await form.getByText(errors[0]!, { exact: true }).waitFor({ state: 'detached' });
      for (const error of errors.slice(1)) await form.getByText(error, { exact: true }).waitFor();

      await fill(page, {
        Name: 'Jordan Example',
        Email: 'jordan@example.com',
        Subject: 'Question about my export',
        Message: 'Does the transcript keep the original timestamps of every message?',
      });
      expect(await form.getByText(/must be at least|valid email/).count()).toBe(0);

      // Hold the request so the submitting state can be seen, then let it through to the server.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/contact', async (route: Route) => {
        await held;
        await route.continue();
      });
      await send.click();
      const sending = form.getByRole('button', { name: 'Sending...' });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      expect(await sending.locator('svg.animate-spin').count()).toBe(1);
      release();

      const toast = page.getByRole('status').filter({ hasText: 'Message Sent' });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Thank you for your message. We will respond shortly.');
      await form.getByRole('button', { name: 'Send Message' }).waitFor();
      for (const label of ['Name', 'Email', 'Subject', 'Message'])
        expect(await form.getByLabel(label).inputValue()).toBe('');
      expect(await form.getByText(/must be at least|valid email/).count()).toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'web-contact-form.png'), fullPage: true });

      // The mail to support, and the confirmation to the sender.
      await eventually(async () => (await emlFiles()).length === 2, 15_000, 'two mails in the outbox');
      const mails = await Promise.all(
        (await emlFiles()).map((file) => readFile(path.join(standalone.dataDir, 'outbox', file), 'utf8')),
      );
      expect(mails.filter((mail) => /^To: jordan@example\.com\r$/m.test(mail))).toHaveLength(1);
      const eml = mails.find((mail) => mail.includes('[ChatExhibit contact]'))!;
      expect(eml).toContain('jordan@example.com');
      expect(eml).toContain('Question about my export');
    } finally {
      await page.close();
    }
  });

  it.each([
    {
      answer: { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' },
      shown: 'Unexpected response from server. Please try again.',
    },
    {
      answer: {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INVALID', message: 'Subject must be at most 200 characters.' }),
      },
      shown: 'Subject must be at most 200 characters.',
    },
    {
      answer: { status: 429, contentType: 'application/json', body: JSON.stringify({}) },
      shown: 'Failed to send message',
    },
  ])('shows the error toast "$shown" for a $answer.status answer', async ({ answer, shown }) => {
    const page = await openContact();
    try {
      await page.route('**/api/contact', (route: Route) => route.fulfill(answer));
      await fill(page, {
        Name: 'Jordan Example',
        Email: 'jordan@example.com',
        Subject: 'Question about my export',
        Message: 'Does the transcript keep the original timestamps?',
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      const toast = page.getByRole('status').filter({ hasText: shown });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Error');
      expect(await page.locator('[data-variant="destructive"]').count()).toBe(1);
      // A failed send keeps what was typed.
      expect(await page.getByLabel('Name').inputValue()).toBe('Jordan Example');
    } finally {
      await page.close();
    }
  });
});
