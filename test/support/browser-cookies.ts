import { CookieJar } from 'tough-cookie';
import type { BrowserContext } from 'playwright-core';

/**
 * SPEC §7: every request of the web app carries credentials. The tests' `fetch` does as a browser
 * does: it keeps the cookies the servers set (the one that binds uploaded exports to their
 * uploader above all) in one jar per test file and sends them back. A test that plays someone
 * who holds only a logged id calls `fetchWithoutCookies`.
 */
const jar = new CookieJar();
const ORIGINAL_FETCH = Symbol.for('chatexhibit.fetchWithoutCookies');
const holder = globalThis as typeof globalThis & { [ORIGINAL_FETCH]?: typeof fetch };
const plainFetch: typeof fetch = holder[ORIGINAL_FETCH] ?? globalThis.fetch.bind(globalThis);
holder[ORIGINAL_FETCH] = plainFetch;

/** `fetch` as a stranger's client: no cookies sent, none kept. */
export const fetchWithoutCookies: typeof fetch = (input, init) => plainFetch(input, init);

/** Forgets every cookie of this test file's jar (a new browser). */
export const clearBrowserCookies = (): Promise<void> => jar.removeAllCookies();

globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const cookie = await jar.getCookieString(request.url);
  if (cookie && !request.headers.has('cookie')) request.headers.set('cookie', cookie);
  const response = await plainFetch(request);
  for (const header of response.headers.getSetCookie())
    await jar.setCookie(header, request.url, { ignoreError: true });
  return response;
};

/**
 * Gives a Chromium context the cookies this test file's fetch holds for `fromUrl`, as set for
 * `toUrl` (default the same): a test that uploads through the API, then goes on in the page, is
 * one person with one browser.
 */
export async function shareCookies(context: BrowserContext, fromUrl: string, toUrl = fromUrl): Promise<void> {
  const cookies = await jar.getCookies(fromUrl, { allPaths: true });
  const domain = new URL(toUrl).hostname;
  await context.addCookies(
    cookies.map(({ key, value, path }) => ({ name: key, value, domain, path: path ?? '/' })),
  );
}
