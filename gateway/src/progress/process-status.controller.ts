import { Controller, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  type ExportProgress,
  isFinalProgress,
  type ProgressEvent,
  supersedes,
} from '@chatexhibit/proto/progress';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { HTTP_API, NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { ExportBinding } from '../access/export-binding';
import { Route, RouteQuery } from '../http/http-route';
import { ExportResultsService } from '../results/export-results.service';

/** A comment line every 15 s keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

const RESULTS_UNAVAILABLE =
  'Processing finished, but its results could not be loaded. Please reload the page.';

/**
 * GET /api/whatsapp/process-status?clientId= (SPEC §7): the export's progress as server-sent
 * events. The latest state goes out at once (from the progress channel, so a reconnect to any
 * replica gets it), then every newer one; the stream ends after the final event. A free export's
 * final event carries its signed PDF link and chat data. Only for the browser the id is bound to.
 */
@Controller()
export class ProcessStatusController {
  constructor(
    private readonly progress: ProgressChannel,
    private readonly results: ExportResultsService,
    private readonly binding: ExportBinding,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Route(HTTP_API.processStatus)
  async stream(
    @RouteQuery(HTTP_API.processStatus) { clientId: exportId }: { clientId: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.binding.assertBound(request, exportId);
    let sent: ExportProgress | null = null;
    let ended = false;
    let streaming = false;
    const early: ExportProgress[] = [];
    let delivery = Promise.resolve();

    const heartbeat = setInterval(() => streaming && response.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stopListening = () => {
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
    };
    const end = () => {
      if (ended) return;
      stopListening();
      response.end();
    };
    const write = (event: ProgressEvent) => response.write(`data: ${JSON.stringify(event)}\n\n`);
    const send = async (event: ExportProgress) => {
      if (ended || !supersedes(event, sent)) return;
      sent = event;
      const outgoing = await this.outgoing(exportId, event);
      if (ended) return;
      write(outgoing);
      if (isFinalProgress(event)) end();
    };
    // Events go out one at a time, in order; a failure ends the stream with a sentence, not a crash.
    const deliver = (event: ExportProgress) => {
      delivery = delivery
        .then(() => send(event))
        .catch((error: unknown) => {
          this.logger.error(
            { err: error, exportReference: exportReference(exportId) },
            'progress stream failed',
          );
          if (!ended) write({ ...event, error: RESULTS_UNAVAILABLE });
          end();
        });
    };

    // Subscribe before reading the latest state, so nothing published in between is missed.
    const unsubscribe = await this.progress.subscribe(exportId, (event) =>
      streaming ? deliver(event) : early.push(event),
    );
    let latest: ExportProgress | null = null;
    try {
      latest = await this.progress.latest(exportId);
    } finally {
      // Nothing was streamed yet: the error filter answers with JSON.
      if (!latest) stopListening();
    }
    if (!latest) throw new NotFoundException(NOT_FOUND_MESSAGE);
    // The browser went away (the response closes with its connection).
    response.on('close', end);
    response.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    streaming = true;
    for (const event of [latest, ...early]) deliver(event);
    await delivery;
  }

  /**
   * What the browser gets for a recorded event. Every part that reports progress may publish any
   * export's (the subjects cannot tell the steps apart), so what a final event adds comes from
   * payment, never from the event: a free export's results only when payment lets it be read,
   * the bundle of one that must be paid for only from payment. A final event payment does not
   * bear out (a forgery) ends the stream with a sentence and nothing else.
   */
  private async outgoing(exportId: string, event: ExportProgress): Promise<ProgressEvent> {
    if (!event.done && !event.requiresPayment) return event;
    const { readable, bundleId, deleteAfter } = await this.results.access(exportId);
    const unfounded = { step: event.step, progress: event.progress, error: RESULTS_UNAVAILABLE };
    if (event.requiresPayment) return bundleId === null ? unfounded : { ...event, bundleId };
    if (!readable) return unfounded;
    return {
      ...event,
      pdfUrl: this.results.pdfUrl(exportId),
      chatData: await this.results.chatData(exportId),
      ...(deleteAfter !== null && { deleteAfter }),
    };
  }
}
