// 'Add issue' on the admin's comic page (issue 24): a dialog with the new issue's name and
// description (both optional) and its price in dollars (empty: the default price), the shared
// rules checking them. The issue is numbered after the comic's last one and gets a drawn cover;
// the comic's followers are e-mailed about it. The dialog waits until the page lists the new
// issue, then closes and says so; what the server refuses is said at its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { newIssueBody } from '@comics/shared/schemas/admin';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { BsPlusLg } from 'react-icons/bs';
import { z } from 'zod';

import { errorMessage } from '@/lib/api-client';

import { useAddIssue, type NewIssueValues } from '../api/add-issue';
import { applyServerFieldErrors } from '../utils/server-field-errors';
import { EditDialog } from './edit-dialog';
import { FieldError, fieldState } from './field-error';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 10_000;

const shape = newIssueBody.shape;
/** Every field as its input holds it; an empty price is the default one. */
const issueForm = z.object({
  name: shape.name.unwrap().unwrap(),
  description: shape.description.unwrap().unwrap(),
  price: z
    .string()
    .trim()
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(shape.price),
});
type IssueFormValues = z.input<typeof issueForm>;
type IssueFormOutput = z.output<typeof issueForm>;
type Field = keyof IssueFormValues;
const FIELDS: readonly Field[] = ['name', 'description', 'price'];

/** What is sent: only what was filled in. */
export function newIssueValues(values: IssueFormOutput): NewIssueValues {
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(values.description ? { description: values.description } : {}),
    ...(values.price !== undefined ? { price: values.price } : {}),
  };
}

type AddIssueProps = {
  volumeId: number;
  comicName: string;
  /** After a save: the pages listing the comic's issues reload; the dialog closes once they have. */
  onAdded?: ((issue: Issue) => Promise<unknown> | void) | undefined;
};

/** The 'Add issue' button, its dialog, and the word that the issue was added. */
export function AddIssue({ volumeId, comicName, onAdded }: AddIssueProps) {
  const add = useAddIssue({ onAdded });
  return (
    <EditDialog
      label="Add issue"
      icon={<BsPlusLg aria-hidden="true" className="me-1" />}
      savedMessage="The issue was added; its followers are being e-mailed."
      saving={add.isPending}
      onClosed={() => add.reset()}
      modal={{ 'aria-labelledby': 'add-issue-title' }}
    >
      {({ cancel, saved }) => (
        <AddIssueForm volumeId={volumeId} comicName={comicName} add={add} onCancel={cancel} onAdded={saved} />
      )}
    </EditDialog>
  );
}

function AddIssueForm({
  volumeId,
  comicName,
  add,
  onCancel,
  onAdded,
}: {
  volumeId: number;
  comicName: string;
  add: ReturnType<typeof useAddIssue>;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const idPrefix = useId();
  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IssueFormValues, unknown, IssueFormOutput>({
    resolver: zodResolver(issueForm),
    defaultValues: { name: '', description: '', price: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await add.mutateAsync({ volumeId, values: newIssueValues(values) });
      onAdded();
    } catch (error) {
      if (!applyServerFieldErrors<IssueFormValues>(error, FIELDS, setError)) setFailure(errorMessage(error));
    }
  });

  const busy = add.isPending;
  const priceHintId = `${idOf('price')}-hint`;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="modal-form">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="add-issue-title" as="h2" className="h5 fw-bold">
          Add issue
          <span className="d-block small fw-normal text-body-secondary mt-1">{comicName}, after its last issue</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <Form.Group controlId={idOf('name')}>
          <Form.Label>
            Name <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <Form.Control
            type="text"
            autoComplete="off"
            maxLength={NAME_MAX}
            disabled={busy}
            {...fieldState(idOf('name'), errors.name?.message)}
            {...register('name')}
          />
          <FieldError inputId={idOf('name')} message={errors.name?.message} />
        </Form.Group>

        <Form.Group controlId={idOf('description')}>
          <Form.Label>
            Description <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            maxLength={DESCRIPTION_MAX}
            disabled={busy}
            {...fieldState(idOf('description'), errors.description?.message)}
            {...register('description')}
          />
          <FieldError inputId={idOf('description')} message={errors.description?.message} />
        </Form.Group>

        <Form.Group controlId={idOf('price')}>
          <Form.Label>
            Price <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <InputGroup hasValidation className="issue-price-input">
            <InputGroup.Text aria-hidden="true">$</InputGroup.Text>
            <Form.Control
              type="number"
              inputMode="decimal"
              min={0.5}
              max={999.99}
              step={0.01}
              disabled={busy}
              {...fieldState(idOf('price'), errors.price?.message, priceHintId)}
              {...register('price')}
            />
          </InputGroup>
          <Form.Text id={priceHintId}>
            In dollars, from 0.50 to 999.99; empty for the shop&apos;s default price.
          </Form.Text>
          <FieldError inputId={idOf('price')} message={errors.price?.message} />
        </Form.Group>

        {failure && (
          <Alert variant="danger" className="py-2 mb-0">
            {failure}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Add issue
        </Button>
      </Modal.Footer>
    </Form>
  );
}
