import { LINK_ERROR_TEXT, linkErrorPage } from '@chatexhibit/gateway/http/link-error-page';

describe("a dead link's page", () => {
  it('shows the sentence as text, never as markup, and runs no script', () => {
    const page = linkErrorPage('The <b>export</b> & "its" files are gone.', null);
    expect(page).toContain('The &lt;b&gt;export&lt;/b&gt; &amp; &quot;its&quot; files are gone.');
    expect(page).not.toContain('<b>');
    expect(page).not.toMatch(/<script/i);
  });

  it('leads to the home, help and contact pages, and names the support address when there is one', () => {
    const page = linkErrorPage('This download link has expired.', 'help@example.org');
    for (const link of ['href="/"', 'href="/help"', 'href="/contact"', 'href="mailto:help@example.org"'])
      expect(page).toContain(link);
    expect(linkErrorPage('This download link has expired.', null)).not.toContain(LINK_ERROR_TEXT.writeTo);
  });
});
