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

/**
 * A sender's field as one line. The gateway refuses line breaks in these fields; a message stored
 * before it did must not fake a header line or a line of the header block either.
 */
const oneLine = (text: string): string => text.replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ');

/** The mail that forwards a contact message to support, Reply-To the sender so that answering reaches them. */
export function contactMail(data: ContactMailData, supportEmail: string): MailMessage {
  const subject = oneLine(data.subject);
  return {
    to: supportEmail,
    replyTo: data.email,
    subject: CONTACT_SUBJECT_PREFIX + subject,
    ...renderMailBody([
      {
        fields: [
          ['From', `${oneLine(data.name)} <${oneLine(data.email)}>`],
          ['Received', data.receivedAt.toISOString()],
          ['Subject', subject],
        ],
      },
      { paragraph: data.message },
    ]),
  };
}
