import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { eventually } from './eventually';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls). */
export function launchChromium(): Promise<Browser> {
  const executablePath = CANDIDATES.find(
    (candidate): candidate is string => !!candidate && existsSync(candidate),
  );
  if (!executablePath)
    throw new Error('Chromium is not installed: scripts/test.sh installs it (apt-get install chromium)');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Debian's Chromium for the calling test file: launched before its tests, closed after them.
 * Every page its `newPage` opens is watched, and a test in which Chromium reported a
 * Content-Security-Policy violation fails: the app must work under the policy it is served with.
 */
export function useChromium(): { browser: Browser } {
  const fixture = {} as { browser: Browser };
  const violations: string[] = [];
  beforeAll(async () => {
    const browser = await launchChromium();
    const newPage = browser.newPage.bind(browser);
    browser.newPage = async (options) => {
      const page = await newPage(options);
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy'))
          violations.push(`${page.url()}: ${message.text()}`);
      });
      return page;
    };
    fixture.browser = browser;
  }, 60_000);
  afterEach(() => expect(violations.splice(0)).toEqual([]));
  afterAll(() => fixture.browser?.close());
  return fixture;
}

/**
 * Waits until `expression` holds in the page, asked afresh each time. Playwright's
 * waitForFunction evaluates a string again inside the page on every poll, which the app's
 * policy (no 'unsafe-eval') refuses.
 */
export const untilTrue = (page: Page, expression: string, timeoutMs = 30_000): Promise<void> =>
  eventually(async () => (await page.evaluate(expression)) === true, timeoutMs, expression, 50);
