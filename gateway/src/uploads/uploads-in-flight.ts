import { HttpException, HttpStatus } from '@nestjs/common';
import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import type { ClientPrefixes } from '../http/client-address';

/**
 * An upload refused for now (its address, its network or the process has all the uploads it
 * takes, or the disk is short): 429 or 503, answered with Retry-After.
 */
export class UploadsBusyError extends HttpException {
  constructor(status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE, message: string) {
    super({ message }, status);
    this.name = 'UploadsBusyError';
  }
}

/** Each prefix's share of the slots, narrowest first, and the sentence of a refusal for it. */
const SHARES: readonly { prefix: keyof ClientPrefixes; share: number; refusal: string }[] = [
  {
    prefix: 'address',
    share: HTTP_LIMITS.uploadsInFlightPerAddress,
    refusal: UPLOAD_REFUSALS.busyForAddress,
  },
  {
    prefix: 'network',
    share: HTTP_LIMITS.uploadsInFlightPerNetwork,
    refusal: UPLOAD_REFUSALS.busyForNetwork,
  },
  {
    prefix: 'wideNetwork',
    share: HTTP_LIMITS.uploadsInFlightPerWideNetwork,
    refusal: UPLOAD_REFUSALS.busyForNetwork,
  },
];

/** A count of received bytes at a moment, from which a recent rate is measured. */
interface Mark {
  at: number;
  received: number;
}

/** One upload holding a slot: what it is receiving tells it, and how the gateway ends it. */
export class UploadSlot {
  /** Aborted when the slot is taken back for a newer upload: the upload must end, answering `UPLOAD_REFUSALS.evicted`. */
  readonly signal: AbortSignal;
  private readonly eviction = new AbortController();
  private readonly started: number;
  private received = 0;
  /** The rate is measured since `earlier`, a window or two back; `latest` becomes it once a window old. */
  private earlier: Mark;
  private latest: Mark;

  constructor(
    readonly from: ClientPrefixes,
    /** Content-Length (NaN: not declared, so as long as an upload may be). */
    private readonly declared: number,
    /** Its grace, before which it is not judged; also the window its recent rate is measured over. */
    private readonly graceMs: number,
    private readonly now: () => number,
    private readonly onRelease: (slot: UploadSlot) => void,
  ) {
    this.signal = this.eviction.signal;
    this.started = now();
    this.earlier = this.latest = { at: this.started, received: 0 };
  }

  /** `bytes` more of the body arrived. */
  arrived(bytes: number): void {
    this.received += bytes;
    this.roll(this.now());
  }

  /** Gives the slot back; once only, whether the upload ended or was evicted. */
  release(): void {
    this.onRelease(this);
  }

  /** Ends the upload to make room for another: its slot is free at once. */
  evict(): void {
    this.release();
    this.eviction.abort();
  }

  /** Whether it has shown a pace to be judged by (its grace is over) and still has bytes to bring. */
  isJudged(now: number): boolean {
    return now - this.started >= this.graceMs && this.rest() > 0;
  }

  /** How long the rest would take at its recent rate (Infinity when nothing arrived lately). */
  expectedRemainingMs(now: number): number {
    this.roll(now);
    const bytesPerMs = (this.received - this.earlier.received) / Math.max(now - this.earlier.at, 1);
    return bytesPerMs > 0 ? this.rest() / bytesPerMs : Infinity;
  }

  /** How long it has been arriving. */
  ageMs(now: number): number {
    return now - this.started;
  }

  private rest(): number {
    return (Number.isFinite(this.declared) ? this.declared : MAX_UPLOAD_BYTES) - this.received;
  }

  private roll(now: number): void {
    if (now - this.latest.at < this.graceMs) return;
    this.earlier = this.latest;
    this.latest = { at: now, received: this.received };
  }
}

/**
 * Counts the uploads this process is receiving, per client address, per network and wider network
 * and in all, and turns one more away before its body is read: 429 for a prefix that has its
 * share. When every slot is held, it makes room by evicting the held upload least likely to
 * finish usefully (docs/security.md, "HTTP edge"), and answers 503 only when none may be evicted.
 */
export class UploadsInFlight {
  private readonly held = new Set<UploadSlot>();
  private readonly counts = new Map<string, number>();

  constructor(
    /** An upload is not judged (nor evicted) before this: the pace's grace, also its rate's window. */
    private readonly graceMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Gives an upload from `from` declaring `declared` bytes (NaN: unknown) a slot, or throws. */
  admit(from: ClientPrefixes, declared: number): UploadSlot {
    for (const { prefix, share, refusal } of SHARES)
      if (this.count(from, prefix) >= share)
        throw new UploadsBusyError(HttpStatus.TOO_MANY_REQUESTS, refusal);
    if (this.held.size >= HTTP_LIMITS.uploadsInFlight) {
      const victim = this.leastUseful(from);
      if (!victim) throw new UploadsBusyError(HttpStatus.SERVICE_UNAVAILABLE, UPLOAD_REFUSALS.busy);
      victim.evict();
    }
    const slot = new UploadSlot(from, declared, this.graceMs, this.now, (released) => this.free(released));
    this.held.add(slot);
    for (const { prefix } of SHARES) this.add(from, prefix, +1);
    return slot;
  }

  /**
   * The held upload a newcomer from `from` may take the place of: one past its grace, from a
   * wider network that would still hold at least as many slots as the newcomer's (so a network
   * cannot take the places of less represented ones by arriving again and again), and of those
   * the one from the most represented prefixes, then the furthest from finishing at its recent
   * rate, then the oldest.
   */
  private leastUseful(from: ClientPrefixes): UploadSlot | undefined {
    const now = this.now();
    const newcomersWide = this.count(from, 'wideNetwork') + 1;
    let worst: { slot: UploadSlot; rank: number[] } | undefined;
    for (const slot of this.held) {
      if (!slot.isJudged(now)) continue;
      const wide = this.count(slot.from, 'wideNetwork');
      if (slot.from.wideNetwork !== from.wideNetwork && wide < newcomersWide) continue;
      const rank = [
        wide,
        this.count(slot.from, 'network'),
        this.count(slot.from, 'address'),
        slot.expectedRemainingMs(now),
        slot.ageMs(now),
      ];
      if (!worst || isGreater(rank, worst.rank)) worst = { slot, rank };
    }
    return worst?.slot;
  }

  private free(slot: UploadSlot): void {
    if (!this.held.delete(slot)) return;
    for (const { prefix } of SHARES) this.add(slot.from, prefix, -1);
  }

  /** Slots held from `from`'s `prefix`. */
  private count(from: ClientPrefixes, prefix: keyof ClientPrefixes): number {
    return this.counts.get(`${prefix} ${from[prefix]}`) ?? 0;
  }

  private add(from: ClientPrefixes, prefix: keyof ClientPrefixes, change: 1 | -1): void {
    const key = `${prefix} ${from[prefix]}`;
    const now = (this.counts.get(key) ?? 0) + change;
    if (now === 0) this.counts.delete(key);
    else this.counts.set(key, now);
  }
}

/** Lexicographic order of two ranks of the same length. */
function isGreater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}
