import { escapeHtml } from '@chatexhibit/kit/html/escape-html';
import { contentSecurityPolicy, hashSource } from '../http/http-edge';
import { LINK_ERROR_STYLE } from '../http/link-error-page';

export const LINK_OPENER_TEXT = {
  title: 'Opening your file — ChatExhibit',
  opening: 'Opening your file…',
  button: 'Open the file',
} as const;

/**
 * A mailed link carries its signature in the URL's fragment (`#expires=…&signature=…`), which
 * browsers never send, so that no server, proxy or log on the way sees it. This script takes it
 * out of the address and posts it to the same path, whose answer is the file.
 */
export const LINK_OPENER_SCRIPT = `(() => {
  const fields = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, '', location.pathname);
  const form = document.getElementById('open');
  form.action = location.pathname;
  form.elements.expires.value = fields.get('expires') || '';
  form.elements.signature.value = fields.get('signature') || '';
  form.submit();
})();`;

/** The page's policy: the default one, its inline style and script allowed by their hashes. */
export const linkOpenerPolicy = contentSecurityPolicy({
  'style-src': [hashSource(LINK_ERROR_STYLE)],
  'script-src': [hashSource(LINK_OPENER_SCRIPT)],
});

/** What a browser gets at a signed file's path without the signature in its query: the opener. */
export function linkOpenerPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(LINK_OPENER_TEXT.title)}</title><style>${LINK_ERROR_STYLE}</style></head>
<body><main>
<form id="open" method="post">
<input type="hidden" name="expires"><input type="hidden" name="signature">
<p class="sentence">${escapeHtml(LINK_OPENER_TEXT.opening)}</p>
<button type="submit">${escapeHtml(LINK_OPENER_TEXT.button)}</button>
</form>
</main><script>${LINK_OPENER_SCRIPT}</script></body></html>`;
}
