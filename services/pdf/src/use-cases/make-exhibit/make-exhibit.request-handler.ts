import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MAKE_EXHIBIT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { MakeExhibitUseCase } from './make-exhibit.use-case';

/** Answers `pdf.make-exhibit` on the bus. */
@Injectable()
export class MakeExhibitRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly makeExhibit: MakeExhibitUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(MAKE_EXHIBIT_REQUEST, (request) => this.makeExhibit.execute(request));
  }
}
