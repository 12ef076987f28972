import { Controller } from '@nestjs/common';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { DELETE_EXPORT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { Route, RouteParams } from '../http/http-route';

const route = HTTP_API.deleteExport;

/**
 * The uploader deletes an export now, with the id the upload answered: 204, and from then on
 * every route and link of it answers 410 while every service deletes its files and rows.
 */
@Controller()
export class DeleteExportController {
  constructor(private readonly requestBus: RequestBus) {}

  @Route(route)
  async delete(@RouteParams(route) { chatExportId }: { chatExportId: string }): Promise<void> {
    await this.requestBus.request(DELETE_EXPORT_REQUEST, { exportId: chatExportId });
  }
}
