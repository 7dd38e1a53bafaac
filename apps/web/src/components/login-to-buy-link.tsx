// A guest's 'Add to cart', 'Buy now', 'BUY ALL COMICS!' or 'Buy this issue': a link to /login that
// first remembers what was asked for and where (lib/pending-purchase), so that signing in (or
// up) comes back here with the issues in the cart.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { rememberPurchase, type PendingPurchase } from '@/lib/pending-purchase';

type LoginToBuyLinkProps = Omit<PendingPurchase, 'returnTo'> & {
  /** Where to come back to; the current page by default. */
  returnTo?: string;
  className: string;
  'aria-label'?: string;
  children: ReactNode;
};

export function LoginToBuyLink({ issueIds, thenCart, what, returnTo, children, ...link }: LoginToBuyLinkProps) {
  const location = useLocation();
  const here = returnTo ?? location.pathname + location.search;
  return (
    <Link
      to={paths.login.getHref()}
      onClick={() => rememberPurchase({ issueIds, thenCart, what, returnTo: here })}
      {...link}
    >
      {children}
    </Link>
  );
}
