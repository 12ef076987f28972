import { Injectable } from '@nestjs/common';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import type { SAVE_EXHIBIT_DRAFT_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { DocumentRepository } from '../../documents/document.repository';

/**
 * Keeps the Exhibit mode's draft of an export with the export's other rows, so that it is deleted
 * with them however the export goes; one saved as the export was deleted goes too.
 */
@Injectable()
export class SaveExhibitDraftUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: DocumentRepository,
    private readonly eraser: ExportEraser,
  ) {}

  async execute({
    exportId,
    draft,
  }: RequestOf<typeof SAVE_EXHIBIT_DRAFT_REQUEST>): Promise<ResponseOf<typeof SAVE_EXHIBIT_DRAFT_REQUEST>> {
    const savedAt = new Date();
    await this.unitOfWork.run((tx) => this.documents.saveExhibitDraft(tx, exportId, draft, savedAt));
    if (await this.eraser.undoIfErased(exportId)) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_DELETED');
    return { savedAt: savedAt.toISOString() };
  }
}
