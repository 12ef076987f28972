import { performance } from 'node:perf_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { stepIndex, stepProgress } from '@chatexhibit/proto/steps';
import { EntryManifestSchema, exportKeys } from '@chatexhibit/proto/storage-layout';
import { MEDIA_JOB, PARSE_JOB } from '@chatexhibit/proto/subjects';
import { CHAT_TEXT_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { type JobPayload, PermanentJobError, WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { ChatRepository, toMessageRow } from '../../chat/chat.repository';
import { ChatLimitError } from '../../domain/chat-limits';
import { chatDocumentsCostMs } from '../../domain/documents-cost';
import { freeTierCount } from '../../domain/free-tier-count';
import { lineWithNulCharacter } from '../../domain/nul-character';
import { NoChatTextError, readExportChat } from '../../domain/read-export-chat';

/**
 * Step 1: read the export's text files from storage, pick the chat, parse it, link its
 * attachments to the stored ZIP entries, store chat and messages once with what the free tier
 * counts of them, and hand on to media.
 */
@Injectable()
export class ParseExportUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly chats: ChatRepository,
    private readonly workQueue: WorkQueue,
    private readonly progress: ProgressChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(job: JobPayload<typeof PARSE_JOB>): Promise<{ messageCount: number; databaseMs: number }> {
    const { exportId, facts } = job;
    const keys = exportKeys(exportId);
    await this.progress.publish(exportId, { step: stepIndex('parse'), progress: stepProgress('parse') });
    const manifest = await this.storage.getJson(keys.entryManifest, EntryManifestSchema);
    let exportChat;
    try {
      exportChat = await readExportChat(manifest.entries, (entry) => this.storage.get(entry.key));
    } catch (error) {
      if (error instanceof NoChatTextError)
        throw new PermanentJobError(error.message, 'NOT_A_WHATSAPP_EXPORT');
      if (error instanceof ChatLimitError) {
        this.logger.warn({ reason: error.reason }, 'chat refused');
        throw new PermanentJobError(error.message);
      }
      throw error;
    }
    const { chat, chatFile, attachmentKeys, warnings } = exportChat;
    // PostgreSQL's text and jsonb refuse NUL: without this, every delivery failed on the insert.
    const nulLine = lineWithNulCharacter(chat);
    if (nulLine !== null) {
      this.logger.warn({ reason: 'nul_character', line: nulLine }, 'chat refused');
      throw new PermanentJobError(CHAT_TEXT_REFUSALS.nulCharacter(nulLine));
    }

    // The media is everything in the ZIP but the chat text itself.
    const chatEntrySize = manifest.entries.find((e) => e.path === chatFile)?.size ?? 0;
    const started = performance.now();
    await this.unitOfWork.once(`${exportId}:parse`, (tx) =>
      this.chats.insert(
        tx,
        {
          exportId,
          originalFilename: facts.originalFilename,
          fileHash: facts.fileHash,
          processingOptions: facts.options,
          chatFile,
          format: chat.format,
          dateOrder: chat.dateOrder,
          calendar: chat.calendar,
          encoding: chat.encoding,
          messageCount: chat.messages.length,
          // Payment decides on these (FREE_TIER_COUNTS_REQUEST), not on anything the later steps forward.
          freeTierCount: freeTierCount(chat),
          mediaSizeBytes: String(job.entriesSizeBytes - chatEntrySize),
          participants: chat.participants,
          preamble: chat.preamble,
          warnings,
        },
        chat.messages.map((m) => toMessageRow(m, attachmentKeys.get(m.index) ?? null)),
      ),
    );
    const databaseMs = Math.round(performance.now() - started);
    // Not the chat file's name: Android's names the other person ("WhatsApp Chat with …").
    this.logger.info({ messages: chat.messages.length, databaseMs }, 'chat parsed and stored');
    // Also after a redelivery found the work done: the hand-on may be what was lost.
    await this.workQueue.enqueue(MEDIA_JOB, { exportId, facts, documentsCostMs: chatDocumentsCostMs(chat) });
    return { messageCount: chat.messages.length, databaseMs };
  }
}
