import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { entryPathOf } from '@chatexhibit/proto/storage-layout';
import { TRANSCRIPT_PAGE_REQUEST } from '@chatexhibit/proto/subjects';
import { PARSE_ERRORS } from '@chatexhibit/proto/chat';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { ChatRepository } from '../../chat/chat.repository';
import type { MessageFlag, MessageType } from '../../domain/chat-model';
import type { SystemEvent } from '../../domain/system-events';
import { toTranscriptMessage } from '../../domain/transcript-message';

type TranscriptPageRequest = z.infer<typeof TRANSCRIPT_PAGE_REQUEST.request>;
type TranscriptPage = z.infer<typeof TRANSCRIPT_PAGE_REQUEST.response>;

/** One page of a parsed chat as the transcript needs it: every stored field of each message. */
@Injectable()
export class GetTranscriptPageUseCase {
  constructor(private readonly chats: ChatRepository) {}

  async execute({ chatExportId, page }: TranscriptPageRequest): Promise<TranscriptPage> {
    const chat = await this.chats.findChat(chatExportId);
    if (!chat) throw BusError.of(PARSE_ERRORS, 'CHAT_NOT_FOUND');
    const messages = await this.chats.findMessages(chatExportId, page);
    return {
      chatFile: chat.chatFile,
      participants: chat.participants,
      warnings: chat.warnings,
      format: chat.format,
      dateOrder: chat.dateOrder,
      calendar: chat.calendar,
      encoding: chat.encoding,
      totalMessages: chat.messageCount,
      messages: messages.map((m) =>
        toTranscriptMessage(
          // Rows hold what the parser wrote, in the contract's words; the bus validates the reply.
          {
            ...m,
            type: m.type as MessageType,
            flags: m.flags as MessageFlag[],
            event: m.event as SystemEvent | null,
          },
          m.attachmentKey === null ? null : entryPathOf(chatExportId, m.attachmentKey),
        ),
      ),
    };
  }
}
