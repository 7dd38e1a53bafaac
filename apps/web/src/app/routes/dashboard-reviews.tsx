// /dashboard/reviews (docs/product.md §2 Admin screens: Reviews): the moderators' list of every
// review. A deletion also reloads the comic's issues, whose average rating it changed.
import { useQueryClient } from '@tanstack/react-query';

import { getIssuesQueryOptions } from '@/features/catalog/api/get-issues';
import { AdminReviews } from '@/features/reviews/components/admin-reviews';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardReviewsRoute() {
  useDocumentTitle('Reviews');
  const queryClient = useQueryClient();
  return (
    <AdminReviews
      onDeleted={(review) =>
        void queryClient.invalidateQueries({ queryKey: getIssuesQueryOptions(review.Comic.id).queryKey })
      }
    />
  );
}
