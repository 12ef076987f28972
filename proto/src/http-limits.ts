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
   * How long an upload's body may go without a byte before it is cut: a phone that loses its
   * network for a moment resumes well within it; a client that holds the connection open does not.
   */
  uploadIdleTimeoutMs: 60_000,
  /**
   * The least an upload's body must bring in every window of `uploadRateWindowMs` (unless it
   * ended), else it is cut like a stall: a client that sends a byte now and then would otherwise
   * hold an upload slot for the whole 30-minute request timeout. A 100 MB upload must finish
   * within that timeout anyway (about 55 KB/s on average); 64 KiB a minute (about 9 kbit/s) cuts
   * only trickles, never a slow phone that is really sending.
   */
  uploadMinBytesPerWindow: 64 * 1024,
  uploadRateWindowMs: 60_000,
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
