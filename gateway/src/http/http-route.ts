import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  HttpException,
  HttpStatus,
  RequestMapping,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import type { Request } from 'express';
import type { HttpRoute } from '@chatexhibit/proto/contract';
import { parseForm, parseRequest } from './parse-request';

/** The metadata key under which a handler keeps the contract route it serves. */
export const HTTP_ROUTE = 'chatexhibit:http-route';

/** A contract path as Express matches it: `/api/payment/{bundleId}` → `/api/payment/:bundleId`. */
export const expressPath = (route: HttpRoute): string => route.path.replace(/\{(\w+)\}/g, ':$1');

/** The status the route answers when it succeeds: its lowest non-error one. */
const successStatus = (route: HttpRoute): number => Math.min(...Object.keys(route.responses).map(Number));

/**
 * Serves a proto route: the handler's method, path and success status are the contract's (its
 * controller has no path of its own). The argument decorators below validate its input.
 */
export const Route = (route: HttpRoute): MethodDecorator =>
  applyDecorators(
    RequestMapping({ path: expressPath(route), method: RequestMethod[route.method] }),
    HttpCode(successStatus(route)),
    SetMetadata(HTTP_ROUTE, route),
  );

/** What a contract argument decorator records, so a test can tell which schema a handler validates with. */
export interface ContractArgument {
  readonly route: HttpRoute;
  readonly part: 'params' | 'query' | 'body';
}

const request = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>();
const schemaOf = ({ route, part }: ContractArgument) => {
  const schema = part === 'body' ? route.body?.schema : route[part];
  if (!schema) throw new Error(`${route.method} ${route.path} declares no ${part}`);
  return schema;
};

/**
 * The path parameters, parsed with the route's schema. One that does not parse names nothing:
 * `refusal` (404 unless the route says otherwise) with the schema's own sentence.
 */
export const RouteParams = (route: HttpRoute, refusal: HttpStatus = HttpStatus.NOT_FOUND) =>
  createParamDecorator((argument: ContractArgument & { refusal: HttpStatus }, context) => {
    const parsed = schemaOf(argument).safeParse(request(context).params);
    if (parsed.success) return parsed.data;
    throw new HttpException(parsed.error.issues[0]?.message ?? 'invalid request', argument.refusal);
  })({ route, part: 'params', refusal });

/** The query, parsed with the route's schema: 400 naming the field. */
export const RouteQuery = (route: HttpRoute) =>
  createParamDecorator((argument: ContractArgument, context) =>
    parseRequest(schemaOf(argument), request(context).query),
  )({ route, part: 'query' });

/** A JSON form's body, parsed with the route's schema: 400 with the first field's sentence, word for word. */
export const RouteForm = (route: HttpRoute) =>
  createParamDecorator((argument: ContractArgument, context) =>
    parseForm(schemaOf(argument), request(context).body),
  )({ route, part: 'body' });

/** A JSON body that is not a person's form, parsed with the route's schema: 400 naming the field. */
export const RouteBody = (route: HttpRoute) =>
  createParamDecorator((argument: ContractArgument, context) =>
    parseRequest(schemaOf(argument), request(context).body),
  )({ route, part: 'body' });
