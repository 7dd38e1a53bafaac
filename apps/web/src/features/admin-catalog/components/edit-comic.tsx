// 'Edit comic' on the admin's comic page (issue 11, /admin/cardDetail/{id}): a dialog with the
// volume's name, deck, description, image (uploaded on choice, as on Upload Comic) and publisher.
// Only what changed is sent; the dialog waits until the page shows the saved values, then
// closes and says so. What the server refuses is said at its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { volumeEditBody } from '@comics/shared/schemas/admin';
import type { ComicDetail } from '@comics/shared/schemas/catalog';
import { useCallback, useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';

import { errorMessage } from '@/lib/api-client';

import { useEditComic, type ComicChanges } from '../api/edit-comic';
import { applyServerFieldErrors } from '../utils/server-field-errors';
import { DialogActions, EditDialog, FormFailure } from './edit-dialog';
import { FieldError, fieldState } from './field-error';
import { ImageUploader, STILL_UPLOADING } from './image-uploader';
import { PublisherField } from './publisher-field';

const DECK_MAX = 1000;
const DESCRIPTION_MAX = 10_000;

const shape = volumeEditBody.shape;
/**
 * Every field as its input holds it, checked by the shared rules. The image is any address:
 * the field only ever holds the comic's own or one the upload answered, and the server judges.
 */
const comicForm = z.object({
  name: shape.name.unwrap(),
  deck: shape.deck.unwrap(),
  description: shape.description.unwrap(),
  image: z.string(),
  publisher: shape.publisher.unwrap(),
});
type ComicFormValues = z.input<typeof comicForm>;
type ComicFormOutput = z.output<typeof comicForm>;
type Field = keyof ComicFormValues;
const FIELDS: readonly Field[] = ['name', 'deck', 'description', 'image', 'publisher'];

const valuesOf = (comic: ComicDetail): ComicFormValues => ({
  name: comic.name,
  deck: comic.deck ?? '',
  description: comic.description ?? '',
  image: comic.image,
  publisher: comic.publisher,
});

/** What differs from the comic as it is; an emptied deck or description becomes null. */
export function comicChanges(comic: ComicDetail, next: ComicFormOutput): ComicChanges {
  const changes: ComicChanges = {};
  const deck = next.deck || null;
  const description = next.description || null;
  if (next.name !== comic.name) changes.name = next.name;
  if (deck !== (comic.deck?.trim() || null)) changes.deck = deck;
  if (description !== (comic.description?.trim() || null)) changes.description = description;
  if (next.image !== comic.image) changes.image = next.image;
  if (next.publisher !== comic.publisher) changes.publisher = next.publisher;
  return changes;
}

type EditComicProps = {
  comic: ComicDetail;
  /** After a save: the pages showing the comic reload; the dialog closes once they have. */
  onSaved?: ((comic: ComicDetail) => Promise<unknown> | void) | undefined;
};

/** The 'Edit comic' button, its dialog, and the word that the comic was saved. */
export function EditComic({ comic, onSaved }: EditComicProps) {
  const edit = useEditComic({ onSaved });
  return (
    <EditDialog
      label="Edit comic"
      savedMessage="The comic was saved."
      saving={edit.isPending}
      onClosed={() => edit.reset()}
      className="my-3"
      modal={{ size: 'lg', 'aria-labelledby': 'edit-comic-title' }}
    >
      {({ cancel, saved }) => <EditComicForm comic={comic} edit={edit} onCancel={cancel} onSaved={saved} />}
    </EditDialog>
  );
}

function EditComicForm({
  comic,
  edit,
  onCancel,
  onSaved,
}: {
  comic: ComicDetail;
  edit: ReturnType<typeof useEditComic>;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const idPrefix = useId();
  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<ComicFormValues, unknown, ComicFormOutput>({
    resolver: zodResolver(comicForm),
    defaultValues: valuesOf(comic),
  });
  const image = useController({ control, name: 'image' });
  const onImageChange = image.field.onChange;
  const onImageUploaded = useCallback(
    (url: string) => {
      clearErrors('image');
      onImageChange(url);
    },
    [clearErrors, onImageChange],
  );

  const submitValid = handleSubmit(async (values) => {
    setFailure(null);
    const changes = comicChanges(comic, values);
    // Nothing changed: nothing to send.
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    try {
      await edit.mutateAsync({ id: comic.id, changes });
      onSaved();
    } catch (error) {
      if (!applyServerFieldErrors<ComicFormValues>(error, FIELDS, setError)) setFailure(errorMessage(error));
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (uploading) {
      event.preventDefault();
      setError('image', { type: 'uploading', message: STILL_UPLOADING }, { shouldFocus: true });
      return;
    }
    void submitValid(event);
  }

  const busy = edit.isPending;

  return (
    <Form noValidate onSubmit={submit} className="modal-form">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="edit-comic-title" as="h2" className="h5 fw-bold">
          Edit comic
          <span className="d-block small fw-normal text-body-secondary mt-1">{comic.name}</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <Form.Group controlId={idOf('name')}>
          <Form.Label>Name</Form.Label>
          <Form.Control
            type="text"
            autoComplete="off"
            aria-required
            disabled={busy}
            {...fieldState(idOf('name'), errors.name?.message)}
            {...register('name')}
          />
          <FieldError inputId={idOf('name')} message={errors.name?.message} />
        </Form.Group>

        <Form.Group controlId={idOf('deck')}>
          <Form.Label>
            Deck <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={DECK_MAX}
            disabled={busy}
            {...fieldState(idOf('deck'), errors.deck?.message)}
            {...register('deck')}
          />
          <FieldError inputId={idOf('deck')} message={errors.deck?.message} />
        </Form.Group>

        <Form.Group controlId={idOf('description')}>
          <Form.Label>
            Description <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            maxLength={DESCRIPTION_MAX}
            disabled={busy}
            {...fieldState(idOf('description'), errors.description?.message, `${idOf('description')}-hint`)}
            {...register('description')}
          />
          <Form.Text id={`${idOf('description')}-hint`}>
            Simple HTML is kept (paragraphs, bold, italics, lists, headings); links become plain text.
          </Form.Text>
          <FieldError inputId={idOf('description')} message={errors.description?.message} />
        </Form.Group>

        <ImageUploader
          id={idOf('image')}
          label="Image"
          value={image.field.value}
          onChange={onImageUploaded}
          onUploadingChange={setUploading}
          error={errors.image?.message}
          previewAlt={`Cover of ${comic.name}`}
          required
          disabled={busy}
          inputRef={image.field.ref}
        />

        <PublisherField
          id={idOf('publisher')}
          error={errors.publisher?.message}
          registration={register('publisher')}
          disabled={busy}
        />

        <FormFailure message={failure} />
      </Modal.Body>
      <DialogActions busy={busy} onCancel={onCancel} submitLabel="Save changes" />
    </Form>
  );
}
