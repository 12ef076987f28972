import { Inject, Injectable } from '@nestjs/common';
import { VERIFY_PATH } from '@chatexhibit/proto/evidence-package';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { EntryManifestSchema, exportKeys, MediaManifestSchema } from '@chatexhibit/proto/storage-layout';
import { TRANSCRIPT_PAGE_REQUEST } from '@chatexhibit/proto/subjects';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import type { ExportSource } from '../domain/transcript/transcript-source';
import { PDF_SETTINGS, type PdfSettings } from '../pdf.settings';

/** Messages per transcript-page request: one page stays well inside one NATS message (1 MB by default). */
const PAGE_SIZE = 1000;

/**
 * An export as the documents are made from it: the parse service's pages of messages and the
 * files in object storage. The transcript and every exhibit cut from it read the same source.
 */
@Injectable()
export class StoredExportSources {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly requestBus: RequestBus,
    @Inject(PDF_SETTINGS) private readonly settings: PdfSettings,
  ) {}

  async open(exportId: string, facts: ExportFacts): Promise<{ source: ExportSource; totalMessages: number }> {
    const keys = exportKeys(exportId);
    const page = (offset: number) =>
      this.requestBus.request(TRANSCRIPT_PAGE_REQUEST, {
        chatExportId: exportId,
        page: { offset, limit: PAGE_SIZE },
      });
    const first = await page(0);
    const { messages: _firstMessages, totalMessages, ...chat } = first;
    const { entries, folders = [] } = await this.storage.getJson(keys.entryManifest, EntryManifestSchema);
    const { items: media, components } = await this.storage.getJson(keys.mediaManifest, MediaManifestSchema);
    // Each pass (the summary, then the documents) reads the pages again: none is held in memory.
    async function* messages(): AsyncIterable<readonly TranscriptMessage[]> {
      let current = first;
      for (let offset = 0; ;) {
        yield current.messages;
        offset += current.messages.length;
        if (current.messages.length === 0 || offset >= totalMessages) return;
        current = await page(offset);
      }
    }
    return {
      totalMessages,
      source: {
        exportReference: exportReference(exportId),
        facts,
        chat,
        messages,
        entries,
        folders,
        media,
        mediaComponents: components,
        uploadKey: keys.upload,
        files: { open: (key) => this.storage.get(key) },
        verifyUrl: this.settings.publicUrl + VERIFY_PATH,
        sourceUrl: this.settings.sourceUrl,
      },
    };
  }
}
