// A comic's page (docs/product.md §2 comic detail): cover, name with start year, deck, description (its
// links are inert), Back, and the issues with their modal. The issue sort and the open issue
// live in the URL (?sort=…&issue=…) so a shared link shows the same thing; opening an issue is a
// step in the history, so Back closes it. A signed-in USER also
// gets 'BUY ALL COMICS!' and the modal's shop buttons, from the `shop` the page supplies (a guest's
// lead to log in and come back with the issues in the cart); the
// modal's reviews come from the page too (`reviews`), and so do an admin's editing tools (`admin`)
// and 'Follow series' (`follow`).
import { DETAIL_LOADING_MS, type Role } from '@comics/shared/constants';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { BsArrowLeft } from 'react-icons/bs';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { ErrorState } from '@/components/error-state';
import { NotFoundView } from '@/components/not-found-view';
import { homeHref, type Area } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useElapsed } from '@/lib/use-elapsed';

import { useComic } from '../api/get-comic';
import { useIssues } from '../api/get-issues';
import type { CatalogAdminSlot, Comic, FollowSlot, IssueReviewsSlot, IssueShop, RatedIssue } from '../types';
import { parseIssueSort, type IssueSort } from '../utils/sort-issues';
import { BuyAllButton, GuestBuyAllLink } from './buy-all-button';
import { ComicCredits } from './comic-credits';
import { ComicFacts } from './comic-facts';
import { IssueList } from './issue-list';
import { IssueModal } from './issue-modal';

type ComicDetailProps = {
  id: number;
  area: Area;
  role: Role | null;
  shop?: IssueShop | undefined;
  reviews?: IssueReviewsSlot | undefined;
  admin?: CatalogAdminSlot | undefined;
  follow?: FollowSlot | undefined;
};

export function ComicDetail({ id, area, role, shop, reviews, admin, follow }: ComicDetailProps) {
  const comic = useComic(id);
  // The issues load alongside the comic rather than after it.
  useIssues(id);
  const slow = useElapsed(DETAIL_LOADING_MS, id);
  const notFound = comic.error instanceof ApiError && comic.error.status === 404;
  useDocumentTitle(comic.data ? comic.data.name : notFound ? 'Comic not found' : 'Comic');

  if (comic.isPending) {
    return (
      <div className="detail-loading text-center py-5" role="status" aria-live="polite">
        <Spinner animation="border" variant="primary" aria-hidden="true" className="mb-3" />
        <p className="h5 mb-1">Loading...</p>
        {slow && <p className="text-body-secondary small mb-0">This is taking longer than usual. Hang on.</p>}
      </div>
    );
  }

  if (comic.isError) {
    if (notFound) {
      return (
        <NotFoundView
          title="Comic not found"
          message="There is no comic at this address. It may have been removed from the catalogue."
          homeHref={homeHref(area)}
        />
      );
    }
    return <ErrorState title="This comic could not be loaded" error={comic.error} onRetry={() => comic.refetch()} />;
  }

  return (
    <ComicDetailView
      comic={comic.data}
      area={area}
      role={role}
      shop={shop}
      reviews={reviews}
      admin={admin}
      follow={follow}
    />
  );
}

function ComicDetailView({
  comic,
  area,
  role,
  shop,
  reviews,
  admin,
  follow,
}: Omit<ComicDetailProps, 'id'> & { comic: Comic }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const issues = useIssues(comic.id);
  const sort = parseIssueSort(searchParams.get('sort'));
  const openIssueId = Number(searchParams.get('issue'));
  const openIssue = issues.data?.find((issue) => issue.id === openIssueId) ?? null;
  const siblings = openIssue && issues.data ? siblingsOf(issues.data, openIssue) : null;

  function setParam(name: string, value: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // Opening an issue is a step in the history, so the browser's Back closes it and stays here;
  // closing takes that step back (or, for a page opened with ?issue=, drops the parameter).
  function openIssueWindow(issue: RatedIssue) {
    const next = new URLSearchParams(searchParams);
    next.set('issue', String(issue.id));
    navigate({ search: `?${next}` }, { state: { issueWindow: true }, preventScrollReset: true });
  }

  /** Another issue in the open window: the same step in the history, its address changed. */
  function showIssue(issue: RatedIssue) {
    const next = new URLSearchParams(searchParams);
    next.set('issue', String(issue.id));
    navigate({ search: `?${next}` }, { replace: true, state: location.state, preventScrollReset: true });
  }

  function closeIssueWindow() {
    if ((location.state as { issueWindow?: boolean } | null)?.issueWindow) navigate(-1);
    else setParam('issue', null);
  }

  function goBack() {
    // Back to where the visitor came from (keeping their page and filters), else to the home.
    if (location.key !== 'default' && window.history.length > 1) navigate(-1);
    else navigate(homeHref(area));
  }

  return (
    <article className="comic-detail">
      <Button variant="link" className="px-0 mb-3 text-decoration-none back-button" onClick={goBack}>
        <BsArrowLeft aria-hidden="true" className="me-1" />
        Back
      </Button>
      <div className="row g-4 g-lg-5">
        <div className="col-8 col-sm-5 col-md-4 col-lg-3 mx-auto mx-sm-0">
          <CoverImage src={comic.image} alt={`Cover of ${comic.name}`} priority className="shadow detail-cover" />
        </div>
        <div className="col-sm-7 col-md-8 col-lg-9">
          <p className="text-uppercase small fw-semibold text-primary mb-2">{comic.publisher}</p>
          <h1 className="detail-title mb-2">
            {comic.name}
            {comic.start_year ? <span className="text-body-secondary fw-semibold"> ({comic.start_year})</span> : null}
          </h1>
          {comic.deck ? <p className="lead mb-3">{comic.deck}</p> : null}
          {follow ? <div className="mb-3">{follow(comic)}</div> : null}
          {comic.description ? (
            <div
              className="comic-description text-body-secondary"
              // Sanitised on the server; links arrive as inert spans.
              dangerouslySetInnerHTML={{ __html: comic.description }}
            />
          ) : null}
          {/* Who made it and its genres, when archives were imported into it (issue 26). */}
          <ComicFacts area={area} genres={comic.genres} />
          <ComicCredits credits={comic.credits} area={area} headingLevel={2} />
          {role === 'USER' && shop ? <BuyAllButton issues={issues.data} shop={shop} /> : null}
          {!role && issues.data?.length ? <GuestBuyAllLink issues={issues.data} /> : null}
          {admin?.comic(comic)}
        </div>
      </div>

      <IssueList
        volumeId={comic.id}
        sort={sort}
        onSortChange={(value: IssueSort) => setParam('sort', value === 'default' ? null : value)}
        onOpen={openIssueWindow}
        isOwned={role === 'USER' ? shop?.isOwned : undefined}
      />

      <IssueModal
        issue={openIssue}
        comicName={comic.name}
        area={area}
        role={role}
        shop={shop}
        reviews={reviews}
        admin={admin}
        siblings={siblings ? { ...siblings, onShow: showIssue } : undefined}
        onClose={closeIssueWindow}
      />
    </article>
  );
}

/** The issues numbered just before and just after `issue` in its series. */
function siblingsOf(all: readonly RatedIssue[], issue: RatedIssue) {
  const byNumber = [...all].sort((a, b) => a.issue_number - b.issue_number || a.id - b.id);
  const index = byNumber.findIndex((candidate) => candidate.id === issue.id);
  return { previous: byNumber[index - 1] ?? null, next: byNumber[index + 1] ?? null };
}
