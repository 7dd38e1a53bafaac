// The payment screen (docs/product.md §2 Payment) at /user/shop/checkout: the card form of the gateway
// the server runs (GET /api/payments/config: the built-in sandbox, Stripe, or none) beside the
// cart's summary and total. The Stripe form and Stripe.js load only when the shop runs on Stripe.
import type { CartItem } from '@comics/shared/schemas/shop';
import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';

import { usePaymentConfig } from '../api/get-payment-config';
import { CheckoutForm } from './checkout-form';
import { OrderSummary } from './order-summary';
import { SandboxCardField } from './sandbox-card-field';

const StripeCheckout = lazy(() => import('./stripe-checkout').then((m) => ({ default: m.StripeCheckout })));

type CheckoutViewProps = {
  items: readonly CartItem[];
  onPaid: () => void;
  onCartStale: () => void;
};

export function CheckoutView({ items, onPaid, onCartStale }: CheckoutViewProps) {
  const config = usePaymentConfig();
  const form = { items, onPaid, onCartStale };

  return (
    <>
      <h1 className="section-title mb-4">Payment</h1>
      <div className="row g-4">
        <div className="col-lg-7">
          <section className="checkout-card card border-0">
            <div className="card-body p-4">
              {config.isPending ? (
                <PageSpinner label="Loading the payment form" />
              ) : config.isError ? (
                <ErrorState
                  title="The payment form could not be loaded"
                  error={config.error}
                  onRetry={() => config.refetch()}
                />
              ) : config.data.gateway === 'sandbox' ? (
                <CheckoutForm {...form} CardField={SandboxCardField} note={<SandboxNote />} />
              ) : config.data.gateway === 'stripe' ? (
                <Suspense fallback={<PageSpinner label="Loading the card form" />}>
                  <StripeCheckout {...form} publishableKey={config.data.publishableKey} />
                </Suspense>
              ) : (
                <CheckoutForm
                  {...form}
                  CardField={null}
                  cardPlaceholder={
                    <Alert variant="warning" className="mb-0">
                      Card payments are not available at the moment. Your cart is kept: please come back later.
                    </Alert>
                  }
                />
              )}
            </div>
          </section>
        </div>
        <div className="col-lg-5">
          <OrderSummary items={items} />
        </div>
      </div>
    </>
  );
}

function SandboxNote() {
  return (
    <p className="sandbox-note small mb-0">
      <strong>Test mode:</strong> no real card is charged. Pay with{' '}
      <span className="text-nowrap">4242 4242 4242 4242</span>, any future date and any CVC;{' '}
      <span className="text-nowrap">4000 0000 0000 0002</span> is declined.
    </p>
  );
}
