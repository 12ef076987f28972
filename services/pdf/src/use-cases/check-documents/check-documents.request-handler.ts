import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOCUMENTS_PRESENT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { CheckDocumentsUseCase } from './check-documents.use-case';

/** Answers `pdf.documents-present` on the bus. */
@Injectable()
export class CheckDocumentsRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly checkDocuments: CheckDocumentsUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(DOCUMENTS_PRESENT_REQUEST, (request) => this.checkDocuments.execute(request));
  }
}
