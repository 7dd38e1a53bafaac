// /dashboard/upload (docs/product.md §2 Upload Comic, §4 Upload, §5): Comic Name, Image, Description
// (optional), Episodes, Release and Publisher, checked with the shared schema the server uses,
// so the messages are the spec's ('This field is required', 'Only integers', a minimum of 1).
// The image uploads the moment it is chosen; 'Add comic' posts the values plus `imagen`, the
// uploaded image's address. The outcome shows in a dismissible alert (success links to the new
// comic's page); where the spec reloads the page after a success, the form is cleared instead,
// which keeps the alert on screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { imageUrl, newComicBody } from '@comics/shared/schemas/admin';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useController, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';

import { comicDetailHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import { useCreateComic, type CreatedComic, type NewComic } from '../api/create-comic';
import { applyServerFieldErrors } from '../utils/server-field-errors';
import { FieldError, fieldState } from './field-error';
import { ImageUploader, STILL_UPLOADING } from './image-uploader';
import { PublisherField } from './publisher-field';

/** The shared schema's message for an empty required field. */
const REQUIRED = 'This field is required';

/**
 * The shared body, with the image required (docs/product.md §5; the server gives a comic without
 * one generated covers) and Episodes as the text its input holds: empty is 'This field is
 * required' (the shared rule would read it as 0, 'Minimum 1'); anything else goes through the
 * shared rule.
 */
const uploadComicForm = newComicBody.extend({
  imagen: imageUrl,
  episodes: z
    .string()
    .trim()
    .min(1, { error: REQUIRED })
    // Handed on as is: the shared rule takes any input and coerces it.
    .transform((text): unknown => text)
    .pipe(newComicBody.shape.episodes),
});
type UploadComicValues = z.input<typeof uploadComicForm>;
type Field = keyof UploadComicValues;

const EMPTY: UploadComicValues = { name: '', imagen: '', description: '', episodes: '', release: '', publisher: '' };
/** In the page's order. */
const FIELDS = Object.keys(EMPTY) as Field[];

type Outcome = ({ tone: 'success'; comic: CreatedComic; episodes: number } | { tone: 'error'; message: string }) & {
  /** Whether the alert takes the focus: not when a field the server refused already has it. */
  takeFocus: boolean;
};

type UploadComicFormProps = {
  /** After the comic exists: the catalogue's lists reload. */
  onCreated?: ((comic: CreatedComic) => Promise<unknown> | void) | undefined;
};

export function UploadComicForm({ onCreated }: UploadComicFormProps) {
  const create = useCreateComic({ onCreated });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [uploading, setUploading] = useState(false);
  // A new uploader (no file chosen, no preview) after each comic added.
  const [uploaderKey, setUploaderKey] = useState(0);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const idOf = (field: Field) => `${idPrefix}-${field}`;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<UploadComicValues, unknown, NewComic>({
    resolver: zodResolver(uploadComicForm),
    defaultValues: EMPTY,
    // The form's own choice would follow the order the fields registered in, not the page's.
    shouldFocusError: false,
  });
  const image = useController({ control, name: 'imagen' });
  const onImageChange = image.field.onChange;
  const onImageUploaded = useCallback(
    (url: string) => {
      // 'Wait until the image has finished uploading' is answered now.
      clearErrors('imagen');
      onImageChange(url);
    },
    [clearErrors, onImageChange],
  );

  // The outcome takes the focus (and scrolls into view), so it is read and seen at once.
  useEffect(() => {
    if (outcome?.takeFocus) outcomeRef.current?.focus();
  }, [outcome]);

  const submitValid = handleSubmit(
    async (comic) => {
      setOutcome(null);
      try {
        const created = await create.mutateAsync({ ...comic, description: comic.description || null });
        reset(EMPTY);
        setUploaderKey((key) => key + 1);
        setOutcome({ tone: 'success', comic: created, episodes: comic.episodes, takeFocus: true });
      } catch (error) {
        const atFields = applyServerFieldErrors<UploadComicValues>(error, FIELDS, setError);
        setOutcome({ tone: 'error', message: errorMessage(error), takeFocus: !atFields });
      }
    },
    // The first wrong field on the page takes the focus.
    (invalid) => {
      const first = FIELDS.find((field) => invalid[field]);
      if (first) setFocus(first);
    },
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    if (uploading) {
      event.preventDefault();
      setError('imagen', { type: 'uploading', message: STILL_UPLOADING }, { shouldFocus: true });
      return;
    }
    void submitValid(event);
  }

  const busy = isSubmitting || create.isPending;

  return (
    <>
      <h1 id="upload-comic-title" className="section-title mb-4">
        Upload Comic
      </h1>
      <div ref={outcomeRef} tabIndex={-1} className="upload-outcome">
        {outcome?.tone === 'success' && (
          <Alert variant="success" dismissible closeLabel="Dismiss" onClose={() => setOutcome(null)}>
            <Alert.Heading as="h2" className="h6 fw-bold">
              Comic added
            </Alert.Heading>
            <p className="mb-0">
              {outcome.comic.name} is in the catalogue with {outcome.episodes}{' '}
              {outcome.episodes === 1 ? 'issue' : 'issues'}.{' '}
              <Link to={comicDetailHref('admin', outcome.comic.id)} className="alert-link">
                Open its page
              </Link>
            </p>
          </Alert>
        )}
        {outcome?.tone === 'error' && (
          <Alert variant="danger" dismissible closeLabel="Dismiss" onClose={() => setOutcome(null)}>
            <Alert.Heading as="h2" className="h6 fw-bold">
              The comic was not added
            </Alert.Heading>
            <p className="mb-0">{outcome.message}</p>
          </Alert>
        )}
      </div>

      <Form noValidate onSubmit={submit} aria-labelledby="upload-comic-title" className="upload-form card">
        <div className="card-body row g-3">
          <Form.Group className="col-12" controlId={idOf('name')}>
            <Form.Label>Comic Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="off"
              aria-required
              {...fieldState(idOf('name'), errors.name?.message)}
              {...register('name')}
            />
            <FieldError inputId={idOf('name')} message={errors.name?.message} />
          </Form.Group>

          <div className="col-12">
            <ImageUploader
              key={uploaderKey}
              id={idOf('imagen')}
              label="Image"
              value={image.field.value}
              onChange={onImageUploaded}
              onUploadingChange={setUploading}
              error={errors.imagen?.message}
              previewAlt="Preview of the comic's image"
              required
              disabled={busy}
              inputRef={image.field.ref}
            />
          </div>

          <Form.Group className="col-12" controlId={idOf('description')}>
            <Form.Label>
              Description <span className="fw-normal text-body-secondary">(optional)</span>
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              {...fieldState(idOf('description'), errors.description?.message)}
              {...register('description')}
            />
            <FieldError inputId={idOf('description')} message={errors.description?.message} />
          </Form.Group>

          <Form.Group className="col-sm-6 col-xl-3" controlId={idOf('episodes')}>
            <Form.Label>Episodes</Form.Label>
            <Form.Control
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-required
              {...fieldState(idOf('episodes'), errors.episodes?.message)}
              {...register('episodes')}
            />
            <FieldError inputId={idOf('episodes')} message={errors.episodes?.message} />
          </Form.Group>

          <Form.Group className="col-sm-6 col-xl-3" controlId={idOf('release')}>
            <Form.Label>Release</Form.Label>
            <Form.Control
              type="date"
              aria-required
              {...fieldState(idOf('release'), errors.release?.message)}
              {...register('release')}
            />
            <FieldError inputId={idOf('release')} message={errors.release?.message} />
          </Form.Group>

          <PublisherField
            className="col-xl-6"
            id={idOf('publisher')}
            error={errors.publisher?.message}
            registration={register('publisher')}
          />

          <div className="col-12 pt-2">
            <Button type="submit" variant="primary" className="px-4" disabled={busy}>
              {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
              Add comic
            </Button>
          </div>
        </div>
      </Form>
    </>
  );
}
