import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
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

/**
 * The bytes of the document `click` opens in a new tab through a one-time code (`/api/files/{code}`),
 * as they reach the browser: the address opens once, and Chromium's PDF viewer shows its own page
 * in their place. The tabs it opened are closed.
 */
export async function documentOpenedBy(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const context = page.context();
  let delivered!: (bytes: Buffer) => void;
  const received = new Promise<Buffer>((resolve) => (delivered = resolve));
  const pass = async (route: Route) => {
    const response = await route.fetch();
    const body = await response.body();
    await route.fulfill({ response, body });
    delivered(body);
  };
  const opened: Page[] = [];
  const track = (tab: Page) => opened.push(tab);
  await context.route('**/api/files/*', pass);
  context.on('page', track);
  try {
    await click();
    return await received;
  } finally {
    context.off('page', track);
    await context.unroute('**/api/files/*', pass);
    for (const tab of opened) await tab.close();
  }
}
