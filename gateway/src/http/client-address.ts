import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a limit counts a request by, as @nestjs/throttler's trackers do: `req.ip`, which
 * believes `X-Forwarded-For` only from the proxies TRUST_PROXY names; an IPv6 client's /64 counts
 * as one address, since one subscriber holds them all.
 */
export const clientAddress = (request: Request): string =>
  normalizeIp(request.ip ?? request.socket.remoteAddress ?? 'unknown');
