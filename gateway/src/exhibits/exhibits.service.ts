import { Injectable } from '@nestjs/common';
import type { ExhibitMessagesResponse, ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import type { ExhibitDraft, ExhibitSpec, SavedExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import {
  EXHIBIT_DRAFT_REQUEST,
  EXHIBIT_SOURCE_REQUEST,
  MAKE_EXHIBIT_REQUEST,
  MAKE_EXHIBIT_TIMEOUT_MS,
  SAVE_EXHIBIT_DRAFT_REQUEST,
  TRANSCRIPT_PAGE_REQUEST,
} from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { ExportResultsService } from '../results/export-results.service';

/** Messages per transcript-page request: one page stays well inside one NATS message (1 MB by default). */
const TRANSCRIPT_PAGE_SIZE = 1000;

/**
 * Exhibits of a free or paid export: its messages as the transcript numbers and draws them (the
 * parse service's), and the Exhibit mode's draft and exhibits made by the pdf service, answered
 * with signed links to their files.
 */
@Injectable()
export class ExhibitsService {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly results: ExportResultsService,
  ) {}

  async messages(exportId: string, from: number, limit: number): Promise<ExhibitMessagesResponse> {
    await this.results.assertReadable(exportId);
    const [{ timeZone }, first] = await Promise.all([
      this.requestBus.request(EXHIBIT_SOURCE_REQUEST, { exportId }),
      this.page(exportId, from - 1, limit),
    ]);
    const messages = [...first.messages];
    while (messages.length < limit && from - 1 + messages.length < first.totalMessages) {
      const next = await this.page(exportId, from - 1 + messages.length, limit - messages.length);
      if (next.messages.length === 0) break;
      messages.push(...next.messages);
    }
    return {
      totalMessages: first.totalMessages,
      participants: first.participants,
      timeZone,
      messages: messages.map(({ index, timestamp, secondsRecorded, sender, content, type, attachment }) => ({
        number: index,
        timestamp,
        secondsRecorded,
        sender,
        content,
        type,
        attachment,
      })),
    };
  }

  async make(exportId: string, spec: ExhibitSpec): Promise<ExhibitResponse> {
    await this.results.assertReadable(exportId);
    const made = await this.requestBus.request(
      MAKE_EXHIBIT_REQUEST,
      { exportId, spec },
      { timeoutMs: MAKE_EXHIBIT_TIMEOUT_MS },
    );
    // One sealed token for the exhibit's links, as the export's other links share one.
    const paths = this.results.links.pathsOf(exportId);
    return {
      ...made,
      files: made.files.map((file) => ({
        ...file,
        // No signature: the web app opens it through a link code.
        url: paths.exhibitFile(made.exhibitId, file.name),
      })),
    };
  }

  async draft(exportId: string): Promise<SavedExhibitDraft> {
    await this.results.assertReadable(exportId);
    return this.requestBus.request(EXHIBIT_DRAFT_REQUEST, { exportId });
  }

  async saveDraft(exportId: string, draft: ExhibitDraft): Promise<{ savedAt: string }> {
    await this.results.assertReadable(exportId);
    return this.requestBus.request(SAVE_EXHIBIT_DRAFT_REQUEST, { exportId, draft });
  }

  private page(exportId: string, offset: number, limit: number) {
    return this.requestBus.request(TRANSCRIPT_PAGE_REQUEST, {
      chatExportId: exportId,
      page: { offset, limit: Math.min(limit, TRANSCRIPT_PAGE_SIZE) },
    });
  }
}
