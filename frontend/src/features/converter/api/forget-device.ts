import { HTTP_API } from '@chatexhibit/proto/http-api';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const route = HTTP_API.forgetDevice;

/** POST /api/forget-device → 204: the server clears the cookie that binds this browser's exports. */
export async function forgetDevice(): Promise<void> {
  await apiRequest(route.path, { method: route.method });
}

type Options = Omit<UseMutationOptions<void, Error, void>, 'mutationFn'>;

export function useForgetDevice(options: Options = {}) {
  return useMutation({ ...options, mutationFn: forgetDevice });
}
