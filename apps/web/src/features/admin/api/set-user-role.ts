// PUT /api/admin/users/rol { id_user, rol }: makes an account a USER or an ADMIN (its sessions
// end at once) and answers the account as it is now. Refused with 409 for one's own account and
// for the last active admin.
import type { AdminUser } from '@comics/shared/schemas/admin';
import type { Role } from '@comics/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { adminQueryKey } from './admin-query-keys';
import { storeChangedUser } from './store-changed-user';

export type SetUserRoleInput = { userId: number; role: Role };

export function setUserRole({ userId, role }: SetUserRoleInput): Promise<AdminUser> {
  return apiPut<AdminUser>('/admin/users/rol', { id_user: userId, rol: role });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: (user) => {
      storeChangedUser(queryClient, user);
      // The audit log and the figures changed too.
      return queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
