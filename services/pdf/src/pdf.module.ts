import { type DynamicModule, Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { PDF_TABLES } from './database/pdf-tables';
import { DocumentRepository } from './documents/document.repository';
import { StoredExportSources } from './documents/stored-export-source';
import { CheckDocumentsRequestHandler } from './use-cases/check-documents/check-documents.request-handler';
import { CheckDocumentsUseCase } from './use-cases/check-documents/check-documents.use-case';
import { GenerateDocumentsJobHandler } from './use-cases/generate-documents/generate-documents.job-handler';
import { GenerateDocumentsUseCase } from './use-cases/generate-documents/generate-documents.use-case';
import { GetExhibitDraftRequestHandler } from './use-cases/get-exhibit-draft/get-exhibit-draft.request-handler';
import { GetExhibitDraftUseCase } from './use-cases/get-exhibit-draft/get-exhibit-draft.use-case';
import { GetExhibitSourceRequestHandler } from './use-cases/get-exhibit-source/get-exhibit-source.request-handler';
import { GetExhibitSourceUseCase } from './use-cases/get-exhibit-source/get-exhibit-source.use-case';
import { MakeExhibitRequestHandler } from './use-cases/make-exhibit/make-exhibit.request-handler';
import { MakeExhibitUseCase } from './use-cases/make-exhibit/make-exhibit.use-case';
import { SaveExhibitDraftRequestHandler } from './use-cases/save-exhibit-draft/save-exhibit-draft.request-handler';
import { SaveExhibitDraftUseCase } from './use-cases/save-exhibit-draft/save-exhibit-draft.use-case';
import { PDF_SETTINGS, type PdfSettings } from './pdf.settings';

const part = ServicePartModule.forPart('pdf', PDF_TABLES);

/** The pdf service: the transcript, court-filing copy and evidence package of each export, and its exhibits and exhibit draft. */
@Module({
  imports: [part],
  providers: [
    ...exportExpiryProviders('pdf', DocumentRepository),
    DocumentRepository,
    GenerateDocumentsUseCase,
    GenerateDocumentsJobHandler,
    CheckDocumentsUseCase,
    CheckDocumentsRequestHandler,
    StoredExportSources,
    GetExhibitSourceUseCase,
    GetExhibitSourceRequestHandler,
    MakeExhibitUseCase,
    MakeExhibitRequestHandler,
    SaveExhibitDraftUseCase,
    SaveExhibitDraftRequestHandler,
    GetExhibitDraftUseCase,
    GetExhibitDraftRequestHandler,
  ],
  exports: [part],
})
export class PdfModule {
  static forRoot(settings: PdfSettings): DynamicModule {
    return { module: PdfModule, providers: [{ provide: PDF_SETTINGS, useValue: settings }] };
  }
}
