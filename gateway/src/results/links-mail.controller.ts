import { Controller, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { LinksMailRequest, LinksMailResponse } from '@chatexhibit/proto/links-mail';
import { ContactThrottlerGuard } from '../contact/contact-throttler.guard';
import { Route, RouteForm, RouteParams } from '../http/http-route';
import { ExportResultsService } from './export-results.service';

const route = HTTP_API.emailLinks;

/**
 * POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to whoever holds its
 * id. Mails are counted with the contact form's (a few an hour per address), so the route
 * cannot be used to flood a mailbox.
 */
@Controller()
export class LinksMailController {
  constructor(private readonly results: ExportResultsService) {}

  @Route(route)
  @UseGuards(ContactThrottlerGuard)
  @SkipThrottle({ uploads: true, payments: true, exhibits: true })
  email(
    @RouteParams(route) { exportId }: { exportId: string },
    @RouteForm(route) { email }: LinksMailRequest,
  ): Promise<LinksMailResponse> {
    return this.results.mailFreeLinks(exportId, email);
  }
}
