import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies in front of the gateway are believed about the client's address
 * (`X-Forwarded-For`) and scheme (`X-Forwarded-Proto`), as Express's `trust proxy` takes it:
 * false trusts none, a number that many hops, a list those addresses, ranges and names.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the reserved ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/** Whether TRUST_PROXY believes some proxy: anything but unset, empty or "false". */
export const trustsProxy = (value: string | undefined): boolean => {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && trimmed.toLowerCase() !== 'false';
};

/**
 * `TRUST_PROXY`: unset or "false" trusts nothing (the TCP peer is the client); a whole number
 * trusts that many proxy hops; otherwise a comma-separated list of proxy addresses, CIDR ranges
 * or `loopback`, `linklocal`, `uniquelocal`. "true" (every peer) is refused: anyone could then
 * choose the address the rate limits count.
 */
export const trustProxyEnv = z
  .object({ TRUST_PROXY: z.string().optional() })
  .transform((env, context): TrustProxy => {
    if (!trustsProxy(env.TRUST_PROXY)) return false;
    const value = env.TRUST_PROXY!.trim();
    if (/^\d{1,3}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message: `must be "false", a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.map((entry) => JSON.stringify(entry)).join(', ')})`,
    });
    return z.NEVER;
  });
