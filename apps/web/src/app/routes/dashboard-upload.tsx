// /dashboard/upload (docs/product.md §2 Admin screens: Upload Comic): the form. A new comic makes the
// catalogue's cached lists, search results and publisher filter stale, so they reload when next
// shown and the comic is there.
import { useQueryClient } from '@tanstack/react-query';

import { UploadComicForm } from '@/features/admin-catalog/components/upload-comic-form';
import { catalogQueryKey, publishersQueryKey } from '@/features/catalog/api/query-keys';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardUploadRoute() {
  useDocumentTitle('Upload Comic');
  const queryClient = useQueryClient();
  return (
    <UploadComicForm
      onCreated={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
          queryClient.invalidateQueries({ queryKey: publishersQueryKey }),
        ])
      }
    />
  );
}
