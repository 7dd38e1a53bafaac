// The favourites (docs/product.md §2 Favourites), at /user/fav and under the header of /user: the
// title 'YOUR FAVORITE COMICS' and a card per favourite issue; a card opens the issue's modal,
// which the page supplies (the catalogue owns it).
import { BsHeart } from 'react-icons/bs';
import { Link } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { IssueCard } from '@/components/issue-card';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { useFavourites, type FavouriteIssue } from '../api/get-favourites';

type FavouritesViewProps = {
  userId: number;
  onOpen: (issue: FavouriteIssue) => void;
  /** The page's main heading (h1) on /user/fav; a section heading (h2) under the header of /user. */
  headingLevel?: 1 | 2;
};

export function FavouritesView({ userId, onOpen, headingLevel = 1 }: FavouritesViewProps) {
  const favourites = useFavourites(userId);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section aria-labelledby="favourites-title">
      <Heading id="favourites-title" className="section-title mb-4">
        YOUR FAVORITE COMICS
      </Heading>
      {favourites.isPending ? (
        <PageSpinner label="Loading your favourites" />
      ) : favourites.isError ? (
        <ErrorState
          title="Your favourites could not be loaded"
          error={favourites.error}
          onRetry={() => favourites.refetch()}
        />
      ) : favourites.data.length === 0 ? (
        <div className="empty-state text-center py-5">
          <BsHeart aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">No favourites yet</p>
          <p className="text-body-secondary mb-4">Open an issue and press ‘Add to favorites’ to keep it here.</p>
          <Link to={paths.user.home.getHref()} className="btn btn-primary px-4">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 g-md-4 list-unstyled mb-0">
          {favourites.data.map((issue) => (
            <li key={issue.id} className="col">
              <IssueCard issue={issue} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
