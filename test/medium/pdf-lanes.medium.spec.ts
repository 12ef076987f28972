// Finding H2, fairness: several expensive exports queued for their documents, then one small
// honest export. On one FIFO queue with one worker, the small export's documents waited for all of
// them; with the lanes the pdf service draws it beside them. The real pg-boss queue, the pdf
// service's job handler, use case and drawing worker; parse's pages answered from memory.

import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { documentsCostMs, documentsWork } from '@chatexhibit/proto/documents-cost';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import {
  PAYMENT_DECISION_JOB,
  PDF_JOB,
  PDF_LARGE_JOB,
  pdfJobFor,
  TRANSCRIPT_PAGE_REQUEST,
} from '@chatexhibit/proto/subjects';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { InProcessRequestBus } from '@chatexhibit/kit/bus/in-process-request-bus';
import { PgBossWorkQueue } from '@chatexhibit/kit/bus/pg-boss-work-queue';
import { PlannerStatistics } from '@chatexhibit/kit/database/planner-statistics';
import { openServiceDatabase } from '@chatexhibit/kit/database/service-database';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { PostgresProgressChannel } from '@chatexhibit/kit/progress/postgres-progress-channel';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { LocalObjectStorage } from '@chatexhibit/kit/storage/local-object-storage';
import { PDF_TABLES } from '@chatexhibit/pdf/database/pdf-tables';
import { DocumentRepository } from '@chatexhibit/pdf/documents/document.repository';
import { StoredExportSources } from '@chatexhibit/pdf/documents/stored-export-source';
import { GenerateDocumentsJobHandler } from '@chatexhibit/pdf/use-cases/generate-documents/generate-documents.job-handler';
import { GenerateDocumentsUseCase } from '@chatexhibit/pdf/use-cases/generate-documents/generate-documents.use-case';
import { zipArchive } from '../../services/parse/test/support/zip-writer';
import { eventually } from '../support/eventually';
import { exportFacts } from '../support/export-facts';
import { unscrapedJobMetrics } from '../support/job-metrics';
import { testServers, uniqueName } from '../support/servers';

const logger = createLogger({ part: 'test', level: 'silent' });
const CHAT_FILE = '_chat.txt';
const SENDERS = ['Sam Carter', 'Alex Morgan'];

let seed = 7;
/** Devanagari letters without a space, as the attack's chats had them: a new shape at every line. */
const unbrokenDevanagari = (length: number) =>
  Array.from({ length }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String.fromCharCode(0x915 + (seed % 37));
  }).join('');

/** Parse's estimate, from the text the transcript draws (each sender and message). */
const estimate = (messages: readonly TranscriptMessage[]): number =>
  documentsCostMs(
    documentsWork(
      messages.length,
      messages.flatMap((m) => [m.sender!, m.content]),
    ),
  );

const chat = (contents: readonly string[]): TranscriptMessage[] =>
  contents.map((content, i) => ({
    index: i + 1,
    line: i + 1,
    lineEnd: i + 1,
    timestamp: `2026-03-01T09:${String(i % 60).padStart(2, '0')}:00`,
    secondsRecorded: false,
    sender: SENDERS[i % 2]!,
    content,
    type: 'text',
    attachment: null,
    attachmentPath: null,
    flags: [],
    event: null,
  }));

describe('the documents step in lanes', () => {
  const schema = uniqueName('pdf_lanes').toLowerCase();
  let database: DataSource | undefined;
  let queue: PgBossWorkQueue | undefined;
  let progress: PostgresProgressChannel | undefined;
  let storageRoot: string | undefined;

  afterAll(async () => {
    await queue?.close();
    await progress?.close();
    for (const name of [schema, `${schema}_jobs`, `${schema}_progress`])
      await database?.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await database?.destroy();
    if (storageRoot) await rm(storageRoot, { recursive: true, force: true });
  });

  it('draws a small export’s documents while expensive exports queued before it still wait', async () => {
    const url = testServers().databaseUrl;
    database = await openServiceDatabase(url, { schema, ...PDF_TABLES }, logger);
    storageRoot = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-pdf-lanes-'));
    const storage = new LocalObjectStorage(storageRoot);
    queue = await PgBossWorkQueue.open(
      { databaseUrl: url, schema: `${schema}_jobs`, pollIntervalMs: 200, metrics: unscrapedJobMetrics() },
      logger,
    );
    progress = await PostgresProgressChannel.open(url, `${schema}_progress`);

    // Parse's side: each export's chat, served a page at a time, and its files as ingest stores them.
    const chats = new Map<string, TranscriptMessage[]>();
    const parse = new InProcessRequestBus(logger);
    parse.handle(TRANSCRIPT_PAGE_REQUEST, async ({ chatExportId, page }) => {
      const messages = chats.get(chatExportId)!;
      return {
        chatFile: CHAT_FILE,
        participants: SENDERS,
        warnings: [],
        format: 'android',
        dateOrder: 'dmy',
        calendar: 'gregorian' as const,
        encoding: 'utf-8',
        totalMessages: messages.length,
        messages: messages.slice(page.offset, page.offset + page.limit),
      };
    });
    await parse.start();
    const queueExport = async (messages: TranscriptMessage[]): Promise<string> => {
      const exportId = randomUUID();
      chats.set(exportId, messages);
      const keys = exportKeys(exportId);
      const text = Buffer.from(
        messages.map((m) => `01/03/2026, 09:00 - ${m.sender}: ${m.content}`).join('\n'),
      );
      const upload = zipArchive([{ path: CHAT_FILE, data: text }]);
      const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      await storage.put(keys.upload, upload);
      await storage.put(keys.entry(CHAT_FILE), text);
      await storage.putJson(keys.entryManifest, {
        entries: [{ path: CHAT_FILE, key: keys.entry(CHAT_FILE), size: text.length, sha256: sha256(text) }],
      });
      await storage.putJson(keys.mediaManifest, { items: [], components: {} });
      const job = {
        exportId,
        facts: exportFacts({ fileHash: sha256(upload), uploadSizeBytes: upload.length }),
        messageCount: messages.length,
        mediaSizeBytes: 0,
        documentsCostMs: estimate(messages),
      };
      // The lane as media picks it.
      await queue!.enqueue(pdfJobFor(job), job);
      return exportId;
    };

    // All queued before the pdf service starts taking work: the expensive ones first.
    const expensive: string[] = [];
    for (let i = 0; i < 3; i += 1) expensive.push(await queueExport(chat([unbrokenDevanagari(3000)])));
    const small = await queueExport(
      chat(Array.from({ length: 40 }, (_, i) => `Message ${i + 1}: the deposit is still not back.`)),
    );
    const laneOf = (exportId: string) => pdfJobFor({ documentsCostMs: estimate(chats.get(exportId)!) });
    expect(expensive.map(laneOf)).toEqual([PDF_LARGE_JOB, PDF_LARGE_JOB, PDF_LARGE_JOB]);
    expect(laneOf(small)).toBe(PDF_JOB);

    // Each export's documents are done when the pdf service hands it on to the free-tier decision.
    const done: string[] = [];
    let expensiveDoneBeforeSmall: number | undefined;
    queue.consume(PAYMENT_DECISION_JOB, async ({ exportId }) => {
      if (exportId === small) expensiveDoneBeforeSmall = done.length;
      done.push(exportId);
    });
    const documents = new DocumentRepository();
    const unitOfWork = new UnitOfWork(database);
    new GenerateDocumentsJobHandler(
      queue,
      progress,
      new ExportEraser(
        'pdf',
        unitOfWork,
        documents,
        storage,
        queue,
        new PlannerStatistics(database, url, schema),
      ),
      new GenerateDocumentsUseCase(
        storage,
        unitOfWork,
        documents,
        new StoredExportSources(storage, parse, { publicUrl: 'http://localhost', sourceUrl: null }),
        queue,
        progress,
        logger,
      ),
    ).onModuleInit();
    await queue.start();

    await eventually(() => done.length === expensive.length + 1, 110_000, 'every export’s documents');
    // One lane: the small export came last, after all three. Two: at least one still waited.
    expect(expensiveDoneBeforeSmall).toBeLessThan(expensive.length);
    expect(done.filter((id) => id !== small)).toEqual(expensive);
    for (const exportId of done) expect((await progress.latest(exportId))?.error).toBeUndefined();
  }, 150_000);
});
