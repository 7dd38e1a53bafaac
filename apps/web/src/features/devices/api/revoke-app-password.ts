// DELETE /api/user/app-passwords/{id}: revokes one app password; reading apps signed in with it
// are refused from then on. It leaves the cached list at once, which is then read again.
import type { AppPassword } from '@comics/shared/schemas/app-passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { appPasswordsQueryKey } from './get-app-passwords';

export function revokeAppPassword(id: AppPassword['id']): Promise<void> {
  return apiDelete(`/user/app-passwords/${id}`);
}

export function useRevokeAppPassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAppPassword,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<AppPassword[]>(appPasswordsQueryKey(userId), (list) =>
        list?.filter((known) => known.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: appPasswordsQueryKey(userId) });
    },
  });
}
