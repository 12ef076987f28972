import type { MailMessage } from '@chatexhibit/kit/mail/mail-transport';
import { renderMailBody } from './mail-body';

/** Marks a forwarded contact message in support's inbox. */
export const CONTACT_SUBJECT_PREFIX = '[ChatExhibit contact] ';

export interface ContactMailData {
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: Date;
}

/** The mail that forwards a contact message to support, Reply-To the sender so that answering reaches them. */
export function contactMail(data: ContactMailData, supportEmail: string): MailMessage {
  return {
    to: supportEmail,
    replyTo: data.email,
    // A header is one line: the sender's line breaks would otherwise end up in it.
    subject: CONTACT_SUBJECT_PREFIX + data.subject.replace(/\s+/g, ' '),
    ...renderMailBody([
      {
        fields: [
          ['From', `${data.name} <${data.email}>`],
          ['Received', data.receivedAt.toISOString()],
          ['Subject', data.subject],
        ],
      },
      { paragraph: data.message },
    ]),
  };
}
