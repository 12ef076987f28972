import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import { isUnlocked, isWithinFreeTier } from '../src/domain/free-tier';
import {
  decidedDeleteAfter,
  extendedDeleteAfter,
  purchasedDeleteAfter,
  retentionOf,
} from '../src/domain/retention-period';

const { maxMessages, maxMediaBytes } = FREE_TIER_LIMITS;

describe('the free tier', () => {
  it.each([
    [maxMessages, maxMediaBytes, true],
    [maxMessages + 1, 0, false],
    [0, maxMediaBytes + 1, false],
  ])('%i messages and %i bytes of media: free %s', (messages, bytes, free) => {
    expect(isWithinFreeTier(messages, bytes)).toBe(free);
  });

  it('unlocks a bundle bought and not refunded', () => {
    const paidAt = new Date('2026-11-20T10:00:00Z');
    expect(isUnlocked({ paidAt, refundedAt: null })).toBe(true);
    expect(isUnlocked({ paidAt: null, refundedAt: null })).toBe(false);
    expect(isUnlocked({ paidAt, refundedAt: new Date('2026-11-21T10:00:00Z') })).toBe(false);
  });
});

describe('retention dates', () => {
  it('keeps an upload a day until it is processed, then 7 days when free and 3 when it awaits payment, a purchase 90 days', () => {
    expect(retentionOf('e-1', '2026-11-20T10:00:00.000Z')).toEqual({
      exportId: 'e-1',
      receivedAt: new Date('2026-11-20T10:00:00.000Z'),
      deleteAfter: new Date('2026-11-21T10:00:00.000Z'),
    });
    expect(decidedDeleteAfter('2026-11-20T10:00:00.000Z', true)).toEqual(
      new Date('2026-11-27T10:00:00.000Z'),
    );
    expect(decidedDeleteAfter('2026-11-20T10:00:00.000Z', false)).toEqual(
      new Date('2026-11-23T10:00:00.000Z'),
    );
    expect(purchasedDeleteAfter(new Date('2026-11-20T10:00:00.000Z'))).toEqual(
      new Date('2027-02-18T10:00:00.000Z'),
    );
  });

  it("extends from the later of the export's date and today", () => {
    const now = new Date('2026-11-20T10:00:00.000Z');
    expect(extendedDeleteAfter(new Date('2027-01-31T00:00:00.000Z'), 2, now)).toEqual(
      new Date('2027-03-31T00:00:00.000Z'),
    );
    expect(extendedDeleteAfter(new Date('2026-10-01T00:00:00.000Z'), 1, now)).toEqual(
      new Date('2026-12-20T10:00:00.000Z'),
    );
  });
});
