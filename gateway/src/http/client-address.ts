import { isIPv4, isIPv6 } from 'node:net';
import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a limit counts a request by, as @nestjs/throttler's trackers do: `req.ip`, which
 * believes `X-Forwarded-For` only from the proxies TRUST_PROXY names; an IPv6 client's /64 counts
 * as one address, since one subscriber holds them all.
 */
export const clientAddress = (request: Request): string => normalizeIp(peerAddress(request));

const peerAddress = (request: Request): string => request.ip ?? request.socket.remoteAddress ?? 'unknown';

/** Where an upload comes from, from the narrowest prefix to the widest, each holding a share of the slots. */
export interface ClientPrefixes {
  /** The address (an IPv6 client's /64). */
  address: string;
  /** An IPv4 /24, an IPv6 /56: what one subscriber, office or hosting customer is given. */
  network: string;
  /** An IPv4 /16, an IPv6 /48: one provider's block, one site. */
  wideNetwork: string;
}

/**
 * The prefixes a client address belongs to, for a share of a limit per network, so a script
 * spread over the addresses of one subscriber or of one provider's block still counts as one.
 */
export function clientPrefixes(request: Request): ClientPrefixes {
  const address = clientAddress(request);
  if (isIPv4(address)) {
    const octets = address.split('.');
    return {
      address,
      network: `${octets.slice(0, 3).join('.')}.0/24`,
      wideNetwork: `${octets.slice(0, 2).join('.')}.0.0/16`,
    };
  }
  // `address` is a prefix by now ("2001:db8::/64", which the net module takes for no address):
  // the wider prefixes come from the peer's own address.
  const peer = peerAddress(request);
  if (isIPv6(peer)) return { address, network: normalizeIp(peer, 56), wideNetwork: normalizeIp(peer, 48) };
  return { address, network: address, wideNetwork: address };
}
