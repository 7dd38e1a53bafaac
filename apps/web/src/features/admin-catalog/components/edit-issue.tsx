// 'Edit issue' in the issue modal of the admin's comic page (issue 11): a dialog with the issue's
// name, description and price in dollars (at most 2 decimals, 0.50 to 999.99, the shared
// rules). Only what changed is sent; the dialog waits until the page shows the saved values,
// then closes and says so. What the server refuses is said at its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { PRICE_DECIMALS } from '@comics/shared/constants';
import { dollarsToCents } from '@comics/shared/money';
import { issueEditBody } from '@comics/shared/schemas/admin';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { errorMessage } from '@/lib/api-client';

import { useEditIssue, type IssueChanges } from '../api/edit-issue';
import { applyServerFieldErrors } from '../utils/server-field-errors';
import { DialogActions, EditDialog, FormFailure } from './edit-dialog';
import { ISSUE_FIELDS, IssueFields, type IssueField } from './issue-fields';

const shape = issueEditBody.shape;
const price = shape.price.unwrap();
/** Every field as its input holds it; the price is its input's text, read as dollars. */
const issueForm = z.object({
  name: shape.name.unwrap().unwrap(),
  description: shape.description.unwrap().unwrap(),
  price: z.string().trim().min(1, { error: 'Must be a price in dollars' }).transform(Number).pipe(price),
});
type IssueFormValues = z.input<typeof issueForm>;
type IssueFormOutput = z.output<typeof issueForm>;

export type EditableIssue = Pick<Issue, 'id' | 'issue_number' | 'name' | 'description' | 'price'>;

/** What differs from the issue as it is; an emptied name or description becomes null. */
export function issueChanges(issue: EditableIssue, next: IssueFormOutput): IssueChanges {
  const changes: IssueChanges = {};
  const name = next.name || null;
  const description = next.description || null;
  if (name !== (issue.name?.trim() || null)) changes.name = name;
  if (description !== (issue.description?.trim() || null)) changes.description = description;
  if (dollarsToCents(next.price) !== dollarsToCents(issue.price)) changes.price = next.price;
  return changes;
}

type EditIssueProps = {
  issue: EditableIssue;
  comicName: string;
  /** After a save: the pages showing the issue reload; the dialog closes once they have. */
  onSaved?: ((issue: Issue) => Promise<unknown> | void) | undefined;
};

/** The 'Edit issue' button, its dialog, and the word that the issue was saved. */
export function EditIssue({ issue, comicName, onSaved }: EditIssueProps) {
  const edit = useEditIssue({ onSaved });
  return (
    <EditDialog
      label="Edit issue"
      savedMessage="The issue was saved."
      saving={edit.isPending}
      onClosed={() => edit.reset()}
      // Over the issue modal it opens from: its backdrop dims that dialog too.
      modal={{
        className: 'modal-stacked',
        backdropClassName: 'modal-backdrop-stacked',
        'aria-labelledby': 'edit-issue-title',
      }}
    >
      {({ cancel, saved }) => (
        <EditIssueForm
          issue={issue}
          title={`${comicName} #${issue.issue_number}`}
          edit={edit}
          onCancel={cancel}
          onSaved={saved}
        />
      )}
    </EditDialog>
  );
}

function EditIssueForm({
  issue,
  title,
  edit,
  onCancel,
  onSaved,
}: {
  issue: EditableIssue;
  title: string;
  edit: ReturnType<typeof useEditIssue>;
  onCancel: () => void;
  onSaved: () => void;
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
    defaultValues: {
      name: issue.name ?? '',
      description: issue.description ?? '',
      price: issue.price.toFixed(PRICE_DECIMALS),
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = issueChanges(issue, values);
    // Nothing changed: nothing to send.
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    try {
      await edit.mutateAsync({ id: issue.id, changes });
      onSaved();
    } catch (error) {
      if (!applyServerFieldErrors<IssueFormValues>(error, ISSUE_FIELDS, setError)) setFailure(errorMessage(error));
    }
  });

  const busy = edit.isPending;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="modal-form">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="edit-issue-title" as="h2" className="h5 fw-bold">
          Edit issue
          <span className="d-block small fw-normal text-body-secondary mt-1">{title}</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <IssueFields
          idOf={idOf}
          register={register}
          errors={errors}
          busy={busy}
          priceOptional={false}
          nameHint="Without a name, the issue shows the comic's."
        />

        <FormFailure message={failure} />
      </Modal.Body>
      <DialogActions busy={busy} onCancel={onCancel} submitLabel="Save changes" />
    </Form>
  );
}
