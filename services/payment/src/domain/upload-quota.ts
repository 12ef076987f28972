/** An upload's share of its client's quota. */
export interface QuotaShare {
  /** The client, as the gateway keys it (an HMAC of its address). */
  quotaKey: string;
  sizeBytes: number;
  /** The quota it is admitted under, which what it unpacks to is held to later; 0: none. */
  quotaBytes: number;
}

/** What a client's counted exports hold now. */
export interface QuotaHeld {
  bytes: number;
  /** When the oldest of them stops counting (its retention date); null when none counts. */
  oldestDeleteAfter: Date | null;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Whether an upload of `sizeBytes` fits its client's quota (`quotaBytes`; 0: no quota). A client
 * that holds nothing is always admitted, so a quota under one upload never locks anyone out and a
 * refusal always has a time to give: when the oldest counted export expires.
 */
export function admitUpload(held: QuotaHeld, sizeBytes: number, quotaBytes: number, now: Date): Admission {
  if (quotaBytes === 0 || held.oldestDeleteAfter === null || held.bytes + sizeBytes <= quotaBytes)
    return { admitted: true };
  const seconds = Math.ceil((held.oldestDeleteAfter.getTime() - now.getTime()) / 1000);
  return { admitted: false, retryAfterSeconds: Math.max(1, seconds) };
}

/**
 * Whether what an admitted upload unpacked to (`unpackedBytes`) still fits its client's quota,
 * `held` counting the upload itself (`ownBytes` of it). As at upload, a client whose only counted
 * export is this one is always admitted: a quota under one export never locks anyone out.
 */
export function admitUnpacked(
  held: QuotaHeld,
  ownBytes: number,
  unpackedBytes: number,
  quotaBytes: number,
  now: Date,
): Admission {
  if (held.bytes - ownBytes === 0) return { admitted: true };
  return admitUpload(held, unpackedBytes, quotaBytes, now);
}
