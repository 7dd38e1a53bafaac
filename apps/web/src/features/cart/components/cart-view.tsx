// The cart page (docs/product.md §2 Cart, §4): the 'Shopping Bag' table (cover, name, issue number,
// 'Digital', price and an X that removes the row after a confirmation), 'Empty cart' while there
// are items, and the Checkout link showing the total while the total is above 0. An empty cart
// says 'Your Cart is Empty' with 'Continue Shopping'.
import { COMIC_FORMAT, TABLE_IMAGE_WIDTH_PX } from '@comics/shared/constants';
import { formatDollars, sumDollars } from '@comics/shared/money';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { BsBag, BsXLg } from 'react-icons/bs';
import { Link } from 'react-router';

import { BsTrash3 } from '@/components/shop-icons';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CoverImage } from '@/components/cover-image';
import { ErrorState } from '@/components/error-state';
import { IssueTitle } from '@/components/issue-title';
import { PageSpinner } from '@/components/list-states';
import { MessagePopup, type PopupMessage } from '@/components/message-popup';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { issueFullLabel } from '@/lib/format';

import { useEmptyCart } from '../api/empty-cart';
import { useCart, type CartItem } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';

/** A phone's first screen shows the first rows: their covers load at once, not lazily. */
const ABOVE_THE_FOLD_ROWS = 2;

const EMPTIED: PopupMessage = { tone: 'success', title: 'Deleted!', message: 'Your shopping cart is empty.' };

export function CartView({ userId }: { userId: number }) {
  const cart = useCart(userId);
  const remove = useRemoveFromCart(userId);
  const empty = useEmptyCart(userId);
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [popup, setPopup] = useState<PopupMessage | null>(null);

  if (!cart.data) {
    if (cart.isError) {
      return <ErrorState title="Your cart could not be loaded" error={cart.error} onRetry={() => cart.refetch()} />;
    }
    return <PageSpinner label="Loading your cart" />;
  }

  const items = cart.data;
  const total = sumDollars(items.map((item) => item.price));

  function confirmRemoval() {
    if (!removing) return;
    remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
  }

  function confirmEmptying() {
    empty.mutate(undefined, {
      onSuccess: () => {
        setConfirmEmpty(false);
        setPopup(EMPTIED);
      },
    });
  }

  return (
    <>
      <h1 className="section-title mb-4">Shopping Bag</h1>
      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="row g-4">
          <div className="col-lg-8">
            <div className="table-responsive cart-table-wrap">
              <table className="table align-middle cart-table stack-on-phone mb-0">
                <caption className="visually-hidden">Shopping Bag</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Cover</span>
                    </th>
                    <th scope="col">Name</th>
                    <th scope="col">Issue</th>
                    <th scope="col">Format</th>
                    <th scope="col" className="text-end">
                      Price
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => (
                    <tr key={item.id}>
                      <td className="stack-cover">
                        <div style={{ width: TABLE_IMAGE_WIDTH_PX }}>
                          <CoverImage
                            src={item.image}
                            alt=""
                            priority={index < ABOVE_THE_FOLD_ROWS}
                            className="table-cover"
                          />
                        </div>
                      </td>
                      <td className="stack-main">
                        <IssueTitle issue={item} />
                      </td>
                      <td className="text-nowrap stack-hide">#{item.issue_number}</td>
                      <td className="stack-meta">{COMIC_FORMAT}</td>
                      <td className="text-end fw-bold text-nowrap stack-price">{formatDollars(item.price)}</td>
                      <td className="text-end stack-action">
                        <Button
                          variant="outline-danger"
                          size="sm"
                          className="cart-remove"
                          aria-label={`Remove ${issueFullLabel(item)} from the cart`}
                          onClick={() => {
                            remove.reset();
                            setRemoving(item);
                          }}
                        >
                          <BsXLg aria-hidden="true" />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="col-lg-4">
            <section className="cart-summary card border-0" aria-labelledby="cart-summary-title">
              <div className="card-body p-4 d-flex flex-column gap-3">
                <h2 id="cart-summary-title" className="h5 fw-bold mb-0">
                  Order summary
                </h2>
                <dl className="d-flex justify-content-between mb-0">
                  <dt className="fw-normal text-body-secondary">
                    {items.length} {items.length === 1 ? 'issue' : 'issues'}
                  </dt>
                  <dd className="mb-0 display-price fs-4">{formatDollars(total)}</dd>
                </dl>
                {total > 0 && (
                  <Link to={paths.user.checkout.getHref()} className="btn btn-primary btn-lg">
                    Checkout <span className="fw-bold">{formatDollars(total)}</span>
                  </Link>
                )}
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    empty.reset();
                    setConfirmEmpty(true);
                  }}
                >
                  <BsTrash3 aria-hidden="true" className="me-2" />
                  Empty cart
                </Button>
              </div>
            </section>
          </div>
        </div>
      )}

      <ConfirmDialog
        title={removing ? `Remove ${issueFullLabel(removing)} from the Cart?` : null}
        text="You won't be able to revert this!"
        confirmLabel="Yes, remove it"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        title={confirmEmpty ? 'Are you sure you want to empty your shopping cart?' : null}
        text="Every issue in it will be taken out."
        confirmLabel="Yes, empty it"
        pending={empty.isPending}
        error={empty.isError ? errorMessage(empty.error) : null}
        onConfirm={confirmEmptying}
        onCancel={() => setConfirmEmpty(false)}
      />
      <MessagePopup popup={popup} onClose={() => setPopup(null)} closeLabel="OK" />
    </>
  );
}

function EmptyCart() {
  return (
    <div className="empty-state text-center py-5">
      <BsBag aria-hidden="true" className="empty-state-icon mb-3" />
      <p className="h4 fw-bold mb-3">Your Cart is Empty</p>
      <Link to={paths.user.home.getHref()} className="btn btn-primary btn-lg px-4">
        Continue Shopping
      </Link>
    </div>
  );
}
