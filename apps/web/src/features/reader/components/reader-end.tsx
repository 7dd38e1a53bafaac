// What comes after the last page a reader may see. For the preview of an issue the reader does
// not own: the cover, the price and 'Buy this issue' (into the cart, then 'Go to cart'; a guest
// signs in first and comes back to the next page with the issue in the cart). For an owner at
// the end of the issue: 'You finished …', with the way on to the next issue when the page gives
// one. Both lead back to the previous issue of the series when the page gives that way.
import { formatDollars } from '@comics/shared/money';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useState, type ReactNode } from 'react';
import { BsCartPlus, BsCheck2Circle } from 'react-icons/bs';
import { Link, useLocation } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { LoginToBuyLink } from '@/components/login-to-buy-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

/** A signed-in USER's way to buy: supplied by the page, which owns the cart. */
export type ReaderPurchase = {
  /** The cart is known. */
  ready: boolean;
  inCart: boolean;
  addToCart: () => Promise<unknown>;
};

type PreviewEndProps = {
  issue: Issue;
  title: string;
  pageCount: number;
  previewPages: number;
  /** Undefined for a guest, who signs in to buy. */
  purchase: ReaderPurchase | undefined;
  onRestart: () => void;
  /** The way back to the previous issue of the series, which the page supplies. */
  previous?: ReactNode;
};

export function PreviewEnd({ issue, title, pageCount, previewPages, purchase, onRestart, previous }: PreviewEndProps) {
  const { pathname } = useLocation();
  // Signing in comes back here: to the page after the preview (this panel for a non-owner, the
  // page itself for one who bought it elsewhere). Turns rewrite `?page` outside the router.
  const returnHere = `${pathname}?page=${previewPages + 1}`;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inCart = purchase?.inCart ?? false;

  async function buy(purchase: ReaderPurchase) {
    setBusy(true);
    setError(null);
    try {
      await purchase.addToCart();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="reader-end card" aria-labelledby="reader-end-title">
      <div className="card-body d-flex flex-column flex-sm-row gap-4 align-items-center">
        <div className="reader-end-cover">
          <CoverImage src={issue.image} alt={`Cover of ${title}`} priority />
        </div>
        <div className="d-flex flex-column gap-2 align-items-center align-items-sm-start text-center text-sm-start">
          <p className="text-uppercase small fw-semibold text-primary mb-0">End of the free preview</p>
          <h2 id="reader-end-title" className="h4 fw-bold mb-0">
            {title}
          </h2>
          <p className="text-body-secondary mb-0">
            You read {previewPages} of {pageCount} pages. Buy this issue to read the rest.
          </p>
          <p className="display-price mb-1">{formatDollars(issue.price)}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            {!purchase ? (
              <LoginToBuyLink
                issueIds={[issue.id]}
                thenCart={false}
                what="this issue"
                returnTo={returnHere}
                className="btn btn-primary"
              >
                <BsCartPlus aria-hidden="true" className="me-2" />
                Buy this issue
              </LoginToBuyLink>
            ) : inCart ? (
              <Link to={paths.user.shop.getHref()} className="btn btn-primary">
                Go to cart
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!purchase.ready || busy}
                onClick={() => void buy(purchase)}
              >
                <BsCartPlus aria-hidden="true" className="me-2" />
                {busy ? 'Adding to the cart…' : 'Buy this issue'}
              </button>
            )}
            <button type="button" className="btn btn-outline-secondary" onClick={onRestart}>
              Read the preview again
            </button>
          </div>
          <p className="small mb-0" role="status">
            {inCart ? (
              <>
                <BsCheck2Circle aria-hidden="true" className="me-1 text-success" />
                This issue is in your cart.
              </>
            ) : (
              ''
            )}
          </p>
          {error && (
            <p className="small text-danger-emphasis mb-0" role="alert">
              {error}
            </p>
          )}
          {previous}
        </div>
      </div>
    </section>
  );
}

type IssueFinishedProps = {
  title: string;
  backHref: string;
  backLabel: string;
  onRestart: () => void;
  /** The way on to the next issue of the series, which the page supplies (it knows the shop). */
  next?: ReactNode;
  /** The way back to the previous issue of the series, which the page supplies. */
  previous?: ReactNode;
};

export function IssueFinished({ title, backHref, backLabel, onRestart, next, previous }: IssueFinishedProps) {
  return (
    <section className="reader-end card text-center" aria-labelledby="reader-end-title">
      <div className="card-body d-flex flex-column gap-3 align-items-center">
        <BsCheck2Circle aria-hidden="true" className="reader-end-icon text-success" />
        <h2 id="reader-end-title" className="h4 fw-bold mb-0">
          You finished {title}
        </h2>
        {next}
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to={backHref} className={`btn ${next ? 'btn-outline-primary' : 'btn-primary'}`}>
            {backLabel}
          </Link>
          <button type="button" className="btn btn-outline-secondary" onClick={onRestart}>
            Read it again
          </button>
        </div>
        {previous}
      </div>
    </section>
  );
}
