// /user, where a signed-in USER arrives (docs/product.md §2: "header and favourites"): a welcome
// header with the ways on (catalogue, cart, My comics), then 'Continue reading' (issue 13: the
// issues the user stopped in, when there are any), 'New for you' (issue 24: new and unread
// issues of the series they follow, when there are any) and the favourites.
import { BsBag, BsGrid } from 'react-icons/bs';
import { Link } from 'react-router';

import { BsCollection } from '@/components/shop-icons';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { ContinueReadingShelf } from '@/features/reader/components/continue-reading-shelf';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';
import { FavouritesPanel } from '../favourites-panel';
import { NewForYouPanel } from '../new-for-you-panel';

export function UserStartRoute() {
  useDocumentTitle('Your shelf');
  const { name } = useSession();

  return (
    <div className="container-xxl py-3 py-md-4">
      <header className="user-header mb-5">
        <p className="hero-kicker mb-3">Your shelf</p>
        <h1 className="user-header-title mb-2">Welcome back{name ? `, ${name}` : ''}!</h1>
        <p className="lead mb-4">
          What you are reading and your favourite issues are below; the catalogue, your cart and My comics are a click
          away.
        </p>
        <nav className="d-flex flex-wrap gap-2" aria-label="Your shop">
          <Link to={paths.user.home.getHref()} className="btn btn-primary">
            <BsGrid aria-hidden="true" className="me-2" />
            Browse comics
          </Link>
          <Link to={paths.user.shop.getHref()} className="btn btn-outline-primary">
            <BsBag aria-hidden="true" className="me-2" />
            Shopping Bag
          </Link>
          <Link to={paths.user.purchases.getHref()} className="btn btn-outline-primary">
            <BsCollection aria-hidden="true" className="me-2" />
            My comics
          </Link>
        </nav>
      </header>
      <CustomerOnly>
        {(userId) => (
          <>
            <ContinueReadingShelf userId={userId} />
            <NewForYouPanel userId={userId} />
            <FavouritesPanel userId={userId} headingLevel={2} />
          </>
        )}
      </CustomerOnly>
    </div>
  );
}
