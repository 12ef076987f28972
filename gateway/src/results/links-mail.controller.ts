import { Controller, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { SkipThrottle } from '@nestjs/throttler';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { LinksMailRequest, LinksMailResponse } from '@chatexhibit/proto/links-mail';
import { ExportBinding } from '../access/export-binding';
import { ContactThrottlerGuard } from '../contact/contact-throttler.guard';
import { Route, RouteForm, RouteParams } from '../http/http-route';
import { ExportResultsService } from './export-results.service';

const route = HTTP_API.emailLinks;

/**
 * POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to whoever holds its
 * id (bound to their browser). Mails are counted with the contact form's (a few an hour per
 * address), so the route cannot be used to flood a mailbox.
 */
@Controller()
export class LinksMailController {
  constructor(
    private readonly results: ExportResultsService,
    private readonly binding: ExportBinding,
  ) {}

  @Route(route)
  @UseGuards(ContactThrottlerGuard)
  @SkipThrottle({ uploads: true, payments: true, exhibits: true })
  email(
    @RouteParams(route) { exportId }: { exportId: string },
    @RouteForm(route) { email }: LinksMailRequest,
    @Req() request: Request,
  ): Promise<LinksMailResponse> {
    this.binding.assertBound(request, exportId);
    return this.results.mailFreeLinks(exportId, email);
  }
}
