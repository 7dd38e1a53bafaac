// POST /api/user/logout: the server revokes the session and clears its cookie. Whatever it
// answers (or if it cannot be reached), this browser forgets the session, every cached answer and
// the issues downloaded for offline reading: the next visitor on this browser sees none of them.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { clearSession } from '../hooks/use-session';

export function logout(): Promise<void> {
  return apiPost('/user/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: async () => {
      await clearSession();
      queryClient.clear();
    },
  });
}
