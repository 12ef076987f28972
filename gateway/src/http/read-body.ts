import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Runs an Express body parser on a route that takes a body (the platform's global body parser
 * is off). Its failure is refused here, as JSON through the error filter: left to Express, it
 * would reach @nestjs/serve-static's error handler, which answers every error on an /api path
 * with 404 "Cannot POST …".
 */
export function readBody(
  parse: RequestHandler,
  request: Request,
  response: Response,
  unreadable: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    parse(request, response, (error?: unknown) => {
      if (error === undefined) resolve();
      else if ((error as { type?: string }).type === 'entity.too.large')
        reject(new PayloadTooLargeException('The request is too large.'));
      else reject(new BadRequestException(unreadable));
    }),
  );
}
