// The admin's pages tool for one issue (issue 13), in the issue modal of /admin/cardDetail/{id}:
// the admin-catalog feature's upload and removal, shown with the reader's pages query, which the
// feature may not import, so the page joins them here. A change reloads that query, so the
// summary, and any reader open on the issue, show the new pages.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { IssuePages } from '@/features/admin-catalog/components/issue-pages';
import { useIssuePages } from '@/features/reader/api/get-issue-pages';
import { issuePagesQueryKey } from '@/features/reader/api/query-keys';

export function IssuePagesTool({ issueId, title }: { issueId: number; title: string }) {
  const pages = useIssuePages(issueId);
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: issuePagesQueryKey(issueId) }),
    [queryClient, issueId],
  );
  return <IssuePages issueId={issueId} title={title} pages={pages} onChanged={refresh} />;
}
