import { escapeHtml } from '@chatexhibit/kit/html/escape-html';

/**
 * A mail's body as blocks, from which the plain-text and the HTML bodies are both made: one
 * template per mail, and every value escaped in the HTML (senders write some of them).
 */
export type MailBlock =
  | { paragraph: string }
  | { fields: ReadonlyArray<readonly [label: string, value: string]> }
  | { links: ReadonlyArray<readonly [label: string, url: string]> };

export function renderMailBody(blocks: readonly MailBlock[]): { text: string; html: string } {
  const text = blocks.map((block) => {
    if ('paragraph' in block) return block.paragraph;
    if ('fields' in block) return block.fields.map(([label, value]) => `${label}: ${value}`).join('\n');
    return block.links.map(([label, url]) => `${label}:\n${url}`).join('\n\n');
  });
  const html = blocks.map((block) => {
    if ('paragraph' in block) return `<p style="white-space: pre-wrap">${escapeHtml(block.paragraph)}</p>`;
    if ('fields' in block)
      return [
        '<table>',
        ...block.fields.map(
          ([label, value]) =>
            `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
      ].join('\n');
    return `<ul>${block.links
      .map(([label, url]) => `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`)
      .join('')}</ul>`;
  });
  return {
    text: `${text.join('\n\n')}\n`,
    html: ['<!doctype html><html><body>', ...html, '</body></html>'].join('\n'),
  };
}
