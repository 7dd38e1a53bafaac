// The 'Error!' popup of docs/product.md §8 (a failed login, a Google sign-in that came back with an
// error): a modal dialog named by its title, described by its message, with one close button
// (Escape closes it too).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BsExclamationCircle } from 'react-icons/bs';

type ErrorPopupProps = { message: string | null; onClose: () => void };

export function ErrorPopup({ message, onClose }: ErrorPopupProps) {
  // The text stays while the popup fades out after closing.
  const [shownMessage, setShownMessage] = useState(message);
  if (message !== null && message !== shownMessage) setShownMessage(message);

  return (
    <Modal
      show={message !== null}
      onHide={onClose}
      centered
      size="sm"
      aria-labelledby="error-popup-title"
      aria-describedby="error-popup-message"
    >
      <Modal.Header>
        <Modal.Title id="error-popup-title" as="h2" className="h5 fw-bold d-flex align-items-center gap-2">
          <BsExclamationCircle aria-hidden="true" className="text-danger-emphasis" />
          Error!
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id="error-popup-message" className="mb-0">
          {shownMessage}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
