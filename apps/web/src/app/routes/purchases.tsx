// /user/purchases: 'My comics', the issues bought (docs/product.md §2 Purchases).
import { PurchasesView } from '@/features/cart/components/purchases-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';
import { useReadingStops } from '../use-reading-progress';

export function PurchasesRoute() {
  useDocumentTitle('My comics');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <Purchases userId={userId} />}</CustomerOnly>
    </div>
  );
}

/** The purchases with where the user stopped in each ('Continue', 'Reading (page N of M)', 'Finished'). */
function Purchases({ userId }: { userId: number }) {
  const { stopOf, known } = useReadingStops(userId);
  return <PurchasesView userId={userId} readingProgress={stopOf} progressKnown={known} />;
}
