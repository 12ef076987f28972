import { Injectable } from '@nestjs/common';
import type { EXHIBIT_DRAFT_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { DocumentRepository } from '../../documents/document.repository';

/** The Exhibit mode's draft of an export as last saved, or none. */
@Injectable()
export class GetExhibitDraftUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: DocumentRepository,
  ) {}

  execute({
    exportId,
  }: RequestOf<typeof EXHIBIT_DRAFT_REQUEST>): Promise<ResponseOf<typeof EXHIBIT_DRAFT_REQUEST>> {
    return this.unitOfWork.run((tx) => this.documents.findExhibitDraft(tx, exportId));
  }
}
