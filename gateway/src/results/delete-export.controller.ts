import { Controller, Delete, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { DELETE_EXPORT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { parseIdOr404 } from '../http/parse-request';
import { ExportIdSchema } from './export-results.controller';

/**
 * The uploader deletes an export now, with the id the upload answered: 204, and from then on
 * every route and link of it answers 410 while every service deletes its files and rows.
 */
@Controller('api')
export class DeleteExportController {
  constructor(private readonly requestBus: RequestBus) {}

  @Delete('whatsapp/export/:chatExportId')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('chatExportId') chatExportId: string): Promise<void> {
    await this.requestBus.request(DELETE_EXPORT_REQUEST, {
      exportId: parseIdOr404(ExportIdSchema, chatExportId),
    });
  }
}
