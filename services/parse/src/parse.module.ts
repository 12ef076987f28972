import { Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { ChatRepository } from './chat/chat.repository';
import { PARSE_TABLES } from './database/parse-tables';
import { GetChatDataRequestHandler } from './use-cases/get-chat-data/get-chat-data.request-handler';
import { GetChatDataUseCase } from './use-cases/get-chat-data/get-chat-data.use-case';
import { GetFreeTierCountsRequestHandler } from './use-cases/get-free-tier-counts/get-free-tier-counts.request-handler';
import { GetFreeTierCountsUseCase } from './use-cases/get-free-tier-counts/get-free-tier-counts.use-case';
import { GetTranscriptPageRequestHandler } from './use-cases/get-transcript-page/get-transcript-page.request-handler';
import { GetTranscriptPageUseCase } from './use-cases/get-transcript-page/get-transcript-page.use-case';
import { ParseExportJobHandler } from './use-cases/parse-export/parse-export.job-handler';
import { ParseExportUseCase } from './use-cases/parse-export/parse-export.use-case';

const part = ServicePartModule.forPart('parse', PARSE_TABLES);

/** The parse service: parses an export's chat text and answers chat-data, transcript and free-tier-count queries. */
@Module({
  imports: [part],
  providers: [
    ...exportExpiryProviders('parse', ChatRepository),
    ChatRepository,
    ParseExportUseCase,
    ParseExportJobHandler,
    GetChatDataUseCase,
    GetChatDataRequestHandler,
    GetTranscriptPageUseCase,
    GetTranscriptPageRequestHandler,
    GetFreeTierCountsUseCase,
    GetFreeTierCountsRequestHandler,
  ],
  exports: [part],
})
export class ParseModule {}
