import { Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { CreateDocuments1763800200000 } from './database/migrations/1763800200000-create-documents';
import { DocumentEntity } from './documents/document.entity';
import { DocumentRepository } from './documents/document.repository';
import { GenerateDocumentsJobHandler } from './use-cases/generate-documents/generate-documents.job-handler';
import { GenerateDocumentsUseCase } from './use-cases/generate-documents/generate-documents.use-case';

const part = ServicePartModule.forPart('pdf', {
  entities: [DocumentEntity],
  migrations: [CreateDocuments1763800200000],
});

/** The pdf service: the transcript of each export. */
@Module({
  imports: [part],
  providers: [DocumentRepository, GenerateDocumentsUseCase, GenerateDocumentsJobHandler],
  exports: [part],
})
export class PdfModule {}
