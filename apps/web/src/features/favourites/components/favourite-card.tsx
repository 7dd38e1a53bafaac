// One favourite issue: cover, number and name, price; pressing it opens the issue's details.
import { formatDollars } from '@comics/shared/money';

import { CoverImage } from '@/components/cover-image';

import type { FavouriteIssue } from '../api/get-favourites';

export function FavouriteCard({ issue, onOpen }: { issue: FavouriteIssue; onOpen: (issue: FavouriteIssue) => void }) {
  return (
    <article className="issue-card card h-100 border-0">
      <CoverImage src={issue.image} alt="" />
      <div className="card-body px-1 pt-2 pb-0 d-flex flex-column gap-1">
        <h3 className="h6 mb-0 issue-card-title">
          <button
            type="button"
            className="stretched-link btn btn-link p-0 text-reset text-decoration-none text-start fw-semibold"
            onClick={() => onOpen(issue)}
          >
            <span className="issue-number">#{issue.issue_number}</span>
            {issue.name ? <span className="issue-name"> {issue.name}</span> : null}
            <span className="visually-hidden">, open details</span>
          </button>
        </h3>
        <span className="fw-bold price mt-auto">{formatDollars(issue.price)}</span>
      </div>
    </article>
  );
}
