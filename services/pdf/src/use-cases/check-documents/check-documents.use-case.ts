import { Injectable } from '@nestjs/common';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import type { DOCUMENTS_PRESENT_REQUEST } from '@chatexhibit/proto/subjects';
import type { RequestOf, ResponseOf } from '@chatexhibit/kit/bus/request-bus';
import { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';

/** Which of an export's documents are in storage now (a repair makes the missing ones again). */
@Injectable()
export class CheckDocumentsUseCase {
  constructor(private readonly storage: ObjectStorage) {}

  async execute({
    exportId,
  }: RequestOf<typeof DOCUMENTS_PRESENT_REQUEST>): Promise<ResponseOf<typeof DOCUMENTS_PRESENT_REQUEST>> {
    const keys = exportKeys(exportId);
    const [transcript, filingTranscript, evidenceZip] = await Promise.all(
      [keys.transcript, keys.filingTranscript, keys.evidenceZip].map(
        async (key) => (await this.storage.size(key)) !== null,
      ),
    );
    return { transcript: transcript!, filingTranscript: filingTranscript!, evidenceZip: evidenceZip! };
  }
}
