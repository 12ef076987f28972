import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { clientPrefixes, type ClientPrefixes } from '../src/http/client-address';
import { UploadsBusyError, UploadsInFlight, type UploadSlot } from '../src/uploads/uploads-in-flight';

const GRACE_MS = 30_000;
const KB = 1000;
const MB = 1024 * 1024;

/** Where a request from `ip` counts, as the gateway sees it behind a trusted proxy. */
const from = (ip: string): ClientPrefixes => clientPrefixes({ ip, socket: {} } as Request);

const busy = (status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE, message: string) =>
  new UploadsBusyError(status, message);

describe('clientPrefixes', () => {
  it('counts an IPv4 client by its address, /24 and /16', () => {
    expect(from('203.0.113.7')).toEqual({
      address: '203.0.113.7',
      network: '203.0.113.0/24',
      wideNetwork: '203.0.0.0/16',
    });
    expect(from('::ffff:203.0.113.7')).toEqual(from('203.0.113.7'));
  });

  it('counts an IPv6 client by its /64, /56 and /48', () => {
    expect(from('2001:db8:aa:bb01:1:2:3:4')).toEqual({
      address: '2001:db8:aa:bb01::/64',
      network: '2001:db8:aa:bb00::/56',
      wideNetwork: '2001:db8:aa::/48',
    });
  });
});

/** UploadsInFlight on a clock the test moves. */
describe('UploadsInFlight', () => {
  let now: number;
  let inFlight: UploadsInFlight;
  beforeEach(() => {
    now = 0;
    inFlight = new UploadsInFlight(GRACE_MS, () => now);
  });

  interface Sender {
    slot: UploadSlot;
    bytesPerSecond: number;
  }
  /** Lets `seconds` pass, each sender bringing its rate each second. */
  const pass = (seconds: number, senders: readonly Sender[]) => {
    for (let s = 0; s < seconds; s++) {
      now += 1000;
      for (const { slot, bytesPerSecond } of senders) if (!slot.signal.aborted) slot.arrived(bytesPerSecond);
    }
  };

  /** The attack: 20 uploads at 13 KB/s, 5 from each of four /24s in four /16s, declaring 15 MB. */
  const trickles = (count: number = HTTP_LIMITS.uploadsInFlight): Sender[] =>
    Array.from({ length: count }, (_, i) => ({
      slot: inFlight.admit(from(`198.${51 + Math.floor(i / 5)}.100.${(i % 5) + 1}`), 15 * MB),
      bytesPerSecond: 13 * KB,
    }));

  it('gives each address, network and wider network its share, and no more (429)', () => {
    for (let i = 0; i < HTTP_LIMITS.uploadsInFlightPerAddress; i++) inFlight.admit(from('198.51.100.1'), MB);
    expect(() => inFlight.admit(from('198.51.100.1'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForAddress),
    );
    for (let i = HTTP_LIMITS.uploadsInFlightPerAddress; i < HTTP_LIMITS.uploadsInFlightPerNetwork; i++)
      inFlight.admit(from(`198.51.100.${i + 10}`), MB);
    expect(() => inFlight.admit(from('198.51.100.99'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForNetwork),
    );
    // Neighbouring /24s of the same /16 until it has its share.
    for (let i = HTTP_LIMITS.uploadsInFlightPerNetwork; i < HTTP_LIMITS.uploadsInFlightPerWideNetwork; i++)
      inFlight.admit(from(`198.51.${101 + Math.floor(i / 5)}.${i}`), MB);
    expect(() => inFlight.admit(from('198.51.200.1'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForNetwork),
    );
    // IPv6: the /48 is the wider network, whichever /56s and /64s its uploads come from.
    for (let i = 0; i < HTTP_LIMITS.uploadsInFlightPerWideNetwork; i++)
      inFlight.admit(from(`2001:db8:aa:${i.toString(16)}00::1`), MB);
    expect(() => inFlight.admit(from('2001:db8:aa:ff00::1'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForNetwork),
    );
  });

  it('counts a peer without an address (its socket gone) once at each level', () => {
    for (let i = 0; i < HTTP_LIMITS.uploadsInFlightPerAddress; i++) inFlight.admit(from('unknown'), MB);
    expect(() => inFlight.admit(from('unknown'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForAddress),
    );
  });

  it('gives a slot back once, when its upload ends', () => {
    const slot = inFlight.admit(from('198.51.100.1'), MB);
    slot.release();
    slot.release();
    for (let i = 0; i < HTTP_LIMITS.uploadsInFlightPerAddress; i++) inFlight.admit(from('198.51.100.1'), MB);
    expect(() => inFlight.admit(from('198.51.100.1'), MB)).toThrow(
      busy(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForAddress),
    );
  });

  it('when the trickles of finding M6 hold every slot, gives a fresh upload the place of one of them', () => {
    const attack = trickles();
    pass(13 * 60, attack);
    const honest = inFlight.admit(from('203.0.113.7'), 20 * MB);
    expect(attack.filter(({ slot }) => slot.signal.aborted)).toHaveLength(1);
    expect(honest.signal.aborted).toBe(false);
  });

  it('evicts a trickle, not an honest slow phone upload (20 MB at 50 KB/s), and neither before its grace', () => {
    const attack = trickles(HTTP_LIMITS.uploadsInFlight - 1);
    pass(60, attack);
    const phone = { slot: inFlight.admit(from('203.0.113.7'), 20 * MB), bytesPerSecond: 50 * KB };
    // Another upload from the phone's own network during its grace, then past it.
    pass(10, [...attack, phone]);
    inFlight.admit(from('203.0.113.8'), MB);
    pass(60, [...attack, phone]);
    for (let i = 0; i < 5; i++) inFlight.admit(from(`192.${2 + i}.0.1`), MB);
    expect(phone.slot.signal.aborted).toBe(false);
    expect(attack.filter(({ slot }) => slot.signal.aborted)).toHaveLength(6);
  });

  it('evicts nobody while uploads are within their grace, nor while there is room: 503 when full', () => {
    const slow = Array.from({ length: HTTP_LIMITS.uploadsInFlight - 1 }, (_, i) => ({
      slot: inFlight.admit(from(`198.${51 + i}.100.1`), MAX_UPLOAD_BYTES),
      bytesPerSecond: 9 * KB,
    }));
    pass(10 * 60, slow);
    const last = inFlight.admit(from('203.0.113.7'), MB);
    expect(slow.filter(({ slot }) => slot.signal.aborted)).toHaveLength(0);
    slow.forEach(({ slot }) => slot.release());
    last.release();

    const young = trickles();
    pass(GRACE_MS / 1000 - 1, young);
    expect(() => inFlight.admit(from('203.0.113.7'), MB)).toThrow(
      busy(HttpStatus.SERVICE_UNAVAILABLE, UPLOAD_REFUSALS.busy),
    );
    pass(1, young);
    expect(() => inFlight.admit(from('203.0.113.7'), MB)).not.toThrow();
  });

  it('evicts from the most represented wider network first, even when its uploads are faster', () => {
    const crowded = Array.from({ length: HTTP_LIMITS.uploadsInFlightPerWideNetwork }, (_, i) => ({
      slot: inFlight.admit(from(`198.51.${100 + Math.floor(i / 5)}.${i + 1}`), 15 * MB),
      bytesPerSecond: 100 * KB,
    }));
    const alone = Array.from({ length: HTTP_LIMITS.uploadsInFlight - crowded.length }, (_, i) => ({
      slot: inFlight.admit(from(`192.${i + 1}.2.1`), 15 * MB),
      bytesPerSecond: 60 * KB,
    }));
    pass(40, [...crowded, ...alone]);
    inFlight.admit(from('203.0.113.1'), MB);
    expect(crowded.filter(({ slot }) => slot.signal.aborted)).toHaveLength(1);
    expect(alone.filter(({ slot }) => slot.signal.aborted)).toHaveLength(0);
  });

  it('among equally represented uploads, evicts the one furthest from finishing at its recent rate, not its average', () => {
    const senders = Array.from({ length: HTTP_LIMITS.uploadsInFlight }, (_, i) => ({
      slot: inFlight.admit(from(`192.${i + 1}.2.1`), 15 * MB),
      bytesPerSecond: 60 * KB,
    }));
    // A burst that then slows to a trickle: fast on average since its start, slow lately.
    const burst = senders[3]!;
    burst.bytesPerSecond = 300 * KB;
    pass(40, senders);
    burst.bytesPerSecond = 9 * KB;
    pass(2 * (GRACE_MS / 1000) + 5, senders);
    inFlight.admit(from('203.0.113.1'), MB);
    expect(senders.filter(({ slot }) => slot.signal.aborted)).toEqual([burst]);
  });

  it('lets no network take, by arriving again and again, the places of networks that hold fewer', () => {
    const honest = Array.from({ length: HTTP_LIMITS.uploadsInFlight / 2 }, (_, i) => ({
      slot: inFlight.admit(from(`203.${i}.113.7`), MAX_UPLOAD_BYTES),
      bytesPerSecond: 10 * KB,
    }));
    pass(60, honest);
    // The other half from two /16s, always fresh (within their grace): only the honest ones are judged.
    const attack = trickles(HTTP_LIMITS.uploadsInFlight / 2);
    expect(() => inFlight.admit(from('198.51.110.1'), 15 * MB)).toThrow(
      busy(HttpStatus.SERVICE_UNAVAILABLE, UPLOAD_REFUSALS.busy),
    );
    // Once judged, the attack's own uploads are what its newcomers may take the places of.
    pass(GRACE_MS / 1000, [...honest, ...attack]);
    inFlight.admit(from('198.51.110.1'), 15 * MB);
    expect(attack.filter(({ slot }) => slot.signal.aborted)).toHaveLength(1);
    expect(honest.filter(({ slot }) => slot.signal.aborted)).toHaveLength(0);
  });
});
