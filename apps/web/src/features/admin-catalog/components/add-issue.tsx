// 'Add issue' on the admin's comic page (issue 24): a dialog with the new issue's name and
// description (both optional) and its price in dollars (empty: the default price), the shared
// rules checking them. The issue is numbered after the comic's last one and gets a drawn cover;
// the comic's followers are e-mailed about it. The dialog waits until the page lists the new
// issue, then closes and says so; what the server refuses is said at its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { newIssueBody } from '@comics/shared/schemas/admin';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { BsPlusLg } from 'react-icons/bs';
import { z } from 'zod';

import { errorMessage } from '@/lib/api-client';

import { useAddIssue, type NewIssueValues } from '../api/add-issue';
import { applyServerFieldErrors } from '../utils/server-field-errors';
import { DialogActions, EditDialog, FormFailure } from './edit-dialog';
import { ISSUE_FIELDS, IssueFields, type IssueField } from './issue-fields';

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
  const idOf = (field: IssueField) => `${idPrefix}-${field}`;
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
      if (!applyServerFieldErrors<IssueFormValues>(error, ISSUE_FIELDS, setError)) setFailure(errorMessage(error));
    }
  });

  const busy = add.isPending;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="modal-form">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="add-issue-title" as="h2" className="h5 fw-bold">
          Add issue
          <span className="d-block small fw-normal text-body-secondary mt-1">{comicName}, after its last issue</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <IssueFields idOf={idOf} register={register} errors={errors} busy={busy} priceOptional={true} />

        <FormFailure message={failure} />
      </Modal.Body>
      <DialogActions busy={busy} onCancel={onCancel} submitLabel="Add issue" />
    </Form>
  );
}
