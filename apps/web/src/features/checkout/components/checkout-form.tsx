// The payment form (docs/product.md §2 Payment, §4, §5, §8): the card field (the gateway's), 'Pay Now'
// (disabled while paying, while the card is empty or invalid, and while there is nothing to pay),
// 'Back' to the cart, a spinner while paying, then 'PAYMENT SUCCESSFUL!' (the card field
// cleared, the cart emptied) or 'Error!' with the server's words (the cart kept); after a declined
// card, what to do next and 'Try another card', which empties the card field and goes back to it.
import { formatDollars } from '@comics/shared/money';
import type { CartItem } from '@comics/shared/schemas/shop';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { BsArrowLeft } from 'react-icons/bs';
import { Link } from 'react-router';

import { BsLockFill } from '@/components/shop-icons';
import { MessagePopup, type PopupMessage } from '@/components/message-popup';
import { paths } from '@/config/paths';

import { usePayment, type PaymentOutcome } from '../hooks/use-payment';
import type { CardFieldHandle, CardFieldProps } from './card-field';

export type CheckoutFormProps = {
  items: readonly CartItem[];
  /** The gateway's card field; null while it cannot be shown (say why in `cardPlaceholder`). */
  CardField: ComponentType<CardFieldProps> | null;
  cardPlaceholder?: ReactNode;
  /** Shown under the card field (the sandbox's test-mode note). */
  note?: ReactNode;
  onPaid: () => void;
  /** The server refused the cart as stale (a price changed, an issue already owned). */
  onCartStale: () => void;
};

function popupOf(outcome: PaymentOutcome | null): PopupMessage | null {
  if (!outcome) return null;
  if (outcome.kind === 'failed') {
    if (!outcome.declined) return { tone: 'error', title: 'Error!', message: outcome.message };
    return {
      tone: 'error',
      title: 'Error!',
      message: (
        <>
          <p className="mb-2">{outcome.message}</p>
          <p className="mb-0 small text-body-secondary">
            Nothing was charged and your cart is kept. Try another card, or ask your bank why this one was refused.
          </p>
        </>
      ),
    };
  }
  const { card } = outcome;
  // The server's words, unless they only repeat the title.
  const said = outcome.message && outcome.message.toUpperCase() !== 'PAYMENT SUCCESSFUL!' ? outcome.message : null;
  return {
    tone: 'success',
    title: 'PAYMENT SUCCESSFUL!',
    message: (
      <>
        <p className="mb-2">{said ?? 'Thank you! Your comics are waiting in My comics.'}</p>
        <p className="mb-0 small text-body-secondary">
          Paid {formatDollars(outcome.total)}
          {card ? ` with ${card.brand.toUpperCase()} ending in ${card.last4}` : ''}. A confirmation e-mail is on its
          way.
        </p>
      </>
    ),
  };
}

export function CheckoutForm({ items, CardField, cardPlaceholder, note, onPaid, onCartStale }: CheckoutFormProps) {
  const card = useRef<CardFieldHandle | null>(null);
  /** 'Try another card' was pressed: the card field gets the focus once the popup has gone. */
  const anotherCard = useRef(false);
  const [complete, setComplete] = useState(false);
  const { pay, submitting, outcome, dismiss, cardChanged } = usePayment({ items, card, onPaid, onCartStale });
  const nothingToPay = items.length === 0;

  const onCardChange = useCallback(
    (isComplete: boolean) => {
      setComplete(isComplete);
      cardChanged();
    },
    [cardChanged],
  );

  return (
    <>
      <form
        className="checkout-form d-flex flex-column gap-3"
        aria-labelledby="payment-title"
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <h2 id="payment-title" className="h5 fw-bold mb-0 d-flex align-items-center gap-2">
          <BsLockFill aria-hidden="true" className="text-success" />
          Pay by card
        </h2>
        {nothingToPay && !submitting ? (
          <p className="mb-0 text-body-secondary">
            Your cart is empty: there is nothing to pay. <Link to={paths.user.home.getHref()}>Continue Shopping</Link>
          </p>
        ) : CardField ? (
          <CardField ref={card} disabled={submitting} onChange={onCardChange} />
        ) : (
          cardPlaceholder
        )}
        {!nothingToPay && note}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <Link to={paths.user.shop.getHref()} className="btn btn-outline-secondary">
            <BsArrowLeft aria-hidden="true" className="me-1" />
            Back
          </Link>
          <Button
            type="submit"
            variant="primary"
            className="px-4 ms-auto"
            disabled={submitting || !complete || !CardField || nothingToPay}
          >
            Pay Now
          </Button>
        </div>
        <div className="checkout-status small text-body-secondary" role="status" aria-live="polite">
          {submitting && (
            <span className="d-inline-flex align-items-center gap-2">
              <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
              Processing your payment…
            </span>
          )}
        </div>
      </form>

      <MessagePopup
        popup={popupOf(outcome)}
        onClose={dismiss}
        onExited={() => {
          if (anotherCard.current) card.current?.focus();
          anotherCard.current = false;
        }}
        actions={
          outcome?.kind === 'paid' ? (
            <Link to={paths.user.purchases.getHref()} className="btn btn-outline-primary">
              Go to My comics
            </Link>
          ) : outcome?.declined ? (
            <Button
              variant="primary"
              onClick={() => {
                anotherCard.current = true;
                card.current?.clear();
                dismiss();
              }}
            >
              Try another card
            </Button>
          ) : null
        }
      />
    </>
  );
}
