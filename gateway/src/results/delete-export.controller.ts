import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { DELETE_EXPORT_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { ExportBinding } from '../access/export-binding';
import { Route, RouteParams } from '../http/http-route';

const route = HTTP_API.deleteExport;

/**
 * The uploader deletes an export now, with the id the upload answered and the cookie binding it:
 * 204, and from then on every route and link of it answers 410 while every service deletes its
 * files and rows.
 */
@Controller()
export class DeleteExportController {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly binding: ExportBinding,
  ) {}

  @Route(route)
  async delete(
    @RouteParams(route) { chatExportId }: { chatExportId: string },
    @Req() request: Request,
  ): Promise<void> {
    this.binding.assertBound(request, chatExportId);
    await this.requestBus.request(DELETE_EXPORT_REQUEST, { exportId: chatExportId });
  }
}
