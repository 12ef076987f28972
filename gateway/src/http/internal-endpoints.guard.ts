import { type CanActivate, type ExecutionContext, NotFoundException, type Type } from '@nestjs/common';
import type { Request } from 'express';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';

/**
 * The gateway's internal endpoints (/metrics and the health probes) are for Prometheus and the
 * kubelet, which reach the process directly, never through the proxy in front of it. With
 * INTERNAL_PORT they answer on that port alone, and it answers nothing else (the API's 404).
 * Without it they answer on the public port unless Express believed an `X-Forwarded-For` from a
 * trusted proxy (`req.ips`, which TRUST_PROXY alone fills), which leaves them public behind a
 * proxy that sets none. Deciding by the controller the router chose, not by the path, leaves no
 * spelling (letter case, trailing slash) that reaches an internal endpoint past this guard.
 */
export class InternalEndpointsGuard implements CanActivate {
  constructor(
    private readonly internalControllers: readonly Type<unknown>[],
    private readonly internalPort: number | null,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const internal = this.internalControllers.includes(context.getClass());
    const allowed =
      this.internalPort === null
        ? !internal || request.ips.length === 0
        : internal === (request.socket.localPort === this.internalPort);
    if (!allowed) throw new NotFoundException(NOT_FOUND_MESSAGE);
    return true;
  }
}
