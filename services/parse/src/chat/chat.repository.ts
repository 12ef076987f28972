import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import type { ChatMessage } from '../domain/chat-model';
import { ChatEntity, MessageEntity } from './chat.entities';

export type NewChat = Omit<ChatEntity, 'parsedAt'>;
export type NewMessage = Omit<MessageEntity, 'exportId'>;

/** A parsed message as a row, with the storage key of its attachment when the ZIP holds it. */
export const toMessageRow = (message: ChatMessage, attachmentKey: string | null): NewMessage => ({
  index: message.index,
  line: message.line,
  lineEnd: message.lineEnd,
  timestamp: message.timestamp,
  secondsRecorded: message.secondsRecorded,
  sender: message.sender,
  raw: message.raw,
  content: message.content,
  type: message.type,
  attachment: message.attachment,
  attachmentKey,
  flags: [...message.flags],
  event: message.event,
});

/** Rows per INSERT: large enough to be few statements, small enough to bound parameter memory. */
const MESSAGE_BATCH = 10_000;

/** The parse service's tables. TypeORM stays in here. */
@Injectable()
export class ChatRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores a chat and all its messages in the caller's transaction. Messages go in as column
   * arrays through unnest, one statement per 10,000 rows, so 40,000 messages are 4 round trips.
   */
  /** Deletes an export's chat and messages (it expired), in the caller's transaction. */
  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    const manager = managerOf(tx);
    await manager.delete(MessageEntity, { exportId });
    await manager.delete(ChatEntity, { exportId });
  }

  async insert(tx: Transaction, chat: NewChat, messages: readonly NewMessage[]): Promise<void> {
    const manager = managerOf(tx);
    await manager.insert(ChatEntity, chat);
    const table = manager.getRepository(MessageEntity).metadata.tablePath;
    for (let start = 0; start < messages.length; start += MESSAGE_BATCH) {
      const batch = messages.slice(start, start + MESSAGE_BATCH);
      await manager.query(
        `INSERT INTO ${quoteTablePath(table)}
           ("export_id", "index", "line", "line_end", "timestamp", "seconds_recorded", "sender", "raw", "content", "type", "attachment", "attachment_key", "flags", "event")
         SELECT $1::uuid, m.index, m.line, m.line_end, m.timestamp, m.seconds_recorded, m.sender, m.raw, m.content, m.type,
                m.attachment, m.attachment_key, m.flags::text[], m.event
           FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[],
                       $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
             AS m(index, line, line_end, timestamp, seconds_recorded, sender, raw, content, type, attachment, attachment_key, flags, event)`,
        [
          chat.exportId,
          batch.map((m) => m.index),
          batch.map((m) => m.line),
          batch.map((m) => m.lineEnd),
          batch.map((m) => m.timestamp),
          batch.map((m) => m.secondsRecorded),
          batch.map((m) => m.sender),
          batch.map((m) => m.raw),
          batch.map((m) => m.content),
          batch.map((m) => m.type),
          batch.map((m) => m.attachment),
          batch.map((m) => m.attachmentKey),
          // A text[] per row travels as its array literal; unnest cannot take an array of arrays of varying length.
          batch.map((m) => toArrayLiteral(m.flags)),
          batch.map((m) => m.event),
        ],
      );
    }
  }

  findChat(exportId: string): Promise<ChatEntity | null> {
    return this.dataSource.getRepository(ChatEntity).findOneBy({ exportId });
  }

  /**
   * Messages in export order, all or one page. Messages are numbered 1, 2, 3… without gaps, so
   * the page after `offset` messages starts at number offset + 1: found through the primary key,
   * not by skipping rows (OFFSET reads every skipped row, so paging a long chat was quadratic).
   */
  findMessages(exportId: string, page?: { offset: number; limit: number }): Promise<MessageEntity[]> {
    return this.dataSource.getRepository(MessageEntity).find({
      where: { exportId, ...(page && { index: MoreThan(page.offset) }) },
      order: { index: 'ASC' },
      ...(page && { take: page.limit }),
    });
  }
}

const quoteTablePath = (tablePath: string): string =>
  tablePath
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

const toArrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
