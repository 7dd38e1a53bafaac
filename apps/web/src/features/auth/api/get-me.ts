// GET /api/user/me: whom the session cookie belongs to (the profile view, and the start-up
// check that the stored identity is still valid). 401 when there is no valid session.
import type { Profile } from '@comics/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>('/user/me', { signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
