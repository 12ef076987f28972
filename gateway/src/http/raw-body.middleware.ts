import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { readBody } from './read-body';

/** Stripe's events are a few KB; 1 MB leaves room and bounds what a stranger can send. */
const readRaw = express.raw({ type: () => true, limit: '1mb' });

/**
 * Keeps a body as the exact bytes received (`request.body` is a Buffer), on the routes whose
 * signature covers them: a webhook's signature does not survive parsing and re-serialising.
 */
@Injectable()
export class RawBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await readBody(readRaw, request, response, 'The request body could not be read.');
    next();
  }
}
