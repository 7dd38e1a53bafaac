// Any unknown path (docs/product.md §2): the not-found page with a Home button to /home.
import { NotFoundView } from '@/components/not-found-view';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="container-xxl">
      <NotFoundView />
    </div>
  );
}
