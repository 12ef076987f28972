import { mkdir, readFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { MOBILE_BREAKPOINT_PX } from '@chatexhibit/proto/constants';
import { graveAccessibilityProblems } from '../support/accessibility';
import { untilTrue, useChromium } from '../support/browser';
import { ARTIFACTS } from '../support/artifacts';
import { REPO_ROOT } from '../support/child-process';
import { useStandalone } from '../support/standalone';

/** The static pages of the web app, as Chromium renders them from `node standalone/dist/main.js`. */
describe('web app static pages', () => {
  const standalone = useStandalone();
  const chromium = useChromium();
  beforeAll(() => mkdir(ARTIFACTS, { recursive: true }));

  const open = async (route: string, width = 1280): Promise<Page> => {
    const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${standalone.baseUrl}${route}`);
    return page;
  };

  const pages = [
    { route: '/', heading: 'ChatExhibit', title: 'ChatExhibit — Court-Ready Evidence', shot: 'home' },
    { route: '/faq', heading: 'Frequently Asked Questions', title: 'FAQ — ChatExhibit', shot: 'faq' },
    {
      route: '/pricing',
      heading: 'Simple, Transparent Pricing',
      title: 'Pricing — ChatExhibit',
      shot: 'pricing',
    },
    { route: '/blog', heading: 'Blog', title: 'Blog — ChatExhibit', shot: 'blog' },
    {
      route: '/blog/how-to-use-whatsapp-evidence',
      heading: 'How to Use WhatsApp Evidence in Court (US)',
      title: 'How to Use WhatsApp Evidence in Court (US) — ChatExhibit',
      shot: 'blog-post',
    },
    {
      route: '/contact',
      heading: 'Contact Support',
      title: 'Contact Support — ChatExhibit WhatsApp Chat to PDF Converter',
      shot: 'contact',
    },
    {
      route: '/help',
      heading: 'How to Export a WhatsApp Chat',
      title: 'How to Export a WhatsApp Chat — ChatExhibit',
      shot: 'help',
    },
    { route: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy — ChatExhibit', shot: 'privacy' },
    { route: '/terms', heading: 'Terms of Service', title: 'Terms of Service — ChatExhibit', shot: 'terms' },
  ];

  const everyPage = [
    ...pages,
    { route: '/verify', heading: 'Verify an Evidence Package', shot: 'verify' },
    { route: '/no-such-page', heading: '404 Page Not Found', shot: '404' },
  ];

  it.each(everyPage)(
    '$route has no serious or critical accessibility violation (axe-core), at 375 and 1280 px',
    async ({ route, heading, shot }) => {
      for (const width of [375, 1280]) {
        const page = await open(route, width);
        try {
          await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
          expect(await graveAccessibilityProblems(page)).toEqual([]);
          // Nothing wider than the window: no sideways scrolling on a phone.
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
          await page.screenshot({ path: path.join(ARTIFACTS, `web-${shot}-${width}.png`), fullPage: true });
        } finally {
          await page.close();
        }
      }
    },
    60_000,
  );

  const descriptions = new Map<string, string>();
  it.each(pages)('$route renders its heading, title and description', async ({ route, heading, title }) => {
    const page = await open(route);
    try {
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      // The page sets both once it shows (a lazily loaded page a moment after its heading).
      await untilTrue(page, `document.title === ${JSON.stringify(title)}`);
      descriptions.set(route, (await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    } finally {
      await page.close();
    }
  });

  it('keeps the first download within 250 KB of JavaScript, gzip (every other page loads later)', async () => {
    const dist = path.join(REPO_ROOT, 'frontend', 'dist');
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const script of scripts) bytes += gzipSync(await readFile(path.join(dist, script))).length;
    expect(bytes).toBeLessThanOrEqual(250 * 1024);
    // The verify page's ZIP reader (zip.js, known by one of its messages) is not part of it, nor
    // the preview's Exhibit mode (known by its button), which only a processed export offers.
    for (const script of scripts) {
      const code = await readFile(path.join(dist, script), 'utf8');
      expect(code).not.toContain('End of central directory not found');
      expect(code).not.toContain('Make exhibit');
    }
  });

  it('sends the web app compressed, its hashed files cached for a year, index.html checked on every use', async () => {
    /** The answer's headers and the bytes that crossed the wire, still compressed. */
    const raw = (route: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; wireBytes: number }>((resolve, reject) => {
        const request = httpGet(
          `${standalone.baseUrl}${route}`,
          { headers: { 'Accept-Encoding': acceptEncoding } },
          (response) => {
            let wireBytes = 0;
            response.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
            response.on('end', () => resolve({ headers: response.headers, wireBytes }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
      });
    const dist = path.join(REPO_ROOT, 'frontend', 'dist');
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const size = (await readFile(path.join(dist, script))).length;
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const asset = await raw(script, accepted);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary).toMatch(/Accept-Encoding/i);
      expect(asset.wireBytes).toBeLessThan(size / 2);
    }
    // A client that asks for nothing compressed gets the file as it is.
    const plain = await raw(script, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wireBytes).toBe(size);
    for (const route of ['/', '/faq', '/no-such-page']) {
      const page = await raw(route, 'gzip, br');
      expect({ route, cache: page.headers['cache-control'] }).toEqual({ route, cache: 'no-cache' });
      expect(page.headers['content-encoding']).toBe('br');
    }
    // The API's answers are never compressed, nor cached.
    const api = await raw('/api/site', 'gzip, br');
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it("gives every page a description of its own, not index.html's", async () => {
    const fallback = /<meta\s+name="description"\s+content="([^"]*)"/.exec(
      await readFile(path.join(REPO_ROOT, 'frontend', 'index.html'), 'utf8'),
    )![1];
    expect([...descriptions.keys()]).toEqual(pages.map((p) => p.route));
    const texts = [...descriptions.values()];
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) {
      expect(text).not.toBe(fallback);
      expect(text.length).toBeGreaterThan(20);
    }
  });

  it('changes the title on client-side navigation, to and from the home page', async () => {
    const page = await open('/');
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
      await page.getByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' }).waitFor();
      await untilTrue(page, `document.title === 'Pricing — ChatExhibit'`);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /ChatExhibit/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'ChatExhibit' }).waitFor();
      await untilTrue(page, `document.title === 'ChatExhibit — Court-Ready Evidence'`);
    } finally {
      await page.close();
    }
  });

  it('shows the home hero: trust badges, free-trial limits and the three steps', async () => {
    const page = await open('/');
    try {
      const main = page.getByRole('main');
      for (const text of ['Legal Standards Compliant', 'Secure Processing', 'Evidence Authentication'])
        await main.getByText(text, { exact: true }).waitFor();
      expect(await main.textContent()).toMatch(/50 messages and 20MB/);
      for (const [index, step] of ['Upload', 'Process', 'Download'].entries())
        await main
          .getByRole('heading', { level: 3, name: `Step ${index + 1}: ${step}`, exact: true })
          .waitFor();
    } finally {
      await page.close();
    }
  });

  it('sends every page with 200 and the 404 page with 404, the API keeping its JSON 404', async () => {
    const status = async (route: string) => (await fetch(`${standalone.baseUrl}${route}`)).status;
    for (const { route } of everyPage.filter((page) => page.route !== '/no-such-page')) {
      expect({ route, status: await status(route) }).toEqual({ route, status: 200 });
    }
    // As for the browser's router, case and a trailing slash make no difference.
    expect(await status('/FAQ/')).toBe(200);
    for (const route of ['/no-such-page', '/blog/no-such-post', '/assets/no-such-file.js']) {
      const response = await fetch(`${standalone.baseUrl}${route}`);
      expect({ route, status: response.status, type: response.headers.get('content-type') }).toEqual({
        route,
        status: 404,
        type: 'text/html; charset=utf-8',
      });
      expect(await response.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${standalone.baseUrl}/api/no-such-route`);
    expect({ status: api.status, type: api.headers.get('content-type') }).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
    });
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await open('/no-such-page');
    try {
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    } finally {
      await page.close();
    }
  });

  it('collapses the header links into a menu below 768 px and shows them inline from 768 px', async () => {
    // SPEC's breakpoint, to the pixel: the menu at 767 px, the links at 768 px.
    for (const width of [MOBILE_BREAKPOINT_PX - 1, MOBILE_BREAKPOINT_PX]) {
      const page = await open('/', width);
      try {
        await page.getByRole('banner').getByText('Court-Ready Evidence').waitFor();
        expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(
          width < MOBILE_BREAKPOINT_PX,
        );
        expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(
          width >= MOBILE_BREAKPOINT_PX,
        );
      } finally {
        await page.close();
      }
    }

    const mobile = await open('/', 375);
    try {
      const menuButton = mobile.getByRole('button', { name: 'Open menu' });
      await menuButton.waitFor();
      expect(await mobile.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      await menuButton.click();
      const menu = mobile.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'Pricing',
        'FAQ',
        'Blog',
        'Contact',
      ]);
      await mobile.screenshot({ path: path.join(ARTIFACTS, 'web-mobile-menu.png') });
      await menu.getByRole('menuitem', { name: 'FAQ' }).click();
      await mobile.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    } finally {
      await mobile.close();
    }

    const desktop = await open('/', 1280);
    try {
      const nav = desktop.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Pricing', 'FAQ', 'Blog', 'Contact']);
      expect(await desktop.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      const header = desktop.getByRole('banner');
      await header.getByText('Court-Ready Evidence').waitFor();
      expect(
        await header.evaluate(
          (element) => element.ownerDocument.defaultView!.getComputedStyle(element).position,
        ),
      ).toBe('sticky');
    } finally {
      await desktop.close();
    }
  });

  it('lists the blog post with its en-GB date and links to it', async () => {
    const page = await open('/blog');
    try {
      const card = page.getByRole('link', { name: /How to Use WhatsApp Evidence in Court \(US\)/ });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe('/blog/how-to-use-whatsapp-evidence');
      expect(await page.locator('time').first().textContent()).toBe('28 May 2025');
    } finally {
      await page.close();
    }
  });

  it('ends the article with links to / and /faq and a not-legal-advice note', async () => {
    const page = await open('/blog/how-to-use-whatsapp-evidence');
    try {
      const article = page.locator('article');
      await article.waitFor();
      const text = (await article.textContent()) ?? '';
      for (const fact of ['10,000', '40,000', '18 MB', '902(14)', 'SHA-256', 'Not legal advice'])
        expect(text).toContain(fact);
      const hrefs = await article
        .locator('a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs.slice(-2)).toEqual(['/', '/faq']);
    } finally {
      await page.close();
    }
  });

  it('numbers nine FAQ questions and supplies them as FAQPage JSON-LD', async () => {
    const page = await open('/faq');
    try {
      const questions = page.getByRole('list', { name: 'Frequently asked questions' }).getByRole('heading');
      await questions.first().waitFor();
      const texts = await questions.allTextContents();
      expect(texts).toHaveLength(9);
      texts.forEach((text, index) => expect(text.startsWith(`${index + 1}.`)).toBe(true));
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
      ) as {
        '@type': string;
        mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
      };
      expect(jsonLd['@type']).toBe('FAQPage');
      expect(jsonLd.mainEntity).toHaveLength(9);
      for (const entry of jsonLd.mainEntity) {
        expect(entry['@type']).toBe('Question');
        expect(entry.acceptedAnswer.text.length).toBeGreaterThan(20);
      }
    } finally {
      await page.close();
    }
  });

  it('shows both plans with Start Export links and the refund window on /pricing', async () => {
    const page = await open('/pricing');
    try {
      await page.getByRole('heading', { name: 'Free Tier' }).waitFor();
      const main = page.getByRole('main');
      const text = (await main.textContent()) ?? '';
      for (const fact of [
        '$0.00',
        '$4.99',
        'Standard Export',
        'How Our Pricing Works',
        'Upload First, Pay Later',
      ])
        expect(text).toContain(fact);
      expect(text).toContain('within seven days');
      const starts = main.getByRole('link', { name: 'Start Export' });
      expect(await starts.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/#convert',
        '/#convert',
      ]);
      expect(await main.getByRole('link', { name: /frequently asked questions/ }).getAttribute('href')).toBe(
        '/faq',
      );
      // Start Export opens the converter itself, not the top of the home page.
      await starts.first().click();
      await page.getByRole('button', { name: 'Process Chat Export' }).waitFor();
      await untilTrue(
        page,
        `(() => { const top = document.getElementById('convert').getBoundingClientRect().top; return top >= 0 && top < 200; })()`,
      );
    } finally {
      await page.close();
    }
  });

  it('makes every footer link a target of at least 24 px on a phone, its text unchanged', async () => {
    const page = await open('/', 375);
    try {
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: /@/ }).waitFor();
      const links = await footer.getByRole('link').evaluateAll((elements) =>
        elements.map((element) => ({
          text: element.textContent,
          height: element.getBoundingClientRect().height,
        })),
      );
      expect(links.map(({ text }) => text)).toEqual([
        'Pricing',
        'FAQ',
        'Blog',
        'Contact',
        'Verify a package',
        'How to export a chat',
        'Privacy',
        'Terms',
        expect.stringMatching(/^support@/),
      ]);
      // WCAG 2.2's minimum target size.
      for (const { height } of links) expect(height).toBeGreaterThanOrEqual(24);
    } finally {
      await page.close();
    }
  });

  it('shows the current year in the footer', async () => {
    const page = await open('/contact');
    try {
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
      await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
      // The contact card and the footer each give the one support address.
      for (const place of [page.getByRole('region', { name: 'Need Help?' }), footer]) {
        expect(await place.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:support@/);
      }
    } finally {
      await page.close();
    }
  });
});
