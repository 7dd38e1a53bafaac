// A question before something that cannot be undone (docs/product.md §4: removing an item, emptying
// the cart): a modal dialog named by its question, described by its text, with a confirm and a
// cancel button. While the action runs the buttons wait; if it fails, the dialog says why.
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BsExclamationTriangle } from '@/components/shop-icons';
import Spinner from 'react-bootstrap/Spinner';

type ConfirmDialogProps = {
  /** The question; the dialog shows while it is not null. */
  title: string | null;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  /** Why the action failed, shown in the dialog. */
  error?: string | null;
  /** Opened from another dialog: shown above it, backdrop included. */
  stacked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Once the dialog has gone and handed focus back: where focus should go instead (its opener may be gone). */
  onExited?: () => void;
};

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  pending = false,
  error = null,
  stacked = false,
  onConfirm,
  onCancel,
  onExited,
}: ConfirmDialogProps) {
  // The question stays while the dialog fades out.
  const [shownTitle, setShownTitle] = useState(title);
  if (title !== null && title !== shownTitle) setShownTitle(title);

  return (
    <Modal
      show={title !== null}
      onHide={pending ? () => undefined : onCancel}
      {...(onExited ? { onExited } : {})}
      centered
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
      {...(stacked ? { className: 'modal-stacked', backdropClassName: 'modal-backdrop-stacked' } : {})}
    >
      <Modal.Header>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5 fw-bold d-flex align-items-center gap-2">
          <BsExclamationTriangle aria-hidden="true" className="text-warning-emphasis flex-shrink-0" />
          {shownTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id="confirm-dialog-text" className="mb-0">
          {text}
        </p>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0 py-2" role="alert">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
