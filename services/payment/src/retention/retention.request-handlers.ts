import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DELETE_EXPORT_REQUEST, EXPORT_ACCESS_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { DeleteExportUseCase } from './use-cases/delete-export/delete-export.use-case';

/** The export lifecycle's queries on the bus, each answered by its use case. */
@Injectable()
export class RetentionRequestHandlers implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly checkExportAccess: CheckExportAccessUseCase,
    private readonly deleteExport: DeleteExportUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(EXPORT_ACCESS_REQUEST, (request) => this.checkExportAccess.execute(request));
    this.requestBus.handle(DELETE_EXPORT_REQUEST, (request) => this.deleteExport.execute(request));
  }
}
