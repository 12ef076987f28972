import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CHAT_DATA_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { GetChatDataUseCase } from './get-chat-data.use-case';

/** Answers chat-data queries on the bus. */
@Injectable()
export class GetChatDataRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly getChatData: GetChatDataUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(CHAT_DATA_REQUEST, (request) => this.getChatData.execute(request));
  }
}
