import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EXPORT_ACCESS_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { CheckExportAccessUseCase } from './check-export-access.use-case';

/** Answers export-access queries on the bus. */
@Injectable()
export class CheckExportAccessRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly checkExportAccess: CheckExportAccessUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(EXPORT_ACCESS_REQUEST, (request) => this.checkExportAccess.execute(request));
  }
}
