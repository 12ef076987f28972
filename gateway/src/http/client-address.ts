import { isIPv4, isIPv6 } from 'node:net';
import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a limit counts a request by, as @nestjs/throttler's trackers do: `req.ip`, which
 * believes `X-Forwarded-For` only from the proxies TRUST_PROXY names; an IPv6 client's /64 counts
 * as one address, since one subscriber holds them all.
 */
export const clientAddress = (request: Request): string =>
  normalizeIp(request.ip ?? request.socket.remoteAddress ?? 'unknown');

/**
 * The network a client address belongs to, for a share of a limit per network: an IPv4 /24, an
 * IPv6 /56 (what one subscriber, office or hosting customer is given, so a script spread over
 * its addresses still counts once).
 */
export function clientNetwork(request: Request): string {
  const address = clientAddress(request);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${normalizeIp(address, 56)}/56`;
  return address;
}
