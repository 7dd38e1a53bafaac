// The frame both admin edits share ('Edit comic', 'Edit issue'): the button, the dialog its
// form lives in (mounted while shown only, so every opening starts from the stored values), and
// the word that the change was saved. The dialog cannot be closed while a save is in flight.
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

import { BsPencilSquare } from '@/components/pencil-square-icon';
import { BsCheckCircleFill } from '@/components/shop-icons';

type EditDialogProps = {
  /** The button's text, e.g. 'Edit comic'. */
  label: string;
  /** The button's icon; a pencil by default. */
  icon?: ReactNode;
  /** Said beside the button after a save, e.g. 'The comic was saved.' */
  savedMessage: string;
  saving: boolean;
  /** After the dialog has closed (the place to reset the save's state). */
  onClosed: () => void;
  className?: string;
  modal: Pick<ModalProps, 'size' | 'className' | 'backdropClassName'> & { 'aria-labelledby': string };
  /** The form: `cancel` closes the dialog, `saved` closes it and says so. */
  children: (actions: { cancel: () => void; saved: () => void }) => ReactNode;
};

export function EditDialog({
  label,
  icon = <BsPencilSquare aria-hidden="true" className="me-1" />,
  savedMessage,
  saving,
  onClosed,
  className,
  modal,
  children,
}: EditDialogProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const cancel = saving ? () => undefined : () => setOpen(false);

  return (
    <div className={`admin-tools d-flex flex-wrap align-items-center gap-2 ${className ?? ''}`}>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => {
          setSaved(false);
          setOpen(true);
        }}
      >
        {icon}
        {label}
      </Button>
      <div role="status" className="small">
        {saved && (
          <span className="text-success-emphasis d-inline-flex align-items-center gap-1">
            <BsCheckCircleFill aria-hidden="true" />
            {savedMessage}
          </span>
        )}
      </div>
      <Modal show={open} onHide={cancel} onExited={onClosed} centered scrollable fullscreen="sm-down" {...modal}>
        {children({
          cancel,
          saved: () => {
            setOpen(false);
            setSaved(true);
          },
        })}
      </Modal>
    </div>
  );
}

/** What went wrong with a save that no field explains (the dialog's body ends with it). */
export function FormFailure({ message }: { message: string | null }) {
  return message ? (
    <Alert variant="danger" className="py-2 mb-0">
      {message}
    </Alert>
  ) : null;
}

/** The dialog's Cancel and submit buttons; both wait while a save is in flight. */
export function DialogActions({
  busy,
  onCancel,
  submitLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
        {submitLabel}
      </Button>
    </Modal.Footer>
  );
}
