/** An upload's share of its client's quota. */
export interface QuotaShare {
  /** The client, as the gateway keys it (an HMAC of its address). */
  quotaKey: string;
  sizeBytes: number;
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
