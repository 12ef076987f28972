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

export const CONTACT_CONFIRMATION_SUBJECT = 'We received your message to ChatExhibit';

/**
 * The sender's confirmation that their message arrived, Reply-To support. It repeats nothing the
 * sender typed (name, subject, message): anyone can type someone else's address into the form,
 * and the mail must not carry their words to that address.
 */
export function contactConfirmationMail(data: ContactMailData, supportEmail: string): MailMessage {
  return {
    to: oneLine(data.email),
    replyTo: supportEmail,
    subject: CONTACT_CONFIRMATION_SUBJECT,
    ...renderMailBody([
      {
        paragraph:
          'Thank you for writing to ChatExhibit. Your message through our contact form reached our support ' +
          'team, and we will answer you at this address.',
      },
      { fields: [['Received', data.receivedAt.toISOString()]] },
      {
        paragraph: `To add something, reply to this mail or write to ${supportEmail}. If you did not write to us, you can ignore this mail.`,
      },
    ]),
  };
}

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
