import { Injectable } from '@nestjs/common';
import { PARSE_ERRORS } from '@chatexhibit/proto/chat';
import { EntryManifestSchema, exportKeys } from '@chatexhibit/proto/storage-layout';
import type { FREE_TIER_COUNTS_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { ChatRepository } from '../../chat/chat.repository';
import type { MessageType } from '../../domain/chat-model';
import { freeTierCount } from '../../domain/free-tier-count';
import type { SystemEvent } from '../../domain/system-events';

type FreeTierCounts = ResponseOf<typeof FREE_TIER_COUNTS_REQUEST>;

/** What the free tier counts of an export, as recorded when its chat was parsed, for payment's decision. */
@Injectable()
export class GetFreeTierCountsUseCase {
  constructor(
    private readonly chats: ChatRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async execute({ exportId }: RequestOf<typeof FREE_TIER_COUNTS_REQUEST>): Promise<FreeTierCounts> {
    const chat = await this.chats.findChat(exportId);
    if (!chat) throw BusError.of(PARSE_ERRORS, 'CHAT_NOT_FOUND');
    if (chat.freeTierCount !== null && chat.mediaSizeBytes !== null)
      return { messageCount: chat.freeTierCount, mediaSizeBytes: Number(chat.mediaSizeBytes) };
    // Parsed before the counts were recorded (its decision comes after an upgrade): counted now
    // from the rows stored then and ingest's entries, as the parse step counts them.
    const messages = await this.chats.findMessages(exportId);
    const { entries } = await this.storage.getJson(exportKeys(exportId).entryManifest, EntryManifestSchema);
    return {
      messageCount: freeTierCount({
        preamble: chat.preamble,
        messages: messages.map((m) => ({
          ...m,
          type: m.type as MessageType,
          event: m.event as SystemEvent | null,
        })),
      }),
      mediaSizeBytes: entries.filter((e) => e.path !== chat.chatFile).reduce((sum, e) => sum + e.size, 0),
    };
  }
}
