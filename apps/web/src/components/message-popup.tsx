// A popup that reports how something ended (docs/product.md §4, §8: 'Deleted!', 'PAYMENT SUCCESSFUL!',
// 'Error!'): a modal dialog named by its title and described by its message, closed by its
// button or Escape. Extra actions (a link onwards) go before the close button.
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BsCheckCircleFill } from '@/components/shop-icons';
import { BsExclamationCircle } from 'react-icons/bs';

export type PopupMessage = { tone: 'success' | 'error'; title: string; message: ReactNode };

type MessagePopupProps = {
  /** What to show; the popup is open while it is not null. */
  popup: PopupMessage | null;
  onClose: () => void;
  actions?: ReactNode;
  closeLabel?: string;
  /** Once the popup has gone and handed focus back: where focus should go instead. */
  onExited?: () => void;
};

export function MessagePopup({ popup, onClose, actions, closeLabel = 'Close', onExited }: MessagePopupProps) {
  // The content stays while the popup fades out after closing.
  const [shown, setShown] = useState(popup);
  if (popup !== null && popup !== shown) setShown(popup);

  return (
    <Modal
      show={popup !== null}
      onHide={onClose}
      {...(onExited ? { onExited } : {})}
      centered
      aria-labelledby="message-popup-title"
      aria-describedby="message-popup-message"
    >
      <Modal.Header>
        <Modal.Title id="message-popup-title" as="h2" className="h5 fw-bold d-flex align-items-center gap-2">
          {shown?.tone === 'success' ? (
            <BsCheckCircleFill aria-hidden="true" className="text-success-emphasis" />
          ) : (
            <BsExclamationCircle aria-hidden="true" className="text-danger-emphasis" />
          )}
          {shown?.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div id="message-popup-message">{shown?.message}</div>
      </Modal.Body>
      <Modal.Footer>
        {actions}
        <Button variant="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
