// An issue's details (docs/product.md §2 issue modal): number, name, description (or 'Woohoo'), cover,
// star rating or 'Not reviews for this comic' (with 'See Reviews' and 'Post Review' when the page
// supplies the reviews), price, Close and 'Buy now'. A signed-in USER also gets the favourite
// button ('remuve_Fav' once the issue is a favourite, the spec's spelling), the cart button, and
// a 'Buy now' that puts the issue in the cart before going there; an issue they bought reads
// 'Owned' instead of its price, with 'Read' and a disabled 'Buy now'; what they do comes from the page as an IssueShop. The way into
// the reader (issue 13): 'Read' or 'Continue (page N of M)' for an owned issue and for an ADMIN
// (who may read everything), 'Read a preview' for everyone else. On the admin's pages the page
// also supplies 'Edit issue' and the pages tool (`admin`). Below, what an imported archive said
// of the issue (issue 26): cover date, language, age rating, genres and credits, their names and
// genres searching the catalogue of the page's area. The modal traps focus and Escape closes it.
import { COMIC_FORMAT, type Role } from '@comics/shared/constants';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { BsCartPlus, BsHeart } from 'react-icons/bs';
import { Link, useNavigate } from 'react-router';

import { BsCartDash, BsHeartFill } from '@/components/shop-icons';
import { CoverImage } from '@/components/cover-image';
import { ReaderLink } from '@/components/reader-link';
import { PriceOrOwned } from '@/components/price-or-owned';
import { RatingSummary } from '@/components/rating-summary';
import { LoginToBuyLink } from '@/components/login-to-buy-link';
import { paths, type Area } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toPlainText } from '@/lib/format';

import type { CatalogAdminSlot, IssueReviewsSlot, IssueShop, RatedIssue } from '../types';
import { ComicCredits } from './comic-credits';
import { ComicFacts } from './comic-facts';

type IssueModalProps = {
  issue: RatedIssue | null;
  comicName: string;
  role: Role | null;
  /** Where its credits' and genres' searches lead; without it, the role's own catalogue. */
  area?: Area | undefined;
  /** A signed-in USER's cart and favourites; without it the buttons act as for a guest. */
  shop?: IssueShop | undefined;
  /** The rating with 'See Reviews' and 'Post Review'; without it, the average alone. */
  reviews?: IssueReviewsSlot | undefined;
  /** An admin's 'Edit issue'; only the admin's pages supply it. */
  admin?: CatalogAdminSlot | undefined;
  /** The issues before and after this one in the series, and how to show another. */
  siblings?: IssueSiblings | undefined;
  onClose: () => void;
};

export type IssueSiblings = {
  previous: RatedIssue | null;
  next: RatedIssue | null;
  onShow: (issue: RatedIssue) => void;
};

export function IssueModal({ issue, comicName, area, role, shop, reviews, admin, siblings, onClose }: IssueModalProps) {
  // The last issue stays rendered while the modal fades out.
  const [shown, setShown] = useState<RatedIssue | null>(issue);
  if (issue !== null && issue !== shown) setShown(issue);

  return (
    <IssueModalFrame show={issue !== null} onClose={onClose} onExited={() => setShown(null)}>
      {shown && (
        <IssueModalContent
          key={shown.id}
          issue={shown}
          comicName={comicName}
          area={area}
          role={role}
          shop={shop}
          reviews={reviews}
          admin={admin}
          siblings={siblings}
          onClose={onClose}
        />
      )}
    </IssueModalFrame>
  );
}

/** The dialog around an issue's details (also used while an issue is still loading). */
export function IssueModalFrame({
  show,
  onClose,
  onExited,
  children,
}: {
  show: boolean;
  onClose: () => void;
  onExited?: () => void;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} centered size="lg" aria-labelledby="issue-modal-title">
      {children}
    </Modal>
  );
}

type Busy = 'favourite' | 'cart' | 'buy' | null;

export function IssueModalContent({
  issue,
  comicName,
  role,
  area = role === 'USER' ? 'user' : role === 'ADMIN' ? 'admin' : 'public',
  shop,
  reviews,
  admin,
  siblings,
  onClose,
}: IssueModalProps & { issue: RatedIssue }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const description = issue.description ? toPlainText(issue.description) : '';
  const isUser = role === 'USER';
  const userShop = isUser ? shop : undefined;
  const loginHref = paths.login.getHref();

  const favourite = userShop?.isFavourite(issue.id) ?? false;
  const inCart = userShop?.isInCart(issue.id) ?? false;
  const owned = userShop?.isOwned(issue.id) ?? false;
  const disabled = !userShop?.ready || busy !== null;

  /** Runs one of the shop's calls: one at a time, its failure said in the modal. */
  async function run(kind: Exclude<Busy, null>, action: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(kind);
    setError(null);
    setAnnouncement('');
    try {
      await action();
      if (done) setAnnouncement(done);
      return true;
    } catch (cause) {
      setError(errorMessage(cause));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function buyNow(shop: IssueShop) {
    const ready = inCart || (await run('buy', () => shop.setInCart(issue.id, true)));
    if (ready) navigate(paths.user.shop.getHref());
  }

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="issue-modal-title" className="h5">
          <span className="text-body-secondary fw-normal">{comicName}</span>{' '}
          <span className="issue-number">#{issue.issue_number}</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-4">
          <div className="col-5 col-md-4">
            <CoverImage src={issue.image} alt={`Cover of ${comicName} #${issue.issue_number}`} priority />
          </div>
          <div className="col-7 col-md-8 d-flex flex-column gap-3">
            <div>
              <p className="text-uppercase small fw-semibold text-primary mb-1">Issue #{issue.issue_number}</p>
              <h2 className="h4 fw-bold mb-0">{issue.name ?? comicName}</h2>
            </div>
            <div>{reviews ? reviews(issue, comicName) : <RatingSummary average={issue.avgRating} />}</div>
            <p className="issue-description mb-0">{description || 'Woohoo'}</p>
            <div className="d-flex align-items-baseline gap-3 mt-auto">
              <PriceOrOwned price={issue.price} owned={owned} priceClassName="display-price" ownedClassName="fs-5" />
              <span className="badge text-bg-secondary">{COMIC_FORMAT}</span>
            </div>
            {/* The admin's tools carry their own way into the reader, beside the pages they check. */}
            {admin ? admin.issue(issue, comicName) : <IssueReaderLink issueId={issue.id} role={role} shop={userShop} />}
            {!role && (
              <div className="d-flex flex-wrap gap-2">
                <Link
                  to={loginHref}
                  className="btn btn-outline-danger btn-sm"
                  aria-label="Add to favourites (log in first)"
                >
                  <BsHeart aria-hidden="true" className="me-1" /> Favorite
                </Link>
                <LoginToBuyLink
                  issueIds={[issue.id]}
                  thenCart={false}
                  what="this issue"
                  className="btn btn-outline-primary btn-sm"
                  aria-label="Add to cart (log in first)"
                >
                  <BsCartPlus aria-hidden="true" className="me-1" /> Add to cart
                </LoginToBuyLink>
              </div>
            )}
            {userShop && (
              <div className="d-flex flex-wrap align-items-center gap-2">
                <Button
                  variant={favourite ? 'danger' : 'outline-danger'}
                  size="sm"
                  disabled={disabled}
                  onClick={() =>
                    void run(
                      'favourite',
                      () => userShop.setFavourite(issue.id, !favourite),
                      favourite ? 'Removed from your favorites.' : 'Added to your favorites.',
                    )
                  }
                >
                  <BusyIcon busy={busy === 'favourite'}>
                    {favourite ? <BsHeartFill aria-hidden="true" /> : <BsHeart aria-hidden="true" />}
                  </BusyIcon>
                  {favourite ? 'remuve_Fav' : 'Add to favorites'}
                </Button>
                {owned ? (
                  <Link to={paths.user.purchases.getHref()} className="small">
                    In My comics
                  </Link>
                ) : (
                  <Button
                    variant={inCart ? 'outline-secondary' : 'outline-primary'}
                    size="sm"
                    disabled={disabled}
                    onClick={() =>
                      void run(
                        'cart',
                        () => userShop.setInCart(issue.id, !inCart),
                        inCart ? 'Removed from your cart.' : 'Added to your cart.',
                      )
                    }
                  >
                    <BusyIcon busy={busy === 'cart'}>
                      {inCart ? <BsCartDash aria-hidden="true" /> : <BsCartPlus aria-hidden="true" />}
                    </BusyIcon>
                    {inCart ? 'Remove from cart' : 'Add to cart'}
                  </Button>
                )}
              </div>
            )}
            {userShop?.loadError ? (
              <Alert variant="warning" className="py-2 small mb-0">
                Your cart and favourites could not be loaded: {errorMessage(userShop.loadError)}
              </Alert>
            ) : null}
            {error && (
              <Alert variant="danger" className="py-2 small mb-0" role="alert">
                {error}
              </Alert>
            )}
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
          </div>
          <IssueAbout issue={issue} area={area} />
        </div>
      </Modal.Body>
      <Modal.Footer>
        {siblings && (
          <nav className="d-flex gap-1 me-auto" aria-label="Other issues of this comic">
            {siblings.previous && (
              <SiblingButton issue={siblings.previous} direction="previous" onShow={siblings.onShow} />
            )}
            {siblings.next && <SiblingButton issue={siblings.next} direction="next" onShow={siblings.onShow} />}
          </nav>
        )}
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
        {userShop ? (
          <Button variant="primary" className="px-4" disabled={disabled || owned} onClick={() => void buyNow(userShop)}>
            {busy === 'buy' && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            Buy now
          </Button>
        ) : role ? (
          <Link to={isUser ? paths.user.shop.getHref() : loginHref} className="btn btn-primary px-4">
            Buy now
          </Link>
        ) : (
          <LoginToBuyLink issueIds={[issue.id]} thenCart what="this issue" className="btn btn-primary px-4">
            Buy now
          </LoginToBuyLink>
        )}
      </Modal.Footer>
    </>
  );
}

/** What an imported archive said of the issue, across the window's width; nothing for a hand-made issue. */
function IssueAbout({ issue, area }: { issue: RatedIssue; area: Area }) {
  const known =
    issue.credits?.length || issue.genres?.length || issue.cover_date || issue.language_iso || issue.age_rating;
  if (!known) return null;
  return (
    <div className="col-12 issue-about">
      <ComicFacts
        area={area}
        coverDate={issue.cover_date}
        languageIso={issue.language_iso}
        ageRating={issue.age_rating}
        genres={issue.genres}
      />
      <ComicCredits credits={issue.credits} area={area} headingLevel={3} />
    </div>
  );
}

/**
 * The way into the reader. A USER's ownership is known once their purchases are: until then no
 * link, rather than a preview that turns into 'Read' a moment later.
 */
function IssueReaderLink({ issueId, role, shop }: { issueId: number; role: Role | null; shop: IssueShop | undefined }) {
  const owned = shop?.isOwned(issueId) ?? false;
  if (role !== 'ADMIN' && !owned && shop && !shop.ready && !shop.loadError) return null;
  return (
    <div>
      {role === 'ADMIN' || owned ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <ReaderLink issueId={issueId} progress={shop?.readingProgress?.(issueId)} />
          {owned && shop?.keepOffline?.(issueId)}
        </div>
      ) : (
        <ReaderLink issueId={issueId} preview className="btn btn-outline-primary btn-sm" />
      )}
    </div>
  );
}

/** '‹ #3' or '#5 ›': shows the issue before or after this one in the same window. */
function SiblingButton({
  issue,
  direction,
  onShow,
}: {
  issue: RatedIssue;
  direction: 'previous' | 'next';
  onShow: (issue: RatedIssue) => void;
}) {
  const previous = direction === 'previous';
  return (
    <Button
      variant="link"
      className="text-decoration-none px-2"
      aria-label={`${previous ? 'Previous' : 'Next'} issue, #${issue.issue_number}`}
      onClick={() => onShow(issue)}
    >
      {previous ? `‹ #${issue.issue_number}` : `#${issue.issue_number} ›`}
    </Button>
  );
}

/** A button's icon, or a small spinner while its call runs. */
function BusyIcon({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <span className="me-1 d-inline-flex align-middle">
      {busy ? <Spinner animation="border" size="sm" aria-hidden="true" className="issue-action-spinner" /> : children}
    </span>
  );
}
