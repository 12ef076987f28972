import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ADMIT_UNPACKED_REQUEST,
  ADMIT_UPLOAD_REQUEST,
  DELETE_EXPORT_REQUEST,
  EXPORT_ACCESS_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { AdmitUnpackedUseCase } from './use-cases/admit-unpacked/admit-unpacked.use-case';
import { AdmitUploadUseCase } from './use-cases/admit-upload/admit-upload.use-case';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { DeleteExportUseCase } from './use-cases/delete-export/delete-export.use-case';

/** The export lifecycle's queries on the bus, each answered by its use case. */
@Injectable()
export class RetentionRequestHandlers implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly checkExportAccess: CheckExportAccessUseCase,
    private readonly deleteExport: DeleteExportUseCase,
    private readonly admitUpload: AdmitUploadUseCase,
    private readonly admitUnpacked: AdmitUnpackedUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(EXPORT_ACCESS_REQUEST, (request) => this.checkExportAccess.execute(request));
    this.requestBus.handle(DELETE_EXPORT_REQUEST, (request) => this.deleteExport.execute(request));
    this.requestBus.handle(ADMIT_UPLOAD_REQUEST, (request) => this.admitUpload.execute(request));
    this.requestBus.handle(ADMIT_UNPACKED_REQUEST, (request) => this.admitUnpacked.execute(request));
  }
}
