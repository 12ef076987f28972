import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { ExportRows } from '@chatexhibit/kit/retention/export-expiry';
import { MailTransport } from '@chatexhibit/kit/mail/mail-transport';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import { SentMailEntity } from './sent-mail.entity';

/** The record of sent mails. TypeORM stays in here. */
@Injectable()
export class SentMailRepository implements ExportRows {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailTransport,
  ) {}

  async isSent(mailId: string): Promise<boolean> {
    return this.dataSource.getRepository(SentMailEntity).existsBy({ mailId });
  }

  async markSent(mail: SentMailEntity): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SentMailEntity)
      .values(mail)
      .orIgnore()
      .execute();
  }

  /** An export's mails go with it: their records, and the transport's copies (the outbox's .eml files). */
  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    const manager = managerOf(tx);
    const sent = await manager.findBy(SentMailEntity, { exportId });
    await manager.delete(SentMailEntity, { exportId });
    await this.mail.forget(sent.map((m) => m.mailId));
  }

  /** Deletes the records of these mails, in the caller's transaction. */
  async deleteMails(tx: Transaction, mailIds: readonly string[]): Promise<void> {
    if (mailIds.length > 0) await managerOf(tx).delete(SentMailEntity, { mailId: In([...mailIds]) });
  }
}
