// An image field that uploads as soon as a file is chosen (docs/product.md §2 Upload Comic):
// a progress bar with 'Loading image...' until the server answers the image's address, then a
// 100 px preview of it. What the server (or the quick check before sending) refuses is said at
// the field. The field's value is the uploaded image's address; the Upload Comic screen and
// the 'Edit comic' dialog both use it.
import { UPLOAD_PREVIEW_WIDTH_PX } from '@comics/shared/constants';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@comics/shared/schemas/media';
import { useEffect, type Ref } from 'react';
import Form from 'react-bootstrap/Form';

import { useImageUpload } from '../api/upload-image';
import { FieldError, fieldState } from './field-error';

export const LOADING_IMAGE = 'Loading image...';
/** A form's answer to a submit while its image is still on its way. */
export const STILL_UPLOADING = 'Wait until the image has finished uploading.';

type ImageUploaderProps = {
  id: string;
  label: string;
  /** The uploaded image's address; '' while there is none. */
  value: string;
  onChange: (url: string) => void;
  /** Hears when an upload starts and ends, so a form can wait for it. */
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
  /** The form's own message for the field (e.g. 'This field is required'). */
  error?: string | undefined;
  previewAlt: string;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

export function ImageUploader({
  id,
  label,
  value,
  onChange,
  onUploadingChange,
  error,
  previewAlt,
  required = false,
  disabled = false,
  inputRef,
}: ImageUploaderProps) {
  const { state, start } = useImageUpload((answer) => onChange(answer.secure_url));
  const uploading = state.status === 'uploading';
  const hintId = `${id}-hint`;
  // The upload's own failure is the newer news; the form's message otherwise.
  const message = state.status === 'error' ? state.message : error;

  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  return (
    <Form.Group controlId={id}>
      <Form.Label>
        {label}
        {!required && <span className="fw-normal text-body-secondary"> (optional)</span>}
      </Form.Label>
      <Form.Control
        ref={inputRef}
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        disabled={disabled}
        aria-required={required || undefined}
        {...fieldState(id, message, hintId)}
        onChange={(event) => {
          const file = (event.target as HTMLInputElement).files?.[0];
          if (file) start(file);
        }}
      />
      <Form.Text id={hintId}>
        JPEG, PNG, WebP or GIF, up to {MAX_UPLOAD_BYTES / (1024 * 1024)} MB. It uploads as soon as you choose it.
      </Form.Text>
      <FieldError inputId={id} message={message} />
      {/* Always in the page, so assistive technology hears what is put in it. */}
      <div role="status" className="d-flex gap-2 small">
        {uploading ? (
          <p className="mt-2 mb-1">{LOADING_IMAGE}</p>
        ) : state.status === 'done' ? (
          <span className="visually-hidden">Image uploaded.</span>
        ) : null}
        {uploading && (
          <span className="mt-2 mb-1 text-body-secondary" aria-hidden="true">
            {Math.round(state.progress * 100)}%
          </span>
        )}
      </div>
      {uploading ? (
        <div
          className="upload-progress"
          role="progressbar"
          aria-label={`Uploading ${state.fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(state.progress * 100)}
        >
          <div className="upload-progress-bar" style={{ width: `${state.progress * 100}%` }} />
        </div>
      ) : value ? (
        <img
          src={value}
          alt={previewAlt}
          width={UPLOAD_PREVIEW_WIDTH_PX}
          className="upload-preview d-block mt-2"
          decoding="async"
        />
      ) : null}
    </Form.Group>
  );
}
