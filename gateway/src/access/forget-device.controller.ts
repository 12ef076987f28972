import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { Route } from '../http/http-route';
import { ExportBinding } from './export-binding';

/** The web app's Forget this device: this browser's exports are bound to it no more. */
@Controller()
export class ForgetDeviceController {
  constructor(private readonly binding: ExportBinding) {}

  @Route(HTTP_API.forgetDevice)
  forget(@Req() request: Request, @Res({ passthrough: true }) response: Response): void {
    this.binding.clear(request, response);
  }
}
