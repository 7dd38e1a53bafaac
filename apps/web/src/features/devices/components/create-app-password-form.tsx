// 'Name this device' and 'Create app password'. The name is checked on submit with the server's
// rule (1 to 60 characters); the server's own refusal (`fields.name`, or too many app passwords)
// shows under the field too. Any other failure opens the shop's 'Error!' popup with the server's
// words.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createAppPasswordBody,
  type CreateAppPasswordBody,
  type CreatedAppPassword,
} from '@comics/shared/schemas/app-passwords';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';

import { MessagePopup, type PopupMessage } from '@/components/message-popup';
import { ApiError, errorMessage } from '@/lib/api-client';

import { useCreateAppPassword } from '../api/create-app-password';

/** The name field's id: the page puts the focus back there once the new secret is hidden. */
export const APP_PASSWORD_NAME_FIELD_ID = 'app-password-name';

type CreateAppPasswordFormProps = {
  userId: number;
  onCreated: (created: CreatedAppPassword) => void;
};

export function CreateAppPasswordForm({ userId, onCreated }: CreateAppPasswordFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAppPasswordBody>({ resolver: zodResolver(createAppPasswordBody), defaultValues: { name: '' } });
  const create = useCreateAppPassword(userId);
  const [failure, setFailure] = useState<PopupMessage | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      reset();
      onCreated(created);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.name : undefined;
      if (fieldMessage) setError('name', { message: fieldMessage }, { shouldFocus: true });
      else setFailure({ tone: 'error', title: 'Error!', message: errorMessage(error) });
    }
  });

  const nameError = errors.name?.message;
  return (
    <>
      <Form noValidate onSubmit={onSubmit} className="create-app-password" aria-label="New app password">
        <Form.Group controlId={APP_PASSWORD_NAME_FIELD_ID} className="create-app-password-field">
          <Form.Label className="fw-semibold">Name this device</Form.Label>
          <Form.Control
            type="text"
            placeholder="KOReader on my Kobo"
            autoComplete="off"
            isInvalid={Boolean(nameError)}
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? `${APP_PASSWORD_NAME_FIELD_ID}-error` : undefined}
            {...register('name')}
          />
          <Form.Control.Feedback type="invalid" id={`${APP_PASSWORD_NAME_FIELD_ID}-error`}>
            {nameError}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" variant="primary" className="create-app-password-submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Create app password
        </Button>
      </Form>
      <MessagePopup popup={failure} onClose={() => setFailure(null)} />
    </>
  );
}
