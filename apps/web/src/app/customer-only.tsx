// The shop screens (cart, payment, favourites, My comics) belong to a signed-in USER: the route
// gate has already sent guests to /login, so what is left is an administrator, who has no cart.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { useCustomerId } from './use-customer';

export function CustomerOnly({ children }: { children: (userId: number) => ReactNode }) {
  const userId = useCustomerId();
  if (userId !== null) return children(userId);
  return (
    <div className="empty-state text-center py-5">
      <p className="h4 fw-bold mb-2">This page belongs to customer accounts</p>
      <p className="text-body-secondary mb-4">Carts, favourites and purchases are kept for USER accounts only.</p>
      <Link to={paths.admin.home.getHref()} className="btn btn-primary px-4">
        Catalogue
      </Link>
    </div>
  );
}
