import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { LinksMailRequestSchema, type LinksMailResponse } from '@chatexhibit/proto/links-mail';
import { ContactThrottlerGuard } from '../contact/contact-throttler.guard';
import { parseForm, parseIdOr404 } from '../http/parse-request';
import { ExportIdSchema } from './export-results.controller';
import { ExportResultsService } from './export-results.service';

/**
 * POST /api/whatsapp/export/{exportId}/email: a free export's links mailed to whoever holds its
 * id. Mails are counted with the contact form's (a few an hour per address), so the route
 * cannot be used to flood a mailbox.
 */
@Controller('api/whatsapp')
export class LinksMailController {
  constructor(private readonly results: ExportResultsService) {}

  @Post('export/:exportId/email')
  @HttpCode(HttpStatus.ACCEPTED)
  @UseGuards(ContactThrottlerGuard)
  @SkipThrottle({ uploads: true, payments: true })
  email(@Param('exportId') id: string, @Body() body: unknown): Promise<LinksMailResponse> {
    const exportId = parseIdOr404(ExportIdSchema, id);
    return this.results.mailFreeLinks(exportId, parseForm(LinksMailRequestSchema, body).email);
  }
}
