import { Module } from '@nestjs/common';
import { exportExpiryJobHandler } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { ChatEntity, MessageEntity } from './chat/chat.entities';
import { ChatRepository } from './chat/chat.repository';
import { CreateChats1763700100000 } from './database/migrations/1763700100000-create-chats';
import { GetChatDataRequestHandler } from './use-cases/get-chat-data/get-chat-data.request-handler';
import { GetChatDataUseCase } from './use-cases/get-chat-data/get-chat-data.use-case';
import { GetTranscriptPageRequestHandler } from './use-cases/get-transcript-page/get-transcript-page.request-handler';
import { GetTranscriptPageUseCase } from './use-cases/get-transcript-page/get-transcript-page.use-case';
import { ParseExportJobHandler } from './use-cases/parse-export/parse-export.job-handler';
import { ParseExportUseCase } from './use-cases/parse-export/parse-export.use-case';

const part = ServicePartModule.forPart('parse', {
  entities: [ChatEntity, MessageEntity],
  migrations: [CreateChats1763700100000],
});

/** The parse service: parses an export's chat text and answers chat-data and transcript queries. */
@Module({
  imports: [part],
  providers: [
    exportExpiryJobHandler('parse', ChatRepository),
    ChatRepository,
    ParseExportUseCase,
    ParseExportJobHandler,
    GetChatDataUseCase,
    GetChatDataRequestHandler,
    GetTranscriptPageUseCase,
    GetTranscriptPageRequestHandler,
  ],
  exports: [part],
})
export class ParseModule {}
