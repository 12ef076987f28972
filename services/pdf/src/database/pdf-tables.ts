import { DocumentEntity } from '../documents/document.entity';
import { ExhibitDraftEntity } from '../documents/exhibit-draft.entity';
import { ExhibitEntity } from '../documents/exhibit.entity';
import { ExportFactsEntity } from '../documents/export-facts.entity';
import { CreateDocuments1763800200000 } from './migrations/1763800200000-create-documents';
import { AddDocumentHashes1764000100000 } from './migrations/1764000100000-add-document-hashes';
import { RecordExhibits1764900000000 } from './migrations/1764900000000-record-exhibits';
import { RecordBatesNumbers1765300000000 } from './migrations/1765300000000-record-bates-numbers';
import { KeepExhibitDrafts1765600000000 } from './migrations/1765600000000-keep-exhibit-drafts';

/** The pdf service's tables: their entities and the migrations that make them, in order. */
export const PDF_TABLES = {
  entities: [DocumentEntity, ExportFactsEntity, ExhibitEntity, ExhibitDraftEntity],
  migrations: [
    CreateDocuments1763800200000,
    AddDocumentHashes1764000100000,
    RecordExhibits1764900000000,
    RecordBatesNumbers1765300000000,
    KeepExhibitDrafts1765600000000,
  ],
};
