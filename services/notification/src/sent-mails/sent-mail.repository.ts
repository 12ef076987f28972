import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { ExportRows } from '@chatexhibit/kit/retention/export-expiry';
import { MailTransport } from '@chatexhibit/kit/mail/mail-transport';
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
  async deleteExport(manager: EntityManager, exportId: string): Promise<void> {
    const sent = await manager.findBy(SentMailEntity, { exportId });
    await manager.delete(SentMailEntity, { exportId });
    await this.mail.forget(sent.map((m) => m.mailId));
  }

  /** Deletes the records of these mails, in the caller's transaction. */
  async deleteMails(manager: EntityManager, mailIds: readonly string[]): Promise<void> {
    if (mailIds.length > 0) await manager.delete(SentMailEntity, { mailId: In([...mailIds]) });
  }
}
