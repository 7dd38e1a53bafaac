// /user/shop: the cart (docs/product.md §2 Cart).
import { CartView } from '@/features/cart/components/cart-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';

export function CartRoute() {
  useDocumentTitle('Shopping Bag');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <CartView userId={userId} />}</CustomerOnly>
    </div>
  );
}
