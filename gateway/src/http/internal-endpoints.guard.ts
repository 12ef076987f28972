import { type CanActivate, type ExecutionContext, NotFoundException, type Type } from '@nestjs/common';
import type { Request } from 'express';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';

/**
 * The gateway's internal endpoints (/metrics and the health probes) are for Prometheus and the
 * kubelet, which reach the process directly; through the proxy in front of it they do not exist.
 * A request came through that proxy when Express believed an `X-Forwarded-For` from it
 * (`req.ips`, which TRUST_PROXY alone fills): such a request gets the API's 404. Deciding by the
 * controller the router chose, not by the path, leaves no spelling (letter case, trailing slash)
 * that reaches an internal endpoint past this guard.
 */
export class InternalEndpointsGuard implements CanActivate {
  constructor(private readonly internalControllers: readonly Type<unknown>[]) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || !this.internalControllers.includes(context.getClass())) return true;
    if (context.switchToHttp().getRequest<Request>().ips.length > 0)
      throw new NotFoundException(NOT_FOUND_MESSAGE);
    return true;
  }
}
