// 'Previous issue' in the reader's end panels: the issue before this one in its series, by
// number, to read (its preview for anyone who does not own it), as 'Next issue' (next-issue.tsx)
// leads to the one after. Nothing before a series' first issue.
import type { Issue } from '@comics/shared/schemas/catalog';
import { BsChevronLeft } from 'react-icons/bs';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useIssues } from '@/features/catalog/api/get-issues';

export function PreviousIssue({ issue }: { issue: Issue }) {
  const issues = useIssues(issue.volume_id);
  const previous = (issues.data ?? [])
    .filter((candidate) => candidate.issue_number < issue.issue_number)
    .sort((a, b) => b.issue_number - a.issue_number)[0];
  if (!previous) return null;
  return (
    <Link to={paths.user.read.getHref(previous.id)} className="btn btn-link btn-sm px-0 reader-previous-issue">
      <BsChevronLeft aria-hidden="true" className="me-1" />
      Previous issue, #{previous.issue_number}
      {previous.name ? `: ${previous.name}` : ''}
    </Link>
  );
}
