import { BadRequestException, PayloadTooLargeException, RequestTimeoutException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Time for a body other than an upload to arrive whole: these are a few KB (a contact message,
 * a Stripe event), so a client that takes longer is holding the connection open, not sending.
 */
export const BODY_TIMEOUT_MS = 10_000;
export const BODY_TOO_SLOW = 'The request took too long to arrive. Please try again.';

/**
 * Runs an Express body parser on a route that takes a body (the platform's global body parser
 * is off). Its failure is refused here, as JSON through the error filter: left to Express, it
 * would reach @nestjs/serve-static's error handler, which answers every error on an /api path
 * with 404 "Cannot POST …". A body still incomplete after `BODY_TIMEOUT_MS` is a 408, and the
 * connection is closed once that is answered.
 */
export function readBody(
  parse: RequestHandler,
  request: Request,
  response: Response,
  unreadable: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => {
      response.setHeader('Connection', 'close');
      reject(new RequestTimeoutException(BODY_TOO_SLOW));
    }, BODY_TIMEOUT_MS);
    parse(request, response, (error?: unknown) => {
      clearTimeout(deadline);
      if (error === undefined) resolve();
      else if ((error as { type?: string }).type === 'entity.too.large')
        reject(new PayloadTooLargeException('The request is too large.'));
      else reject(new BadRequestException(unreadable));
    });
  });
}
