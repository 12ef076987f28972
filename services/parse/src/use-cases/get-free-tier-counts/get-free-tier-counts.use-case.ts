import { Injectable } from '@nestjs/common';
import { PARSE_ERRORS } from '@chatexhibit/proto/chat';
import type { FREE_TIER_COUNTS_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { ChatRepository } from '../../chat/chat.repository';

/** What the free tier counts of an export, as recorded when its chat was parsed, for payment's decision. */
@Injectable()
export class GetFreeTierCountsUseCase {
  constructor(private readonly chats: ChatRepository) {}

  async execute({
    exportId,
  }: RequestOf<typeof FREE_TIER_COUNTS_REQUEST>): Promise<ResponseOf<typeof FREE_TIER_COUNTS_REQUEST>> {
    const chat = await this.chats.findChat(exportId);
    if (!chat) throw BusError.of(PARSE_ERRORS, 'CHAT_NOT_FOUND');
    if (chat.freeTierCount === null || chat.mediaSizeBytes === null)
      throw BusError.of(PARSE_ERRORS, 'COUNTS_NOT_RECORDED');
    return { messageCount: chat.freeTierCount, mediaSizeBytes: Number(chat.mediaSizeBytes) };
  }
}
