import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EXHIBIT_DRAFT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { GetExhibitDraftUseCase } from './get-exhibit-draft.use-case';

/** Answers `pdf.exhibit-draft` on the bus. */
@Injectable()
export class GetExhibitDraftRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly getExhibitDraft: GetExhibitDraftUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(EXHIBIT_DRAFT_REQUEST, (request) => this.getExhibitDraft.execute(request));
  }
}
