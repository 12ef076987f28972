import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SentMailEntity } from './sent-mail.entity';

/** The record of sent mails. TypeORM stays in here. */
@Injectable()
export class SentMailRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isSent(mailId: string): Promise<boolean> {
    return this.dataSource.getRepository(SentMailEntity).existsBy({ mailId });
  }

  async markSent(mailId: string, kind: string, sentAt: Date): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SentMailEntity)
      .values({ mailId, kind, sentAt })
      .orIgnore()
      .execute();
  }
}
