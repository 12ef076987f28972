// Database time of storing a parsed chat: the parse service's ChatRepository (column arrays
// through unnest, 10,000 rows a statement) against a reference in the same run, TypeORM's own
// insert of the same rows in chunks. Target (issue 3): 40,000 messages in well under a second.
// Needs the local PostgreSQL (BENCH_POSTGRES_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres);
// it works in a database of its own and drops it. Run: `npm run bench:store`.

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { ChatEntity, MessageEntity } from '../src/chat/chat.entities';
import { ChatRepository, type NewChat, toMessageRow } from '../src/chat/chat.repository';
import { PARSE_TABLES } from '../src/database/parse-tables';
import { freeTierCount } from '../src/domain/free-tier-count';
import { parseChat } from '../src/domain/parse-chat';
import { generateChat } from '../test/support/chat-generator';

const MESSAGES = 40_000;
const ROUNDS = 5;
/** PostgreSQL takes at most 65,535 parameters a statement: 13 columns × 5,000 rows fits. */
const REFERENCE_CHUNK = 5_000;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `chatexhibit_bench_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = await openServiceDatabase(
    url.toString(),
    { schema: 'parse', ...PARSE_TABLES },
    createLogger({ part: 'bench', level: 'silent' }),
  );
  try {
    const chat = parseChat(generateChat({ format: 'android-dmy', messageCount: MESSAGES, seed: 40 }).text);
    const messages = chat.messages.map((m) => toMessageRow(m, null));
    const newChat = (exportId: string): NewChat => ({
      exportId,
      originalFilename: 'bench.zip',
      fileHash: '0'.repeat(64),
      processingOptions: DEFAULT_PROCESSING_OPTIONS,
      chatFile: 'bench.txt',
      format: chat.format,
      dateOrder: chat.dateOrder,
      calendar: chat.calendar,
      encoding: chat.encoding,
      messageCount: messages.length,
      freeTierCount: freeTierCount(chat),
      mediaSizeBytes: '0',
      participants: chat.participants,
      preamble: chat.preamble,
      warnings: chat.warnings,
    });
    const repository = new ChatRepository(database);
    const unitOfWork = new UnitOfWork(database);
    const timed = async (store: (exportId: string) => Promise<void>): Promise<number> => {
      const started = performance.now();
      await store(randomUUID());
      return performance.now() - started;
    };
    const ours: number[] = [];
    const reference: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await timed((id) => unitOfWork.run((tx) => repository.insert(tx, newChat(id), messages))));
      reference.push(
        await timed((id) =>
          database.transaction(async (m) => {
            await m.insert(ChatEntity, newChat(id));
            for (let start = 0; start < messages.length; start += REFERENCE_CHUNK) {
              await m.insert(
                MessageEntity,
                messages.slice(start, start + REFERENCE_CHUNK).map((row) => ({ ...row, exportId: id })),
              );
            }
          }),
        ),
      );
    }
    const oursMs = median(ours);
    const referenceMs = median(reference);
    console.log(`Storing ${MESSAGES.toLocaleString('en-US')} messages, median of ${ROUNDS} rounds`);
    console.log(`  ChatRepository (unnest batches):      ${oursMs.toFixed(0)} ms`);
    console.log(`  reference (TypeORM insert, chunked):  ${referenceMs.toFixed(0)} ms`);
    console.log(`  ratio: ours is ${(referenceMs / oursMs).toFixed(2)}x faster than the reference`);
  } finally {
    await database.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
