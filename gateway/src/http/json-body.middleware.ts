import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { JSON_BODY_MAX_BYTES } from '@chatexhibit/proto/http-limits';
import { readBody } from './read-body';

const parseJson = express.json({ limit: JSON_BODY_MAX_BYTES });

/** Parses a JSON body on the routes that take one; one that does not parse is a 400. */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await readBody(parseJson, request, response, 'The request body must be valid JSON.');
    next();
  }
}
