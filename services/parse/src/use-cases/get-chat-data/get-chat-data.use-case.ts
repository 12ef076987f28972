import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { entryPathOf } from '@chatexhibit/proto/storage-layout';
import { CHAT_DATA_REQUEST } from '@chatexhibit/proto/subjects';
import { PARSE_ERRORS } from '@chatexhibit/proto/chat';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { ChatRepository } from '../../chat/chat.repository';
import { toApiMessage } from '../../domain/api-message';

type ChatDataRequest = z.infer<typeof CHAT_DATA_REQUEST.request>;
type ChatDataPage = z.infer<typeof CHAT_DATA_REQUEST.response>;

/** SPEC ChatData of a parsed export, whole or one page of messages. */
@Injectable()
export class GetChatDataUseCase {
  constructor(private readonly chats: ChatRepository) {}

  async execute({ chatExportId, page }: ChatDataRequest): Promise<ChatDataPage> {
    const chat = await this.chats.findChat(chatExportId);
    if (!chat) throw BusError.of(PARSE_ERRORS, 'CHAT_NOT_FOUND');
    const messages = await this.chats.findMessages(chatExportId, page);
    return {
      id: chat.exportId,
      originalFilename: chat.originalFilename,
      fileHash: chat.fileHash,
      participants: chat.participants,
      processingOptions: chat.processingOptions,
      totalMessages: chat.messageCount,
      messages: messages.map((m) => ({
        ...toApiMessage(m),
        index: m.index,
        attachment: m.attachment,
        attachmentPath: m.attachmentKey === null ? null : entryPathOf(chatExportId, m.attachmentKey),
      })),
    };
  }
}
