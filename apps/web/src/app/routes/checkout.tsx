// /user/shop/checkout: the payment screen (docs/product.md §2 Payment) for the USER's cart. After a
// payment the cart (and the badge) empties and 'My comics' is fetched again.
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { useCart } from '@/features/cart/api/get-cart';
import { useCartAfterCheckout } from '@/features/cart/hooks/use-cart-after-checkout';
import { CheckoutView } from '@/features/checkout/components/checkout-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';

export function CheckoutRoute() {
  useDocumentTitle('Payment');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <CustomerCheckout userId={userId} />}</CustomerOnly>
    </div>
  );
}

function CustomerCheckout({ userId }: { userId: number }) {
  const cart = useCart(userId);
  const { paid, refresh } = useCartAfterCheckout(userId);

  // A cart already shown stays on screen if a refetch fails: the payment form must not vanish.
  if (cart.data) return <CheckoutView items={cart.data} onPaid={paid} onCartStale={refresh} />;
  if (cart.isError) {
    return <ErrorState title="Your cart could not be loaded" error={cart.error} onRetry={() => cart.refetch()} />;
  }
  return <PageSpinner label="Loading your cart" />;
}
