// A comic's issues with 'Sort issues by' (docs/product.md §2). 'Comics not found' shows only once the list
// has stayed empty for 5000 ms.
import { EMPTY_ISSUES_MS } from '@comics/shared/constants';
import Form from 'react-bootstrap/Form';

import { ErrorState } from '@/components/error-state';
import { IssueCard } from '@/components/issue-card';
import { ComicsNotFound, PageSpinner } from '@/components/list-states';
import { useElapsed } from '@/lib/use-elapsed';

import { useIssues } from '../api/get-issues';
import type { RatedIssue } from '../types';
import { ISSUE_SORTS, sortIssues, type IssueSort } from '../utils/sort-issues';

type IssueListProps = {
  volumeId: number;
  sort: IssueSort;
  onSortChange: (sort: IssueSort) => void;
  onOpen: (issue: RatedIssue) => void;
  /** A signed-in USER's: their issues read 'Owned' instead of a price. */
  isOwned?: ((issueId: number) => boolean) | undefined;
};

export function IssueList({ volumeId, sort, onSortChange, onOpen, isOwned }: IssueListProps) {
  const issues = useIssues(volumeId);
  const emptyDelayOver = useElapsed(EMPTY_ISSUES_MS, volumeId);
  const list = issues.data ? sortIssues(issues.data, sort) : [];

  return (
    <section aria-labelledby="issues-heading" className="mt-5">
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-sm-end mb-3">
        <h2 id="issues-heading" className="section-title mb-0">
          Issues
          {issues.data && issues.data.length > 0 ? (
            <span className="badge rounded-pill text-bg-secondary align-middle ms-2 fs-6">{issues.data.length}</span>
          ) : null}
        </h2>
        <Form.Group controlId="issue-sort" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap small fw-semibold">Sort issues by</Form.Label>
          <Form.Select
            value={sort}
            onChange={(event) => onSortChange(event.target.value as IssueSort)}
            className="w-auto"
          >
            {ISSUE_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>

      {issues.isError ? (
        <ErrorState title="The issues could not be loaded" error={issues.error} onRetry={() => issues.refetch()} />
      ) : list.length > 0 ? (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 g-md-4 list-unstyled mb-0">
          {list.map((issue) => (
            <li key={issue.id} className="col">
              <IssueCard issue={issue} owned={isOwned?.(issue.id) ?? false} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : issues.isPending || !emptyDelayOver ? (
        <PageSpinner label="Loading issues" />
      ) : (
        <ComicsNotFound />
      )}
    </section>
  );
}
