import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { readBody } from './read-body';

const parseJson = express.json({ limit: '100kb' });

/** Parses a JSON body on the routes that take one; one that does not parse is a 400. */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await readBody(parseJson, request, response, 'The request body must be valid JSON.');
    next();
  }
}
