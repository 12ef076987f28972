import { escapeHtml } from '@chatexhibit/kit/html/escape-html';
import { PAGE_PATHS } from '@chatexhibit/proto/site';

/** The page's own words; the sentence that matters is the error's, the same as the JSON message. */
export const LINK_ERROR_TEXT = {
  title: 'This link does not open a file — ChatExhibit',
  home: 'Go to the ChatExhibit home page',
  help: 'How to export a chat',
  contact: 'Contact us',
  writeTo: 'Or write to',
} as const;

/** The page's only style, inline; the answer's Content-Security-Policy allows exactly this text. */
export const LINK_ERROR_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0;
         padding: 3rem 1rem; line-height: 1.5; }
  main { max-width: 32rem; margin: 0 auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  .sentence { font-size: 1.25rem; font-weight: 600; margin-top: 0; }
  ul { padding-left: 1.25rem; }
  li { margin: 0.5rem 0; }
  a { color: #1e3a5f; }
`;

/**
 * What a person sees who opens a download link that no longer works (from a mail, a bookmark):
 * the API's sentence, escaped, and where to go next instead of a JSON body. No script.
 */
export function linkErrorPage(sentence: string, supportEmail: string | null): string {
  const address = supportEmail && escapeHtml(supportEmail);
  const mail = address ? `<p>${LINK_ERROR_TEXT.writeTo} <a href="mailto:${address}">${address}</a>.</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(LINK_ERROR_TEXT.title)}</title><style>${LINK_ERROR_STYLE}</style></head>
<body><main>
<p class="sentence" role="alert">${escapeHtml(sentence)}</p>
<ul>
<li><a href="${PAGE_PATHS.home}">${LINK_ERROR_TEXT.home}</a></li>
<li><a href="${PAGE_PATHS.help}">${LINK_ERROR_TEXT.help}</a></li>
<li><a href="${PAGE_PATHS.contact}">${LINK_ERROR_TEXT.contact}</a></li>
</ul>
${mail}
</main></body></html>`;
}
