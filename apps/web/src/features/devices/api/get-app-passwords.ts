// GET /api/user/app-passwords: the signed-in user's app passwords, newest first, without their
// secrets ('Read on your devices').
import type { AppPassword } from '@comics/shared/schemas/app-passwords';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export type { AppPassword };

export const appPasswordsQueryKey = (userId: number) => ['app-passwords', userId] as const;

export function getAppPasswords(signal?: AbortSignal): Promise<AppPassword[]> {
  return apiGet<AppPassword[]>('/user/app-passwords', { signal });
}

export function getAppPasswordsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: appPasswordsQueryKey(userId),
    queryFn: ({ signal }) => getAppPasswords(signal),
  });
}

export function useAppPasswords(userId: number) {
  return useQuery(getAppPasswordsQueryOptions(userId));
}
