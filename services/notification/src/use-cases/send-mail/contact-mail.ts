import type { MailMessage } from '@chatexhibit/kit/mail/mail-transport';

/** Marks a forwarded contact message in support's inbox. */
export const CONTACT_SUBJECT_PREFIX = '[ChatExhibit contact] ';

export interface ContactMailData {
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: Date;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The sender wrote every field, so none may become markup in support's mail program. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The mail that forwards a contact message to support: plain text and HTML from the same
 * fields, Reply-To the sender so that answering reaches them.
 */
export function contactMail(data: ContactMailData, supportEmail: string): MailMessage {
  const fields: [string, string][] = [
    ['From', `${data.name} <${data.email}>`],
    ['Received', data.receivedAt.toISOString()],
    ['Subject', data.subject],
  ];
  const text = [...fields.map(([label, value]) => `${label}: ${value}`), '', data.message, ''].join('\n');
  const html = [
    '<!doctype html><html><body>',
    '<table>',
    ...fields.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p style="white-space: pre-wrap">${escapeHtml(data.message)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: supportEmail,
    replyTo: data.email,
    // A header is one line: the sender's line breaks would otherwise end up in it.
    subject: CONTACT_SUBJECT_PREFIX + data.subject.replace(/\s+/g, ' '),
    text,
    html,
  };
}
