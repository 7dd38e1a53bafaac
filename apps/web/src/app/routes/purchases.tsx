// /user/purchases: 'My comics', the issues bought (docs/product.md §2 Purchases).
import { PurchasesView } from '@/features/cart/components/purchases-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';

export function PurchasesRoute() {
  useDocumentTitle('My comics');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <PurchasesView userId={userId} />}</CustomerOnly>
    </div>
  );
}
