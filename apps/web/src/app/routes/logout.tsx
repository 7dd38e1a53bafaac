// /user/logout and /dashboard/logout (SPEC §2): clear the stored session, then go to /home.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/hooks/use-session';

export function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    navigate(paths.home.getHref(), { replace: true });
  }, [navigate]);
  return <PageSpinner label="Signing out" />;
}
