import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * A parsed chat and its messages. Timestamps are stored as the export wrote them (local
 * wall-clock text, no zone): an export can hold impossible dates, and a zone would be invented.
 */
export class CreateChats1763700100000 implements MigrationInterface {
  name = 'CreateChats1763700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."chats" (
        "export_id" uuid PRIMARY KEY,
        "original_filename" text NOT NULL,
        "file_hash" char(64) NOT NULL,
        "processing_options" jsonb NOT NULL,
        "chat_file" text NOT NULL,
        "format" text,
        "date_order" text,
        "encoding" text,
        "message_count" integer NOT NULL,
        "participants" jsonb NOT NULL,
        "preamble" jsonb NOT NULL,
        "warnings" jsonb NOT NULL,
        "parsed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."messages" (
        "export_id" uuid NOT NULL REFERENCES "${schema}"."chats" ("export_id") ON DELETE CASCADE,
        "index" integer NOT NULL,
        "line" integer NOT NULL,
        "line_end" integer NOT NULL,
        "timestamp" text NOT NULL,
        "sender" text,
        "raw" text NOT NULL,
        "content" text NOT NULL,
        "type" text NOT NULL,
        "attachment" text,
        "attachment_key" text,
        "flags" text[] NOT NULL,
        "event" text,
        PRIMARY KEY ("export_id", "index")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."messages"`);
    await queryRunner.query(`DROP TABLE "${schema}"."chats"`);
  }
}
