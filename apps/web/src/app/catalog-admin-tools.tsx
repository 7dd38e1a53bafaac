// The admin's editing tools on a comic's page (issue 11, /admin/cardDetail/{id}): 'Edit comic',
// 'Add issue' (issue 24) and the issue modal's 'Edit issue' and pages tool (issue 13), from the admin-catalog feature,
// which the catalogue may not import, so the page joins them here. Their code (forms, the uploader, zod) loads only when an
// admin's page first shows them, never with the shop's pages. A save reloads the queries that
// show what changed before the dialog closes, so the page shows the new values at once.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';

import { getIssuesQueryOptions } from '@/features/catalog/api/get-issues';
import { catalogQueryKey, publishersQueryKey } from '@/features/catalog/api/query-keys';
import type { CatalogAdminSlot } from '@/features/catalog/types';

const EditComic = lazy(() =>
  import('@/features/admin-catalog/components/edit-comic').then((m) => ({ default: m.EditComic })),
);
const AddIssue = lazy(() =>
  import('@/features/admin-catalog/components/add-issue').then((m) => ({ default: m.AddIssue })),
);
const EditIssue = lazy(() =>
  import('@/features/admin-catalog/components/edit-issue').then((m) => ({ default: m.EditIssue })),
);
const IssuePagesTool = lazy(() => import('./issue-pages-tool').then((m) => ({ default: m.IssuePagesTool })));

/** The tools when `enabled` (an ADMIN on the admin's pages); undefined for anyone else. */
export function useCatalogAdminSlot(enabled: boolean): CatalogAdminSlot | undefined {
  const queryClient = useQueryClient();

  return useMemo(() => {
    if (!enabled) return undefined;
    // A comic's name, image or publisher shows on its page, the catalogue's cards, search
    // results and the publisher filter.
    const refreshCatalog = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: publishersQueryKey }),
      ]);
    // An issue's name, description and price show in its comic's issue list and modal.
    const refreshIssues = (volumeId: number) =>
      queryClient.invalidateQueries({ queryKey: getIssuesQueryOptions(volumeId).queryKey });

    return {
      comic: (comic) => (
        <Suspense fallback={null}>
          <div className="d-flex flex-wrap gap-2">
            <EditComic comic={comic} onSaved={refreshCatalog} />
            <AddIssue volumeId={comic.id} comicName={comic.name} onAdded={() => refreshIssues(comic.id)} />
          </div>
        </Suspense>
      ),
      issue: (issue, comicName) => (
        <Suspense fallback={null}>
          <EditIssue issue={issue} comicName={comicName} onSaved={() => refreshIssues(issue.volume_id)} />
          <IssuePagesTool issueId={issue.id} title={`${comicName} #${issue.issue_number}`} />
        </Suspense>
      ),
    } satisfies CatalogAdminSlot;
  }, [enabled, queryClient]);
}
