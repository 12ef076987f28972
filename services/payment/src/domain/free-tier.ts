import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';

/** SPEC §1: free up to 50 messages and 20 MB of media; over either, a paid bundle. */
export const isWithinFreeTier = (messageCount: number, mediaSizeBytes: number): boolean =>
  messageCount <= FREE_TIER_LIMITS.maxMessages && mediaSizeBytes <= FREE_TIER_LIMITS.maxMediaBytes;

/** Whether a bundle unlocks its export: bought, and not refunded since. */
export const isUnlocked = (bundle: { paidAt: Date | null; refundedAt: Date | null }): boolean =>
  bundle.paidAt !== null && bundle.refundedAt === null;
