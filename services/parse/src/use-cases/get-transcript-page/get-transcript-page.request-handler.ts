import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TRANSCRIPT_PAGE_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { GetTranscriptPageUseCase } from './get-transcript-page.use-case';

/** Answers transcript-page queries on the bus. */
@Injectable()
export class GetTranscriptPageRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly getTranscriptPage: GetTranscriptPageUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(TRANSCRIPT_PAGE_REQUEST, (request) => this.getTranscriptPage.execute(request));
  }
}
