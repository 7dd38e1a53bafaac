// POST /api/user/app-passwords: a new app password for one device. The answer carries the secret,
// which the page shows once; the cached list gets the entry without it, then is read again.
import type { AppPassword, CreateAppPasswordBody, CreatedAppPassword } from '@comics/shared/schemas/app-passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { appPasswordsQueryKey } from './get-app-passwords';

export function createAppPassword(body: CreateAppPasswordBody): Promise<CreatedAppPassword> {
  return apiPost<CreatedAppPassword>('/user/app-passwords', body);
}

export function useCreateAppPassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppPassword,
    onSuccess: ({ id, name, createdAt, lastUsedAt }) => {
      const entry: AppPassword = { id, name, createdAt, lastUsedAt };
      queryClient.setQueryData<AppPassword[]>(appPasswordsQueryKey(userId), (list) => [entry, ...(list ?? [])]);
      void queryClient.invalidateQueries({ queryKey: appPasswordsQueryKey(userId) });
    },
  });
}
