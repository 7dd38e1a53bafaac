// The signed-in USER whose cart, favourites and purchases the shop screens show: their id, or
// null for a guest or an administrator (who have none).
import { useSession, useSessionUserId } from '@/features/auth/hooks/use-session';

export function useCustomerId(): number | null {
  const { role } = useSession();
  const userId = useSessionUserId();
  return role === 'USER' ? userId : null;
}
