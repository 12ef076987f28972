import { Injectable } from '@nestjs/common';
import { EXHIBIT_ERRORS } from '@chatexhibit/proto/exhibit-api';
import type { EXHIBIT_SOURCE_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import { DocumentRepository } from '../../documents/document.repository';

/** What an exhibit of an export would be cut from: the zone its transcript states times in. */
@Injectable()
export class GetExhibitSourceUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: DocumentRepository,
  ) {}

  async execute({
    exportId,
  }: RequestOf<typeof EXHIBIT_SOURCE_REQUEST>): Promise<ResponseOf<typeof EXHIBIT_SOURCE_REQUEST>> {
    const origin = await this.unitOfWork.run((tx) => this.documents.findExhibitOrigin(tx, exportId));
    if (origin === null) throw BusError.of(EXHIBIT_ERRORS, 'NO_TRANSCRIPT');
    return { timeZone: origin.facts.timeZone };
  }
}
