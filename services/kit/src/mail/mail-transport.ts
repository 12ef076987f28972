import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, rename, writeFile } from 'node:fs/promises';
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
  abstract send(message: MailMessage): Promise<{ messageId: string }>;
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

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail({ from: this.from, ...message });
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const file = path.join(
      this.directory,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await writeFile(`${file}.partial`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    await rename(`${file}.partial`, file);
    this.logger.info({ file, messageId: info.messageId }, 'email written to the outbox');
    return { messageId: info.messageId };
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await access(this.directory, constants.W_OK);
  }

  async close(): Promise<void> {}
}
