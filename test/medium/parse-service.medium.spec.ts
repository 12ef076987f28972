import { FREE_TIER_NOTICES } from '@chatexhibit/proto/constants';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { countOf } from '@chatexhibit/proto/count-words';
import { messageNumber } from '@chatexhibit/proto/message-number';
import type { ExportEntry } from '@chatexhibit/proto/storage-layout';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import {
  FREE_TIER_COUNTS_REQUEST,
  MEDIA_JOB,
  PARSE_JOB,
  PDF_LARGE_JOB,
  pdfJobFor,
  TRANSCRIPT_PAGE_REQUEST,
} from '@chatexhibit/proto/subjects';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { LocalObjectStorage } from '@chatexhibit/kit/storage/local-object-storage';
import { ChatEntity, MessageEntity } from '@chatexhibit/parse/chat/chat.entities';
import { ChatRepository } from '@chatexhibit/parse/chat/chat.repository';
import { PARSE_TABLES } from '@chatexhibit/parse/database/parse-tables';
import { GetChatDataUseCase } from '@chatexhibit/parse/use-cases/get-chat-data/get-chat-data.use-case';
import { GetFreeTierCountsUseCase } from '@chatexhibit/parse/use-cases/get-free-tier-counts/get-free-tier-counts.use-case';
import { GetTranscriptPageUseCase } from '@chatexhibit/parse/use-cases/get-transcript-page/get-transcript-page.use-case';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { ParseExportUseCase } from '@chatexhibit/parse/use-cases/parse-export/parse-export.use-case';
import { isWithinFreeTier } from '@chatexhibit/payment/domain/free-tier';
import { generateChat } from '../../services/parse/test/support/chat-generator';
import { eventually } from '../support/eventually';
import { testServers, uniqueName } from '../support/servers';
import { exportFacts } from '../support/export-facts';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { PermanentJobError } from '@chatexhibit/kit/bus/work-queue';
import { unscrapedJobMetrics } from '../support/job-metrics';

const logger = createLogger({ part: 'test', level: 'silent' });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The parse service's use cases on the real PostgreSQL, with storage laid out as ingest leaves it. */
describe('parse service', () => {
  let database: DataSource;
  const schema = uniqueName('parse').toLowerCase();
  let storageRoot: string | undefined;
  let storage: LocalObjectStorage;
  let queue: PgBossWorkQueue;
  let progress: PostgresProgressChannel;
  let parseExport: ParseExportUseCase;
  let getChatData: GetChatDataUseCase;
  let getTranscriptPage: GetTranscriptPageUseCase;
  let getFreeTierCounts: GetFreeTierCountsUseCase;
  const handedOn: unknown[] = [];

  beforeAll(async () => {
    database = await openServiceDatabase(testServers().databaseUrl, { schema, ...PARSE_TABLES }, logger);
    storageRoot = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-parse-'));
    storage = new LocalObjectStorage(storageRoot);
    queue = await PgBossWorkQueue.open(
      { databaseUrl: testServers().databaseUrl, schema: `${schema}_jobs`, metrics: unscrapedJobMetrics() },
      logger,
    );
    queue.consume(MEDIA_JOB, async (job) => {
      handedOn.push(job);
    });
    await queue.start();
    const chats = new ChatRepository(database);
    progress = await PostgresProgressChannel.open(testServers().databaseUrl, `${schema}_progress`);
    parseExport = new ParseExportUseCase(storage, new UnitOfWork(database), chats, queue, progress, logger);
    getChatData = new GetChatDataUseCase(chats);
    getTranscriptPage = new GetTranscriptPageUseCase(chats);
    getFreeTierCounts = new GetFreeTierCountsUseCase(chats, storage);
  });
  afterAll(async () => {
    await queue?.close();
    await progress?.close();
    await database?.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    await database?.query(`DROP SCHEMA IF EXISTS ${schema}_progress CASCADE`);
    await database?.destroy();
    if (storageRoot) await rm(storageRoot, { recursive: true, force: true });
  });

  /** Stores files and the entry manifest the way ingest does. */
  const storeExport = async (exportId: string, files: Record<string, Buffer>): Promise<ExportEntry[]> => {
    const keys = exportKeys(exportId);
    const entries: ExportEntry[] = [];
    for (const [entryPath, bytes] of Object.entries(files)) {
      await storage.put(keys.entry(entryPath), bytes);
      entries.push({
        path: entryPath,
        key: keys.entry(entryPath),
        size: bytes.length,
        sha256: sha256(bytes),
      });
    }
    await storage.put(keys.entryManifest, Buffer.from(JSON.stringify({ entries })));
    return entries;
  };

  const job = (exportId: string) =>
    PARSE_JOB.payload.parse({
      exportId,
      facts: exportFacts({ originalFilename: 'WhatsApp Chat with Sam.zip' }),
      entriesSizeBytes: 10_000_000,
    });

  it('stores a 40,000-message chat once with its free-tier counts, links attachments, and hands on to media', async () => {
    const exportId = randomUUID();
    const generated = generateChat({ format: 'android-dmy', messageCount: 40_000, seed: 7 });
    const attachments = [
      ...new Set(generated.messages.map((m) => m.attachment).filter((a): a is string => a !== null)),
    ];
    const [present, ...missing] = attachments;
    await storeExport(exportId, {
      'WhatsApp Chat with Sam.txt': Buffer.from(generated.text),
      'notes.txt': Buffer.from('shopping list\nmilk\n'),
      ...(present ? { [present]: Buffer.from('media bytes') } : {}),
    });

    const first = await parseExport.execute(job(exportId));
    expect(first.messageCount).toBe(40_000);
    expect(first.databaseMs).toBeGreaterThan(0); // the figure itself: npm run bench:store

    const again = await parseExport.execute(job(exportId));
    expect(again.messageCount).toBe(40_000);
    const [{ count }] = await database.query(`SELECT count(*)::int AS count FROM "${schema}"."messages"`);
    expect(count).toBe(40_000);

    await eventually(() => handedOn.length > 0);
    // No counts: payment asks parse for them, so no step in between can change them.
    expect(handedOn).toEqual([
      {
        exportId,
        facts: exportFacts({ originalFilename: 'WhatsApp Chat with Sam.zip' }),
        documentsCostMs: expect.any(Number),
      },
    ]);
    // 40,000 messages: their documents take a minute, in the lane of large exports.
    expect(pdfJobFor(handedOn[0] as { documentsCostMs: number })).toBe(PDF_LARGE_JOB);
    expect(FREE_TIER_COUNTS_REQUEST.response.parse(await getFreeTierCounts.execute({ exportId }))).toEqual({
      // The free tier counts every entry but the first 50 of WhatsApp's short notices (the
      // generator's are all known ones, each one short line).
      messageCount: generated.messages.length - FREE_TIER_NOTICES.uncounted,
      // Every entry but the chat text.
      mediaSizeBytes: 10_000_000 - Buffer.byteLength(generated.text),
    });
    // A chat parsed before the counts were recorded is counted from its rows and ingest's entries.
    const recorded = await getFreeTierCounts.execute({ exportId });
    await database.query(
      `UPDATE "${schema}"."chats" SET "free_tier_count" = NULL, "media_size_bytes" = NULL WHERE "export_id" = $1`,
      [exportId],
    );
    expect(await getFreeTierCounts.execute({ exportId })).toEqual({
      messageCount: recorded.messageCount,
      mediaSizeBytes:
        Buffer.byteLength('shopping list\nmilk\n') + (present ? Buffer.byteLength('media bytes') : 0),
    });

    const page = await getChatData.execute({ chatExportId: exportId, page: { offset: 0, limit: 3 } });
    expect(page).toMatchObject({
      id: exportId,
      originalFilename: 'WhatsApp Chat with Sam.zip',
      totalMessages: 40_000,
    });
    expect(page.participants).toEqual(generated.participants);
    expect(page.messages.map((m) => [m.index, m.timestamp])).toEqual(
      generated.messages.slice(0, 3).map((m, i) => [i + 1, m.timestamp]),
    );

    // The transcript's pages: every message with its provenance, type, flags and linked entry,
    // valid against the contract the bus checks.
    const transcript: TranscriptMessage[] = [];
    for (let offset = 0; offset < 40_000; offset += 5000) {
      const reply = await getTranscriptPage.execute({
        chatExportId: exportId,
        page: { offset, limit: 5000 },
      });
      const { messages, ...chatFacts } = TRANSCRIPT_PAGE_REQUEST.response.parse(reply);
      expect(chatFacts).toMatchObject({ chatFile: 'WhatsApp Chat with Sam.txt', totalMessages: 40_000 });
      transcript.push(...messages);
    }
    // Android writes no seconds: stored as such, so no document invents them.
    expect(transcript.map((m) => [m.index, m.line, m.type, m.flags, m.sender, m.secondsRecorded])).toEqual(
      generated.messages.map((m, i) => [i + 1, m.line, m.type, m.flags, m.sender, false]),
    );
    expect(transcript.filter((m) => m.attachmentPath === present).length).toBeGreaterThan(0);
    expect(
      transcript.filter((m) => m.attachment !== null && m.attachmentPath === null).length,
    ).toBeGreaterThan(0);

    const chat = await database.getRepository(ChatEntity).findOneByOrFail({ exportId });
    expect(chat.chatFile).toBe('WhatsApp Chat with Sam.txt');
    // The generated chat names attachments: one the ZIP holds, several it lacks.
    expect(present).toBeDefined();
    expect(missing.length).toBeGreaterThanOrEqual(3);
    const linked = await database.getRepository(MessageEntity).findBy({ exportId, attachment: present! });
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((m) => m.attachmentKey === exportKeys(exportId).entry(present!))).toBe(true);
    // One note counts every missing attachment, each of which is a message left unlinked.
    const unlinked = transcript.filter((m) => m.attachment !== null && m.attachmentPath === null);
    expect(chat.warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${countOf(unlinked.length, 'attachment')} named in the chat are not in the ZIP, .*: messages ${messageNumber(unlinked[0]!.index, transcript.length)}, `,
        ),
      ),
    );
  }, 120_000);

  it("counts for the free tier every entry but WhatsApp's notices it recognises", async () => {
    const messages = Array.from(
      { length: 45 },
      (_, i) =>
        `[12/03/2025, 14:${String(i).padStart(2, '0')}:00] ${i % 2 ? 'Lina' : 'Omar'}: message ${i + 1}`,
    );
    const countRecorded = async (lines: readonly string[]): Promise<number> => {
      const exportId = randomUUID();
      await storeExport(exportId, { '_chat.txt': Buffer.from(lines.join('\n')) });
      await parseExport.execute(job(exportId));
      return (await getFreeTierCounts.execute({ exportId })).messageCount;
    };
    // A line without "Name: " is a system line whatever it says: free text so written counts.
    const unrecognised = Array.from(
      { length: 10 },
      (_, i) => `[12/03/2025, 15:0${i}:00] any text at all ${i}`,
    );
    const overTier = await countRecorded([...messages, ...unrecognised]);
    expect(overTier).toBe(55);
    expect(isWithinFreeTier(overTier, 0)).toBe(false);
    const notices = [
      '[12/03/2025, 13:59:00] Omar: \u200eMessages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.',
      "[12/03/2025, 13:59:30] \u200eLina joined using this group's invite link",
    ];
    const withinTier = await countRecorded([...notices, ...messages]);
    expect(withinTier).toBe(45);
    expect(isWithinFreeTier(withinTier, 0)).toBe(true);
    // An invisible character before each line makes one message of the chat: each line still counts.
    const hidden = await countRecorded(
      [...messages, ...unrecognised].map((line, i) => (i === 0 ? line : `\u200B${line}`)),
    );
    expect(hidden).toBe(55);
    expect(isWithinFreeTier(hidden, 0)).toBe(false);
  });

  it("keeps the calendar of the export's dates for the transcript's cover", async () => {
    const exportId = randomUUID();
    await storeExport(exportId, {
      '_chat.txt': Buffer.from(
        '[18/3/2565 BE, 14:56:01] Omar: hi\n[18/3/2565 BE, 14:57:02] Lina: hello\n[1/4/2565 BE, 08:00:00] Omar: April\n',
      ),
    });
    await parseExport.execute(job(exportId));
    const { messages, ...chatFacts } = TRANSCRIPT_PAGE_REQUEST.response.parse(
      await getTranscriptPage.execute({ chatExportId: exportId, page: { offset: 0, limit: 10 } }),
    );
    expect(chatFacts.calendar).toBe('thai-buddhist');
    expect(chatFacts.warnings.some((warning) => warning.includes('Thai Buddhist'))).toBe(true);
    expect(messages.map((m) => m.timestamp)).toEqual([
      '2022-03-18T14:56:01',
      '2022-03-18T14:57:02',
      '2022-04-01T08:00:00',
    ]);
    // iOS writes seconds, even ":00": each message says so, for the transcript and the preview.
    expect(messages.map((m) => m.secondsRecorded)).toEqual([true, true, true]);
    const chatData = await getChatData.execute({ chatExportId: exportId });
    expect(chatData.messages.map((m) => m.secondsRecorded)).toEqual([true, true, true]);
  });

  it('gives up at once on a ZIP without a chat text, and answers NOT_FOUND for an unknown export', async () => {
    const exportId = randomUUID();
    await storeExport(exportId, { 'IMG-20230607-WA0003.jpg': Buffer.from('jpeg') });
    await expect(parseExport.execute(job(exportId))).rejects.toThrow(
      new PermanentJobError(
        'This ZIP has no WhatsApp chat file. In WhatsApp, open the chat, choose "Export chat", and upload the ZIP it makes.',
      ),
    );
    await expect(getChatData.execute({ chatExportId: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getFreeTierCounts.execute({ exportId: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      reason: 'CHAT_NOT_FOUND',
    });
  });
});
