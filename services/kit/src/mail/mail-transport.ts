import { access, constants, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logging/logger';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../storage/private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends email: SMTP in production, .eml files in an outbox folder in standalone mode. */
export abstract class MailTransport {
  /** Sends `message`; `mailId` (the job's) is what finds what is kept of it again (`forget`). */
  abstract send(message: MailMessage, mailId: string): Promise<{ messageId: string }>;
  /** Deletes what this transport kept of the mails (the outbox's copies); a mail sent by SMTP is out of reach. */
  abstract forget(mailIds: readonly string[]): Promise<void>;
  abstract check(): Promise<void>;
  abstract close(): Promise<void>;
}

/** SMTP through nodemailer; `check` asks the server to accept a connection and login. */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail({ from: this.from, ...message });
    return { messageId: info.messageId };
  }

  async forget(): Promise<void> {}

  async check(): Promise<void> {
    await this.transporter.verify();
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * Writes each message as a complete RFC 5322 .eml file (nodemailer builds it exactly as it
 * would for SMTP), so an operator can open it in any mail program, and beside it a .txt of its
 * headers and text as written, since the .eml's quoted-printable breaks and escapes its links.
 * Mails carry download links: files are 0600 and the folder 0700.
 */
/** The ends of the names of a mail's files in the outbox, whole or still being written. */
const COPIES = ['.eml', '.txt', '.eml.partial', '.txt.partial'];

export class OutboxMailTransport extends MailTransport {
  private readonly transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async send(message: MailMessage, mailId: string): Promise<{ messageId: string }> {
    const date = new Date();
    const info = await this.transporter.sendMail({ from: this.from, ...message, date });
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // Named by the time (an operator reads them in order) and the mail id (forget finds it).
    const name = path.join(this.directory, `${date.toISOString().replace(/[:.]/g, '-')}-${mailId}`);
    const readable = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
      `Subject: ${message.subject}`,
      // As the .eml's header has it (nodemailer's form).
      `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
      '',
      message.text,
      '',
    ].join('\n');
    for (const [file, content] of [
      [`${name}.eml`, info.message as Buffer],
      [`${name}.txt`, readable],
    ] as const) {
      await writeFile(`${file}.partial`, content, { mode: PRIVATE_FILE_MODE });
      await rename(`${file}.partial`, file);
    }
    this.logger.info({ file: `${name}.eml`, messageId: info.messageId }, 'email written to the outbox');
    return { messageId: info.messageId };
  }

  async forget(mailIds: readonly string[]): Promise<void> {
    if (mailIds.length === 0) return;
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names)
      if (mailIds.some((id) => COPIES.some((copy) => name.endsWith(`-${id}${copy}`))))
        await rm(path.join(this.directory, name), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await access(this.directory, constants.W_OK);
  }

  async close(): Promise<void> {}
}
