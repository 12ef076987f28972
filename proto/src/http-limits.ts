/**
 * The HTTP API's limits per client address and per gateway process: the gateway holds requests to
 * them and the API's description (/api/docs) states them, from here.
 */
export const HTTP_LIMITS = {
  /** Uploads per client address per hour: generous for a person, a wall for a script. */
  uploadsPerHour: 30,
  /** Uploads one client address may have arriving at once: a person sends one, a family a few. */
  uploadsInFlightPerAddress: 3,
  /** Uploads one gateway process receives at once: each spools up to 100 MB to its disk. */
  uploadsInFlight: 20,
  /**
   * Of those, the most that one network (an IPv4 /24, an IPv6 /56: one household, office or
   * hosting customer) may hold: a script on a few addresses cannot take every slot.
   */
  uploadsInFlightPerNetwork: 5,
  /**
   * And the most that one wider network (an IPv4 /16, an IPv6 /48: one provider's block or site)
   * may hold: a script spread over a few neighbouring networks still leaves half the slots.
   */
  uploadsInFlightPerWideNetwork: 10,
  /** How long a busy answer (429, 503) tells the client to wait (Retry-After, seconds). */
  uploadsBusyRetryAfterSeconds: 60,
  /**
   * How long an upload's body may go without a byte before it is cut: a phone that loses its
   * network for a moment resumes well within it; a client that holds the connection open does not.
   */
  uploadIdleTimeoutMs: 60_000,
  /**
   * The longest one upload may take: 100 MB fits at about 0.7 Mbit/s. Before the request timeout
   * (30 minutes), so that the uploader gets a sentence, not a dropped connection.
   */
  uploadMaxDurationMs: 20 * 60_000,
  /**
   * After `uploadPaceGraceMs`, an upload's average rate since its start must reach this (and, when
   * it declared its length, a pace that ends it within `uploadMaxDurationMs`), else it is cut: a
   * client that trickles (a byte now and then, or a kilobyte a second) would otherwise hold an
   * upload slot for the whole request timeout. 8 KiB/s (64 kbit/s) is below any phone's uplink.
   * Defaults: the operator may set both (UPLOAD_MIN_BYTES_PER_SECOND, UPLOAD_PACE_GRACE_SECONDS).
   */
  uploadMinBytesPerSecond: 8 * 1024,
  uploadPaceGraceMs: 30_000,
  /**
   * Uploads are refused (503) while the volume they are spooled to (standalone: the data folder)
   * has less free space than this: a 100 MB upload takes several times that while it is
   * processed. The default; the operator sets it with UPLOAD_MIN_FREE_DISK_MB.
   */
  uploadMinFreeDiskMiB: 1024,
  /** How long an upload refused for want of disk space is told to wait (Retry-After, seconds). */
  lowDiskRetryAfterSeconds: 3600,
  /**
   * The bytes of uploads, and of what they unpacked to, one client address may hold in exports
   * that are neither bought nor deleted nor expired: an upload of 22.5 MB is stored as about 90 MB
   * and an unbought export is kept 3 days, so without it one address could fill the disk within
   * its hourly limit. 400 MB is two of the largest exports. The default; the operator sets it
   * with UPLOAD_QUOTA_MB.
   */
  uploadQuotaMiB: 400,
  /** What any other 429 or 503 tells the client to wait when it knows no better (Retry-After, seconds). */
  defaultRetryAfterSeconds: 60,
  /** Contact messages (and links mails) per client address per hour: a person writes a few, a script many. */
  contactMessagesPerHour: 5,
  /**
   * Payment calls per client address per hour: a buyer polls 5 times and repairs a few; each
   * checkout reaches Stripe, so a script is stopped well before it costs anything.
   */
  paymentCallsPerHour: 120,
  /** Wrong support tokens per client address per hour; after the last of them the address is refused for an hour. */
  supportTokenFailuresPerHour: 10,
  /** Exhibits made per client address per hour: each draws PDFs, so a lawyer's drafts fit and a loop does not. */
  exhibitsPerHour: 30,
} as const;

/** The most bytes a JSON request body may have (an exhibit spec or draft, a contact message): 413 above. */
export const JSON_BODY_MAX_BYTES = 100 * 1024;
