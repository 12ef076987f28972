import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { EXHIBIT_ERRORS } from '@chatexhibit/proto/exhibit-api';
import { EXHIBIT_PATHS, exhibitFileType } from '@chatexhibit/proto/exhibit-files';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import type { MAKE_EXHIBIT_REQUEST } from '@chatexhibit/proto/subjects';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { BoundedQueue, QueueFullError } from '@chatexhibit/kit/concurrency/bounded-queue';
import type { ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import { DocumentRepository } from '../../documents/document.repository';
import type { ExhibitFileRecord } from '../../documents/exhibit.entity';
import { StoredExportSources } from '../../documents/stored-export-source';
import { exhibitBatesRun } from '../../domain/exhibit/exhibit-bates';
import { ExhibitSpecError } from '../../domain/exhibit/exhibit-spec-error';
import {
  DocumentsOverLimitError,
  renderExhibitInWorker,
} from '../../domain/document-worker/documents-in-worker';
import { VolumeTooLargeError } from '../../domain/volumes/split-into-volumes';

/**
 * Exhibits one pdf process draws at once, and how many may wait behind them: each drawing has a
 * worker of its own with a heap of up to 1.5 GB, and four at once took 5 GB; those waiting are
 * drawn within the gateway's wait (MAKE_EXHIBIT_TIMEOUT_MS) when the drawing before is quick.
 */
export const EXHIBIT_DRAWINGS = { running: 1, waiting: 2 } as const;

type MakeExhibitRequest = z.infer<typeof MAKE_EXHIBIT_REQUEST.request>;
type MadeExhibit = ResponseOf<typeof MAKE_EXHIBIT_REQUEST>;

/** A spec refused by the pdf core (its sentence names the field), or a size limit no split can keep (it names the page). */
const refusedSpec = (error: unknown): never => {
  if (error instanceof ExhibitSpecError || error instanceof VolumeTooLargeError)
    throw BusError.of(EXHIBIT_ERRORS, 'SPEC_DOES_NOT_FIT', error.message);
  // Out of memory or of time: the error's own sentence says which.
  if (error instanceof DocumentsOverLimitError) throw BusError.of(EXHIBIT_ERRORS, 'TOO_LARGE', error.message);
  throw error;
};

/**
 * An exhibit of an export whose documents are made: planned and drawn by the pdf core from the
 * same stored source as the transcript, cut from the filing copy recorded then; its files stored
 * under the export (deleted with it) and the exhibit recorded with its Bates numbers. A spec that
 * does not fit the chat, or whose Bates numbers repeat the filing copy's or an earlier exhibit's,
 * is refused with the core's sentence, which names the field.
 */
@Injectable()
export class MakeExhibitUseCase {
  private readonly drawings = new BoundedQueue(EXHIBIT_DRAWINGS);

  constructor(
    private readonly storage: ObjectStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: DocumentRepository,
    private readonly sources: StoredExportSources,
    private readonly eraser: ExportEraser,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ exportId, spec }: MakeExhibitRequest): Promise<MadeExhibit> {
    const origin = await this.unitOfWork.run((tx) => this.documents.findExhibitOrigin(tx, exportId));
    if (origin === null) throw BusError.of(EXHIBIT_ERRORS, 'NO_TRANSCRIPT');
    const earlier = await this.unitOfWork.run((tx) => this.documents.lockExhibitBates(tx, exportId));
    const { source } = await this.sources.open(exportId, origin.facts);
    const exhibitId = randomUUID();
    const createdAt = new Date();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibit-'));
    try {
      const written = await this.drawings
        .run(() => renderExhibitInWorker(source, { spec, dir }, origin.filing, createdAt, earlier))
        .catch(async (error: unknown) => {
          if (error instanceof QueueFullError) throw BusError.of(EXHIBIT_ERRORS, 'BUSY');
          // Deleted while it was drawn, its files gone from under it: it is gone, not broken.
          if (await this.eraser.undoIfErased(exportId)) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_DELETED');
          return refusedSpec(error);
        });
      // SHA256SUMS lists every other file; it is served too.
      const files: ExhibitFileRecord[] = [
        ...written.files.map(({ path: name, sizeBytes, sha256 }) => ({ name, sizeBytes, sha256 })),
        { name: EXHIBIT_PATHS.checksums, ...(await hashFile(path.join(dir, EXHIBIT_PATHS.checksums))) },
      ];
      for (const { name } of files) {
        const contentType = exhibitFileType(name);
        if (contentType === undefined) throw new Error(`an exhibit file has no known name: ${name}`);
        await this.storage.putFile(exportKeys(exportId).exhibitFile(exhibitId, name), path.join(dir, name), {
          contentType,
        });
      }
      const { bates } = written;
      await this.unitOfWork
        .run(async (tx) => {
          // Numbers an exhibit recorded while this one was drawn took are refused as well.
          exhibitBatesRun(spec, written.pageCount, await this.documents.lockExhibitBates(tx, exportId));
          await this.documents.saveExhibit(tx, {
            id: exhibitId,
            exportId,
            createdAt,
            files,
            label: spec.label,
            batesPrefix: bates?.prefix ?? null,
            batesFirst: bates?.first ?? null,
            batesLast: bates?.last ?? null,
          });
        })
        .catch(async (error: unknown) => {
          await this.storage.deleteAll(`${exportKeys(exportId).exhibits}${exhibitId}/`);
          refusedSpec(error);
        });
      // Deleted while it was drawn: what was written of it goes with the rest.
      if (await this.eraser.undoIfErased(exportId)) throw BusError.of(PAYMENT_ERRORS, 'EXPORT_DELETED');
      this.logger.info(
        { exhibitFiles: files.length, exhibitBytes: files.reduce((sum, file) => sum + file.sizeBytes, 0) },
        'exhibit made',
      );
      return {
        exhibitId,
        included: written.included,
        redactions: spec.redactions.length,
        files,
        warnings: written.warnings,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
