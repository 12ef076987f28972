import { Controller, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { SkipThrottle } from '@nestjs/throttler';
import type { ExhibitMessagesResponse, ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import type { ExhibitDraft, ExhibitSpec, SavedExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { HTTP_ROUTES } from '@chatexhibit/proto/http-routes';
import { ExportBinding } from '../access/export-binding';
import { Route, RouteBody, RouteParams, RouteQuery } from '../http/http-route';
import { ExhibitThrottlerGuard } from './exhibit-throttler.guard';
import { ExhibitsService } from './exhibits.service';

/**
 * Exhibits of a free or paid export, for whoever holds its id and the cookie binding it: its
 * numbered messages to choose from, the Exhibit mode's draft, and making an exhibit (rate-limited
 * per client address, the `exhibits` throttler). The made exhibit's files are served behind signed links with the
 * export's other files.
 */
@Controller()
export class ExhibitsController {
  constructor(
    private readonly exhibits: ExhibitsService,
    private readonly binding: ExportBinding,
  ) {}

  @Route(HTTP_ROUTES.exhibitMessages)
  messages(
    @RouteParams(HTTP_ROUTES.exhibitMessages) { exportId }: { exportId: string },
    @RouteQuery(HTTP_ROUTES.exhibitMessages) { from, limit }: { from: number; limit: number },
    @Req() request: Request,
  ): Promise<ExhibitMessagesResponse> {
    this.binding.assertBound(request, exportId);
    return this.exhibits.messages(exportId, from, limit);
  }

  @Route(HTTP_ROUTES.makeExhibit)
  @UseGuards(ExhibitThrottlerGuard)
  @SkipThrottle({ uploads: true, contact: true, payments: true })
  make(
    @RouteParams(HTTP_ROUTES.makeExhibit) { exportId }: { exportId: string },
    @RouteBody(HTTP_ROUTES.makeExhibit) spec: ExhibitSpec,
    @Req() request: Request,
  ): Promise<ExhibitResponse> {
    this.binding.assertBound(request, exportId);
    return this.exhibits.make(exportId, spec);
  }

  @Route(HTTP_ROUTES.exhibitDraft)
  draft(
    @RouteParams(HTTP_ROUTES.exhibitDraft) { exportId }: { exportId: string },
    @Req() request: Request,
  ): Promise<SavedExhibitDraft> {
    this.binding.assertBound(request, exportId);
    return this.exhibits.draft(exportId);
  }

  @Route(HTTP_ROUTES.saveExhibitDraft)
  saveDraft(
    @RouteParams(HTTP_ROUTES.saveExhibitDraft) { exportId }: { exportId: string },
    @RouteBody(HTTP_ROUTES.saveExhibitDraft) draft: ExhibitDraft,
    @Req() request: Request,
  ): Promise<{ savedAt: string }> {
    this.binding.assertBound(request, exportId);
    return this.exhibits.saveDraft(exportId, draft);
  }
}
