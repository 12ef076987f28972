import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { readBody } from './read-body';

const parseForm = express.urlencoded({ extended: false, limit: '1kb' });

/** Parses an HTML form's body (application/x-www-form-urlencoded) on the routes that take one. */
@Injectable()
export class FormBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await readBody(parseForm, request, response, 'The request body must be a form.');
    next();
  }
}
