// One order in a dialog (the orders page's detail): when it was made and paid, the buyer, the
// card, its lines at the prices charged and the confirmation e-mails sent for it, with a button
// that sends the buyer's confirmation again (POST /api/admin/sendEmail) and says how that went,
// and, for a paid order, one that takes its comics back from the buyer after a confirmation.
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { CoverImage } from '@/components/cover-image';
import { IssueTitle } from '@/components/issue-title';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { errorMessage } from '@/lib/api-client';

import { useAdminOrder, type AdminOrderDetail } from '../api/get-admin-order';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useTakeBackOrder } from '../api/take-back-order';
import { formatDateTime } from '@/lib/format';
import { formatMoney, plural } from './admin-format';
import { BsArrowCounterclockwise, BsEnvelope } from './admin-icons';
import { OrderStatusBadge } from './order-status-badge';
import { CardSummary } from './orders-table';

type EmailStatus = AdminOrderDetail['emails'][number]['status'];

const emailStatusLabels: Record<EmailStatus, string> = { pending: 'Queued', sent: 'Sent', failed: 'Failed' };
const emailStatusTones: Record<EmailStatus, string> = { pending: 'warning', sent: 'success', failed: 'danger' };

type OrderDetailModalProps = {
  /** The order to show; the dialog is open while it is not null. */
  orderId: number | null;
  onClose: () => void;
};

export function OrderDetailModal({ orderId, onClose }: OrderDetailModalProps) {
  // The order stays on screen while the dialog fades out after closing.
  const [shownOrderId, setShownOrderId] = useState(orderId);
  if (orderId !== null && orderId !== shownOrderId) setShownOrderId(orderId);
  const order = useAdminOrder(shownOrderId);
  const resend = useResendConfirmation();
  const takeBack = useTakeBackOrder();
  const [confirmingTakeBack, setConfirmingTakeBack] = useState(false);
  const titleId = useId();
  const data = order.data;
  const mayTakeBack = data?.status === 'paid' && data.takenBackAt === null;

  function close() {
    resend.reset();
    takeBack.reset();
    onClose();
  }

  function confirmTakeBack() {
    if (!data) return;
    takeBack.mutate(data.id, { onSuccess: () => setConfirmingTakeBack(false) });
  }

  return (
    <Modal show={orderId !== null} onHide={close} size="lg" centered scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close the order">
        <Modal.Title id={titleId} as="h2" className="h5 fw-bold">
          Order #{shownOrderId}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!data ? (
          order.isError ? (
            <ErrorState title="This order could not be loaded" error={order.error} onRetry={() => order.refetch()} />
          ) : (
            <PageSpinner label="Loading the order" />
          )
        ) : (
          <OrderDetail order={data} />
        )}
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch gap-2">
        {resend.isSuccess && data && (
          <Alert variant="success" className="mb-0 py-2" role="status">
            {resend.data.queued > 0
              ? `The confirmation e-mail to ${data.buyer.email} is queued; it goes out in a moment.`
              : `No confirmation e-mail was queued for ${data.buyer.email}.`}
          </Alert>
        )}
        {resend.isError && (
          <Alert variant="danger" className="mb-0 py-2" role="alert">
            The confirmation e-mail was not sent again: {errorMessage(resend.error)}
          </Alert>
        )}
        {takeBack.isSuccess && (
          <Alert variant="success" className="mb-0 py-2" role="status">
            The comics of order #{takeBack.data.id} were taken back from {takeBack.data.buyer.email}.
          </Alert>
        )}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          {data ? (
            <p className="small text-body-secondary mb-0 resend-note">
              {data.status === 'paid'
                ? `Sends ${data.buyer.email} the confirmation of their latest paid order again.`
                : 'Only a paid order has a confirmation e-mail.'}
            </p>
          ) : (
            <span />
          )}
          <div className="d-flex flex-wrap justify-content-end gap-2 ms-auto">
            <Button variant="outline-secondary" onClick={close}>
              Close
            </Button>
            {mayTakeBack && (
              <Button variant="outline-danger" onClick={() => setConfirmingTakeBack(true)}>
                <BsArrowCounterclockwise aria-hidden="true" className="me-2" />
                Take back
              </Button>
            )}
            <Button
              variant="primary"
              disabled={!data || data.status !== 'paid' || resend.isPending}
              onClick={() => data && resend.mutate(data.buyer.email)}
            >
              {resend.isPending ? (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              ) : (
                <BsEnvelope aria-hidden="true" className="me-2" />
              )}
              Resend confirmation e-mail
            </Button>
          </div>
        </div>
      </Modal.Footer>
      <ConfirmDialog
        stacked
        title={confirmingTakeBack && data ? `Take back the comics of order #${data.id}?` : null}
        text={
          data ? (
            <>
              {data.buyer.email} will no longer own the {plural(data.issues, 'issue', 'issues')} of this order: they
              leave My comics and stop opening in the reader at once. The order stays on record, marked as taken back.
              You won&apos;t be able to revert this!
            </>
          ) : null
        }
        confirmLabel="Yes, take them back"
        pending={takeBack.isPending}
        error={takeBack.isError ? errorMessage(takeBack.error) : null}
        onConfirm={confirmTakeBack}
        onCancel={() => {
          setConfirmingTakeBack(false);
          takeBack.reset();
        }}
      />
    </Modal>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      <dl className="row g-3 order-facts mb-4">
        <div className="col-sm-6">
          <dt>Date</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div className="col-sm-6">
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} takenBack={order.takenBackAt !== null} />
            {order.paidAt && (
              <span className="d-block small text-body-secondary mt-1">
                Paid <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
              </span>
            )}
            {order.takenBackAt && (
              <span className="d-block small text-body-secondary">
                Comics taken back <time dateTime={order.takenBackAt}>{formatDateTime(order.takenBackAt)}</time>
              </span>
            )}
          </dd>
        </div>
        <div className="col-sm-6">
          <dt>Buyer</dt>
          <dd className="text-break">
            {order.buyer.email}
            <span className="d-block small text-body-secondary">{order.buyer.username}</span>
          </dd>
        </div>
        <div className="col-sm-6">
          <dt>Card</dt>
          <dd>{order.card ? <CardSummary card={order.card} /> : 'No card on record'}</dd>
        </div>
        {order.failureMessage && (
          <div className="col-12">
            <dt>Why the payment failed</dt>
            <dd className="text-danger-emphasis">{order.failureMessage}</dd>
          </div>
        )}
      </dl>

      {/* From the order's own count: a failed order keeps no lines. */}
      <h3 className="h6 fw-bold">{plural(order.issues, 'issue', 'issues')}</h3>
      {/* On a phone its rows are cards (styles/app.css, .order-lines-table); focusable, so a
          keyboard can scroll it should it still be wider than its frame. */}
      <div
        className="table-responsive admin-table-wrap mb-4"
        tabIndex={0}
        role="region"
        aria-label={`The issues of order #${order.id}`}
      >
        <table className="table table-sm align-middle admin-table order-lines-table mb-0">
          <caption className="visually-hidden">The issues of order #{order.id}</caption>
          <thead>
            <tr>
              <th scope="col">Issue</th>
              <th scope="col" className="line-cell-number">
                Number
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.length === 0 && order.issues > 0 && (
              <tr>
                <td colSpan={3} className="small text-body-secondary">
                  A failed payment keeps how many issues it was for and its total, not which issues they were.
                </td>
              </tr>
            )}
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <div className="d-flex align-items-center gap-2">
                    <div className="order-line-cover flex-shrink-0">
                      <CoverImage src={line.image} alt="" className="table-cover" />
                    </div>
                    <IssueTitle issue={line} />
                  </div>
                </td>
                <td className="text-nowrap line-cell-number">#{line.issue_number}</td>
                <td className="text-end text-nowrap">{formatMoney(line.price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="text-end fw-bold text-nowrap">{formatMoney(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <h3 className="h6 fw-bold">Confirmation e-mails</h3>
      {order.emails.length === 0 ? (
        <p className="small text-body-secondary mb-0">No confirmation e-mail has been queued for this order.</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
          {order.emails.map((email, index) => (
            <li key={`${email.createdAt}-${index}`} className="d-flex flex-wrap align-items-center gap-2 small">
              <span
                className={`badge rounded-pill border bg-${emailStatusTones[email.status]}-subtle text-${emailStatusTones[email.status]}-emphasis border-${emailStatusTones[email.status]}-subtle`}
              >
                {emailStatusLabels[email.status]}
              </span>
              <span>
                Queued <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                {email.sentAt && (
                  <>
                    , sent <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time>
                  </>
                )}
              </span>
              {/* The outbox counts the attempts that failed (a retry follows each, up to a limit). */}
              {email.attempts > 0 && (
                <span className="text-body-secondary">
                  · {plural(email.attempts, 'failed attempt', 'failed attempts')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
