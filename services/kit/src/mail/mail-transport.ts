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
 * would for SMTP), so an operator can open it in any mail program. Mails carry download links:
 * files are 0600 and the folder 0700.
 */
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
    const info = await this.transporter.sendMail({ from: this.from, ...message });
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // Named by the time (an operator reads them in order) and the mail id (forget finds it).
    const file = path.join(this.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mailId}.eml`);
    await writeFile(`${file}.partial`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    await rename(`${file}.partial`, file);
    this.logger.info({ file, messageId: info.messageId }, 'email written to the outbox');
    return { messageId: info.messageId };
  }

  async forget(mailIds: readonly string[]): Promise<void> {
    if (mailIds.length === 0) return;
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names)
      if (mailIds.some((id) => name.endsWith(`-${id}.eml`) || name.endsWith(`-${id}.eml.partial`)))
        await rm(path.join(this.directory, name), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await access(this.directory, constants.W_OK);
  }

  async close(): Promise<void> {}
}
