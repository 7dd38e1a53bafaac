// PUT /api/admin/users/active { id_user, active }: activates or deactivates an account
// (deactivating ends its sessions at once) and answers the account as it is now. Refused with
// 409 for one's own account and for the last active admin.
import type { AdminUser } from '@comics/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { adminQueryKey } from './admin-query-keys';
import { storeChangedUser } from './store-changed-user';

export type SetUserActiveInput = { userId: number; active: boolean };

export function setUserActive({ userId, active }: SetUserActiveInput): Promise<AdminUser> {
  return apiPut<AdminUser>('/admin/users/active', { id_user: userId, active });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: (user) => {
      storeChangedUser(queryClient, user);
      // The audit log and the figures changed too.
      return queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
