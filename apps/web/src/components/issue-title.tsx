// An issue where it is listed away from its comic's page (cart, checkout, My comics, favourites,
// admin orders): 'Series #N', and under it the issue's own title when it has one.
import { issueLabel } from '@/lib/format';

type IssueTitleProps = {
  issue: { volume_name: string; issue_number: number; name: string | null };
  className?: string;
};

export function IssueTitle({ issue, className = '' }: IssueTitleProps) {
  return (
    <span className={`issue-title d-flex flex-column ${className}`}>
      <span className="fw-semibold text-break">{issueLabel(issue)}</span>
      {issue.name ? <span className="small text-body-secondary text-break">{issue.name}</span> : null}
    </span>
  );
}
