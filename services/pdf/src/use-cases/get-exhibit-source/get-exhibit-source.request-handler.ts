import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EXHIBIT_SOURCE_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { GetExhibitSourceUseCase } from './get-exhibit-source.use-case';

/** Answers `pdf.exhibit-source` on the bus. */
@Injectable()
export class GetExhibitSourceRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly getExhibitSource: GetExhibitSourceUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(EXHIBIT_SOURCE_REQUEST, (request) => this.getExhibitSource.execute(request));
  }
}
