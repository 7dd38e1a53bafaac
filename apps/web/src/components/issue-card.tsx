// One issue as a card (a comic's issue list, the favourites): cover, number and name (after its
// series' name where the card is away from its comic's page), price ('Owned' once bought) and,
// when known, the average rating; pressing it opens the issue modal. A badge ('New', 'Unread')
// may sit on the cover, and is read out before the title.
import type { Issue } from '@comics/shared/schemas/catalog';

import { CoverImage } from '@/components/cover-image';
import { PriceOrOwned } from '@/components/price-or-owned';
import { StarRating } from '@/components/star-rating';

export function IssueCard<T extends Issue & { avgRating?: number | null; volume_name?: string }>({
  issue,
  owned = false,
  badge,
  className = '',
  onOpen,
}: {
  issue: T;
  owned?: boolean;
  badge?: { label: string; className: string } | undefined;
  className?: string;
  onOpen: (issue: T) => void;
}) {
  return (
    <article className={`issue-card card h-100 border-0 ${className}`}>
      {badge && <span className={`badge ${badge.className}`}>{badge.label}</span>}
      <CoverImage src={issue.image} alt="" />
      <div className="card-body px-1 pt-2 pb-0 d-flex flex-column gap-1">
        <h3 className="h6 mb-0 issue-card-title">
          <button
            type="button"
            className="stretched-link btn btn-link p-0 text-reset text-decoration-none text-start fw-semibold"
            onClick={() => onOpen(issue)}
          >
            {badge && <span className="visually-hidden">{badge.label}: </span>}
            {issue.volume_name ? <span className="issue-series">{issue.volume_name} </span> : null}
            <span className="issue-number">#{issue.issue_number}</span>
            {issue.name ? <span className="issue-name"> {issue.name}</span> : null}
            <span className="visually-hidden">, open details</span>
          </button>
        </h3>
        <div className="d-flex justify-content-between align-items-center gap-2 mt-auto">
          <PriceOrOwned price={issue.price} owned={owned} priceClassName="fw-bold price" ownedClassName="small" />
          {issue.avgRating != null ? <StarRating value={issue.avgRating} className="small" /> : null}
        </div>
      </div>
    </article>
  );
}
