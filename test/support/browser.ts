import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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

/** Debian's Chromium for the calling test file: launched before its tests, closed after them. */
export function useChromium(): { browser: Browser } {
  const fixture = {} as { browser: Browser };
  beforeAll(async () => {
    fixture.browser = await launchChromium();
  }, 60_000);
  afterAll(() => fixture.browser?.close());
  return fixture;
}
