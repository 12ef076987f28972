/** SPEC §9 business constants and limits: the one place they are written down. */

const MiB = 1024 * 1024;

/** Free tier: up to 50 messages and 20 MB of media. Over either, the export needs a paid bundle. */
export const FREE_TIER_LIMITS = { maxMessages: 50, maxMediaBytes: 20 * MiB } as const;

/**
 * Which of WhatsApp's own notices (joins, renames, number changes…) the free tier does not count:
 * one line of at most `maxCharacters` (a group name is at most 100), and only the first
 * `uncounted` of them. A notice carries names people chose, so 600 renames to a paragraph each
 * would otherwise print a long transcript for free.
 */
export const FREE_TIER_NOTICES = { uncounted: 50, maxCharacters: 160 } as const;

/**
 * How much of one entry the free tier counts as one message: about a page of the transcript. A
 * longer entry counts once for each `characters` or `lines` it begins, whichever is more, so 50
 * free messages are at most about 50 pages (one message of a million lines was 22,224 free pages).
 */
export const FREE_TIER_MESSAGE_SIZE = { characters: 2000, lines: 40 } as const;

/** Maximum upload: 100 MB, ZIP only. */
export const MAX_UPLOAD_BYTES = 100 * MiB;
export const UPLOAD_FILE_EXTENSION = '.zip';

/**
 * What an upload may unpack to: its own size × `uploadFactor` + `allowanceBytes`, by the sizes its
 * directory declares (and, as each entry may not exceed its declared size, by the bytes inflated).
 * A real export's media (JPEG, Opus, MP4, WebP) is compressed already and unpacks to about its
 * packed size; the factor 2 leaves room for the odd attachment that deflates somewhat (a PDF, a
 * WAV). Only the chat text compresses well (about 4:1), and WhatsApp's longest, 40,000 messages,
 * is about 4 MB: the allowance holds that eight times over. A ZIP bomb of 1,000 × 1 MiB of zeros
 * packs into 1.1 MB, so it may unpack to 34 MB instead of the 1 GB it claims.
 */
export const MAX_UNPACKED_SIZE = { uploadFactor: 2, allowanceBytes: 32 * MiB } as const;

/**
 * The other limits safe unzip holds an upload to: the number of entries (read from the archive's
 * end record), the declared unpacked total, and the compression ratio of any entry over
 * `ratioCheckedAboveBytes` (small texts compress far beyond it legitimately). The processing
 * record states them, so they live here once.
 */
export const UNZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressedBytes: 1024 * MiB,
  maxCompressionRatio: 200,
  ratioCheckedAboveBytes: MiB,
} as const;

/**
 * What the parse step reads of a chat, so that one upload cannot exhaust a server's memory (a
 * million short lines, or one line of 50 MB, did) nor hold the documents step for long (60 lines
 * of a megabyte did): entries are messages and system lines. A WhatsApp export holds at most
 * about 40,000 messages, and one message at most about 65,000 characters; a line is measured in
 * bytes as the file stores it, the text in characters (UTF-16 code units) once decoded.
 */
export const CHAT_LIMITS = { maxEntries: 100_000, maxLineBytes: MiB, maxTextCharacters: 10_000_000 } as const;

/** Price per bundle, one time, in US cents. */
export const BUNDLE_PRICE = { amountCents: 499, currency: 'usd', label: '$4.99' } as const;

/** Download link validity and storage retention, counted from purchase. */
export const DOWNLOAD_LINK_VALIDITY_DAYS = 90;
export const RETENTION_DAYS = 90;
/** A free export (within the free tier: its files are the uploader's) is deleted this long after upload. */
export const FREE_EXPORT_RETENTION_DAYS = 7;
/**
 * An export over the free tier that is not bought (yet) is deleted this long after upload: time
 * to decide and pay, not a week of storage for every upload nobody pays for.
 */
export const UNPAID_EXPORT_RETENTION_DAYS = 3;
/**
 * An upload whose processing never ended (refused: not a WhatsApp export, a bad archive, a
 * failure) is deleted this long after upload: it has nothing to download.
 */
export const UNFINISHED_EXPORT_RETENTION_DAYS = 1;
/**
 * Contact-form messages (and the record and outbox copy of their mail to support) are deleted
 * this long after they arrive: long enough for support to answer and follow up, no longer.
 */
export const CONTACT_MESSAGE_RETENTION_DAYS = 90;
export const EXTRA_STORAGE_MONTH_PRICE_CENTS = 100;

/** Refunds: email within seven days when the PDF or ZIP fails or is incomplete. */
export const REFUND_WINDOW_DAYS = 7;

/** Payment status polling after checkout: 5 attempts with these delays. */
export const PAYMENT_POLLING = { maxAttempts: 5, delaysMs: [3000, 5000, 10000, 15000, 20000] } as const;

/** Transcript preview. */
export const PREVIEW_ZOOM = {
  minPercent: 50,
  maxPercent: 200,
  stepPercent: 10,
  defaultPercent: 100,
} as const;
export const PREVIEW_PAGE_SIZE = 10;

/** Cosmetic upload progress bar. */
export const UPLOAD_PROGRESS = { stepPercent: 5, intervalMs: 100 } as const;

export const MOBILE_BREAKPOINT_PX = 768;

export const CONTACT_MIN_LENGTH = { name: 2, subject: 5, message: 10 } as const;

/** Data fetching defaults: never stale, no timed or focus refetch, no retries. */
export const QUERY_DEFAULTS = {
  staleTime: Number.POSITIVE_INFINITY,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  retryQueries: false,
  retryMutations: false,
} as const;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
} as const;

export const TOOLTIP = { delayDurationMs: 700, skipDelayDurationMs: 300 } as const;

/** SPEC §3 local browser storage: checkout-started flag, bundle id, user's email. */
export const LOCAL_STORAGE_KEYS = {
  checkoutStarted: 'chatexhibit.checkoutStarted',
  bundleId: 'chatexhibit.bundleId',
  email: 'chatexhibit.email',
} as const;

/**
 * The HttpOnly cookie that binds export ids to the browser that uploaded them (path /api): an id
 * without it opens nothing (the gateway's `ExportBinding`).
 */
export const EXPORT_BINDING_COOKIE = 'chatexhibit_exports';
/** The newest exports one browser's cookie binds: the cookie stays far below browsers' 4 KB. */
export const MAX_BOUND_EXPORTS = 32;

/**
 * Sender colours of the transcript and its preview (SPEC: the first participant in the primary
 * colour, the others in the secondary): the web app's navy primary and teal accent.
 */
export const SENDER_COLOURS = { primary: '#1e3a5f', secondary: '#0f766e' } as const;

/** WhatsApp's own export caps (messages): a chat near one may have been cut short. */
export const WHATSAPP_EXPORT_CAPS = { withMedia: 10_000, withoutMedia: 40_000 } as const;
