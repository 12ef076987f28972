import { Injectable } from '@nestjs/common';
import type { ExhibitDraft, SavedExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import type { TakenBates } from '../domain/exhibit/exhibit-bates';
import type { FilingCopy } from '../domain/render-export-documents';
import { DocumentEntity } from './document.entity';
import { ExhibitDraftEntity } from './exhibit-draft.entity';
import { ExhibitEntity } from './exhibit.entity';
import { ExportFactsEntity } from './export-facts.entity';

/** What an exhibit of an export is cut from: the facts of its documents and its filing copy. */
export interface ExhibitOrigin {
  facts: ExportFacts;
  filing: FilingCopy;
}

/** The pdf service's tables. TypeORM stays in here. */
@Injectable()
export class DocumentRepository {
  /** Deletes every row of the export: its documents, the facts they were made from, its exhibits and exhibit draft. */
  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    const manager = managerOf(tx);
    await manager.delete(DocumentEntity, { exportId });
    await manager.delete(ExportFactsEntity, { exportId });
    await manager.delete(ExhibitEntity, { exportId });
    await manager.delete(ExhibitDraftEntity, { exportId });
  }

  /**
   * Records the documents of an export and the facts they were made from; documents made again
   * replace the earlier records.
   */
  async save(
    tx: Transaction,
    facts: Omit<ExportFactsEntity, 'recordedAt'>,
    rows: ReadonlyArray<Omit<DocumentEntity, 'createdAt'>>,
  ): Promise<void> {
    const createdAt = new Date();
    const manager = managerOf(tx);
    await manager.upsert(
      DocumentEntity,
      rows.map((row) => ({ ...row, createdAt })),
      ['exportId', 'kind'],
    );
    await manager.upsert(ExportFactsEntity, { ...facts, recordedAt: createdAt }, ['exportId']);
  }

  /**
   * Null while the export has no court-filing copy recorded with the facts it was made from and
   * its hash, or, when that copy carries Bates numbers, its page count (which they end with):
   * copies made before page counts were recorded are cut only when they carry no Bates numbers.
   */
  async findExhibitOrigin(tx: Transaction, exportId: string): Promise<ExhibitOrigin | null> {
    const manager = managerOf(tx);
    const filing = await manager.findOneBy(DocumentEntity, { exportId, kind: 'filing-transcript' });
    const recorded = await manager.findOneBy(ExportFactsEntity, { exportId });
    if (filing?.sha256 == null || recorded === null) return null;
    if (filing.pageCount === null && recorded.facts.batesPrefix !== null) return null;
    return { facts: recorded.facts, filing: { sha256: filing.sha256, pageCount: filing.pageCount } };
  }

  /**
   * The Bates numbers of the export's exhibits, holding the export's exhibit lock until the
   * transaction ends: two exhibits drawn at once cannot both record the same numbers.
   */
  async lockExhibitBates(tx: Transaction, exportId: string): Promise<TakenBates[]> {
    const manager = managerOf(tx);
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`exhibits:${exportId}`]);
    const exhibits = await manager.findBy(ExhibitEntity, { exportId });
    return exhibits.flatMap(({ id, label, batesPrefix, batesFirst, batesLast }) =>
      batesPrefix === null || batesFirst === null || batesLast === null
        ? []
        : [
            {
              document: `exhibit ${JSON.stringify(label)} (${id})`,
              run: { prefix: batesPrefix, first: batesFirst, last: batesLast },
            },
          ],
    );
  }

  async saveExhibit(tx: Transaction, exhibit: ExhibitEntity): Promise<void> {
    await managerOf(tx).insert(ExhibitEntity, exhibit);
  }

  /** Keeps the export's exhibit draft, replacing the one saved before. */
  async saveExhibitDraft(
    tx: Transaction,
    exportId: string,
    draft: ExhibitDraft,
    savedAt: Date,
  ): Promise<void> {
    await managerOf(tx).upsert(ExhibitDraftEntity, { exportId, draft, savedAt }, ['exportId']);
  }

  async findExhibitDraft(tx: Transaction, exportId: string): Promise<SavedExhibitDraft> {
    const row = await managerOf(tx).findOneBy(ExhibitDraftEntity, { exportId });
    return { draft: row?.draft ?? null, savedAt: row?.savedAt.toISOString() ?? null };
  }
}
