// /user/fav: 'YOUR FAVORITE COMICS' (docs/product.md §2 Favourites), then 'Series you follow'
// (issue 24: the followed series, their e-mails on or off, and 'Unfollow').
import { FollowedSeriesList } from '@/features/follows/components/followed-series';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';
import { FavouritesPanel } from '../favourites-panel';

export function FavouritesRoute() {
  useDocumentTitle('Favorites');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>
        {(userId) => (
          <>
            <FavouritesPanel userId={userId} headingLevel={1} />
            <FollowedSeriesList userId={userId} />
          </>
        )}
      </CustomerOnly>
    </div>
  );
}
