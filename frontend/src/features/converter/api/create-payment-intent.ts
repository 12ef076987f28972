import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { PaymentIntentRequest, PaymentIntentResponse } from '@chatexhibit/proto/payment';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const route = HTTP_API.createPaymentIntent;

/** POST /api/create-payment-intent (SPEC §7) → `{checkoutUrl}`. */
export async function createPaymentIntent(request: PaymentIntentRequest): Promise<PaymentIntentResponse> {
  const res = await apiRequest(route.path, { method: route.method, body: request });
  return route.responses[200].schema.parse(await res.json());
}

type Options = Omit<UseMutationOptions<PaymentIntentResponse, Error, PaymentIntentRequest>, 'mutationFn'>;

export function useCreatePaymentIntent(options: Options = {}) {
  return useMutation({ ...options, mutationFn: createPaymentIntent });
}
