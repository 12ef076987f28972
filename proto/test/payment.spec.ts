import { PaymentIntentRequestSchema } from '../src/payment';

/** The first sentence the API answers for a payment-intent body, as README's table gives them. */
const firstError = (body: unknown) => PaymentIntentRequestSchema.safeParse(body).error?.issues[0]?.message;

describe('the payment-intent request', () => {
  const bundleId = '0b6f1d3e-2c4a-4e8b-9f10-112233445566';

  it('says "Email is required" for a missing or empty email, not zod\'s "Invalid input"', () => {
    expect(firstError({ bundleId })).toBe('Email is required');
    expect(firstError({ bundleId, userEmail: '' })).toBe('Email is required');
  });

  it('says "Please enter a valid email address" for one that is not an address, or not text', () => {
    expect(firstError({ bundleId, userEmail: 'nope' })).toBe('Please enter a valid email address');
    expect(firstError({ bundleId, userEmail: 42 })).toBe('Please enter a valid email address');
  });

  it('says "No payment bundle found" without a bundle id, and accepts a complete request', () => {
    expect(firstError({ userEmail: 'a@example.org' })).toBe('No payment bundle found');
    expect(firstError({ bundleId, userEmail: 'a@example.org' })).toBeUndefined();
  });
});
