import {
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  PaymentIntentResponseSchema,
} from '@chatexhibit/proto/payment';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/create-payment-intent (SPEC §7) → `{checkoutUrl}`. */
export async function createPaymentIntent(request: PaymentIntentRequest): Promise<PaymentIntentResponse> {
  const res = await apiRequest('/api/create-payment-intent', { method: 'POST', body: request });
  return PaymentIntentResponseSchema.parse(await res.json());
}

type Options = Omit<UseMutationOptions<PaymentIntentResponse, Error, PaymentIntentRequest>, 'mutationFn'>;

export function useCreatePaymentIntent(options: Options = {}) {
  return useMutation({ ...options, mutationFn: createPaymentIntent });
}
