// The payment form on Stripe (docs/product.md §7 card payments, §8): Stripe.js is loaded from Stripe
// only here, on the payment screen (`@stripe/stripe-js/pure` loads nothing until asked), with
// the shop's publishable key; its card Element is the card field. A script that fails to load
// says 'Failed to load Stripe.js', one that loads without Stripe in it 'Stripe.js not available'.
// This module is itself loaded only when the shop runs on Stripe.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useId, useImperativeHandle, useMemo, useState, useSyncExternalStore } from 'react';
import Alert from 'react-bootstrap/Alert';

import { PageSpinner } from '@/components/list-states';

import type { CardFieldProps } from './card-field';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form';

export const stripeMessages = {
  loadFailed: 'Failed to load Stripe.js',
  notAvailable: 'Stripe.js not available',
} as const;

// One Stripe.js per key for the page's life (it may not be loaded twice); a failed load is
// forgotten, so coming back to the screen tries again.
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
}

// The colour mode Bootstrap is showing (data-bs-theme on <html>), watched directly rather than
// through lib/theme: importing that here would split it out of the first-load bundle.
function subscribeColourMode(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.getAttribute('data-bs-theme') === 'dark';

type StripeState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed'; message: string };

export function StripeCheckout({
  publishableKey,
  ...form
}: Omit<CheckoutFormProps, 'CardField' | 'cardPlaceholder'> & { publishableKey: string }) {
  const [state, setState] = useState<StripeState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (stripe) => {
        if (current)
          setState(stripe ? { status: 'ready', stripe } : { status: 'failed', message: stripeMessages.notAvailable });
      },
      (error: unknown) => {
        // Other card provider errors are logged only (docs/product.md §8).
        console.error(error);
        if (current) setState({ status: 'failed', message: stripeMessages.loadFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (state.status !== 'ready') {
    return (
      <CheckoutForm
        {...form}
        CardField={null}
        cardPlaceholder={
          state.status === 'loading' ? (
            <PageSpinner label="Loading the card form" className="py-3" />
          ) : (
            <Alert variant="danger" className="mb-0" role="alert">
              {state.message}
            </Alert>
          )
        }
      />
    );
  }
  return (
    <Elements stripe={state.stripe}>
      <CheckoutForm {...form} CardField={StripeCardField} />
    </Elements>
  );
}

function StripeCardField({ ref, disabled, onChange }: CardFieldProps) {
  const stripe = useStripe();
  const elements = useElements();
  const dark = useSyncExternalStore(subscribeColourMode, isDark, () => false);
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  // The Element lives in Stripe's frame: it takes its colours from here, for both themes.
  const options = useMemo<StripeCardElementOptions>(() => {
    return {
      disabled,
      hidePostalCode: true,
      style: {
        base: {
          color: dark ? '#dee2e6' : '#212529',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          fontSize: '16px',
          iconColor: dark ? '#adb5bd' : '#6c757d',
          '::placeholder': { color: dark ? '#9aa0a6' : '#6c757d' },
        },
        invalid: { color: dark ? '#ea868f' : '#b02a37', iconColor: dark ? '#ea868f' : '#b02a37' },
      },
    };
  }, [dark, disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) {
          setError(stripeMessages.notAvailable);
          return null;
        }
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) {
          setError(result.error.message ?? 'Your card could not be used.');
          return null;
        }
        return result.paymentMethod.id;
      },
      async handleNextAction(clientSecret) {
        if (!stripe) return stripeMessages.notAvailable;
        const result = await stripe.handleNextAction({ clientSecret });
        return result.error ? (result.error.message ?? 'Your card was not confirmed.') : null;
      },
      focus() {
        elements?.getElement(CardElement)?.focus();
      },
      clear() {
        elements?.getElement(CardElement)?.clear();
        setError(null);
        onChange(false);
      },
    }),
    [stripe, elements, onChange],
  );

  return (
    <div className="card-field-group">
      <p id={`${id}-label`} className="form-label fw-semibold mb-2">
        Card details
      </p>
      <div className={`card-field stripe-card-field form-control ${error ? 'is-invalid' : ''}`}>
        <CardElement
          id={`${id}-card`}
          options={options}
          onChange={(event) => {
            setError(event.error?.message ?? null);
            onChange(event.complete && !event.error);
          }}
        />
      </div>
      <div className="card-field-error invalid-feedback d-block" role="alert">
        {error}
      </div>
    </div>
  );
}
