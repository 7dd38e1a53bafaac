// Which route group the current page belongs to, so catalogue links stay inside it.
import { useLocation } from 'react-router';

import type { Area } from '@/config/paths';

export function areaOf(pathname: string): Area {
  if (pathname === '/user' || pathname.startsWith('/user/')) return 'user';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return 'public';
}

export function useArea(): Area {
  return areaOf(useLocation().pathname);
}
