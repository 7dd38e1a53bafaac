// A comic's detail page (docs/product.md §2), at /cardDetail/:id, /user/cardDetail/:id and
// /admin/cardDetail/:id. An id that is not a number is simply not found. A signed-in USER gets
// the shop's buttons (favourite, cart, 'Buy now', 'BUY ALL COMICS!'); everyone gets the issue
// modal's reviews; an ADMIN on /admin/cardDetail/:id also gets 'Edit comic' and 'Edit issue'. A
// USER and a guest get 'Follow series' (a guest's logs in first and comes back with it done).
import { useCallback } from 'react';
import { useParams } from 'react-router';

import { NotFoundView } from '@/components/not-found-view';
import { homeHref } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { ComicDetail } from '@/features/catalog/components/comic-detail';
import type { Comic } from '@/features/catalog/types';
import { FollowButton } from '@/features/follows/components/follow-button';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useCatalogAdminSlot } from '../catalog-admin-tools';
import { useIssueReviewsSlot } from '../issue-reviews';
import { useArea } from '../use-area';
import { useCustomerId } from '../use-customer';
import { useIssueShop } from '../use-issue-shop';

export function ComicDetailRoute() {
  const { id: rawId } = useParams();
  const area = useArea();
  const { role } = useSession();
  const shop = useIssueShop();
  const reviews = useIssueReviewsSlot();
  const admin = useCatalogAdminSlot(area === 'admin' && role === 'ADMIN');
  const customerId = useCustomerId();
  const followSlot = useCallback(
    (comic: Comic) => <FollowButton volumeId={comic.id} name={comic.name} userId={customerId} />,
    [customerId],
  );
  // Administrators follow nothing: the shop's follows are its customers'.
  const follow = role === 'ADMIN' ? undefined : followSlot;
  const id = /^\d{1,9}$/.test(rawId ?? '') ? Number(rawId) : null;

  return (
    <div className="container-xxl py-3 py-md-4">
      {id === null ? (
        <InvalidComic homeHref={homeHref(area)} />
      ) : (
        <ComicDetail
          key={id}
          id={id}
          area={area}
          role={role}
          shop={shop}
          reviews={reviews}
          admin={admin}
          follow={follow}
        />
      )}
    </div>
  );
}

function InvalidComic({ homeHref }: { homeHref: string }) {
  useDocumentTitle('Comic not found');
  return <NotFoundView title="Comic not found" message="This is not a comic's address." homeHref={homeHref} />;
}
