import {
  BadRequestException,
  Injectable,
  type NestMiddleware,
  PayloadTooLargeException,
} from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

const parseJson = express.json({ limit: '100kb' });

/**
 * Parses a JSON body on the routes that take one (the platform's global body parser is off).
 * A body that does not parse is refused here, as JSON through the error filter: left to
 * Express, its error would reach @nestjs/serve-static's error handler, which answers every
 * error on an /api path with 404 "Cannot POST …".
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      parseJson(request, response, (error?: unknown) => {
        if (error === undefined) resolve();
        else if ((error as { type?: string }).type === 'entity.too.large') {
          reject(new PayloadTooLargeException('The request is too large.'));
        } else reject(new BadRequestException('The request body must be valid JSON.'));
      }),
    );
    next();
  }
}
