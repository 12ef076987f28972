import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * What the free tier counts of each chat, recorded when it is parsed, so payment decides on
 * parse's own counts rather than on counts forwarded through media and pdf. Chats parsed before
 * it have none (null).
 */
export class AddChatFreeTierCounts1765400000000 implements MigrationInterface {
  name = 'AddChatFreeTierCounts1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "${schema}"."chats" ADD COLUMN "free_tier_count" integer, ADD COLUMN "media_size_bytes" bigint`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "${schema}"."chats" DROP COLUMN "free_tier_count", DROP COLUMN "media_size_bytes"`,
    );
  }
}
