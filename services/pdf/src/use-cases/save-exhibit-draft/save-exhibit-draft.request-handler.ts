import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SAVE_EXHIBIT_DRAFT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { SaveExhibitDraftUseCase } from './save-exhibit-draft.use-case';

/** Answers `pdf.save-exhibit-draft` on the bus. */
@Injectable()
export class SaveExhibitDraftRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly saveExhibitDraft: SaveExhibitDraftUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(SAVE_EXHIBIT_DRAFT_REQUEST, (request) => this.saveExhibitDraft.execute(request));
  }
}
