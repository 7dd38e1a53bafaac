// The Publisher field of Upload Comic and 'Edit comic': a text input that suggests the
// catalogue's publishers as one types, so a comic joins an existing publisher rather than a
// near-duplicate (the server matches names ignoring case and surrounding spaces).
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { usePublisherNames } from '../api/get-publisher-names';
import { FieldError, fieldState } from './field-error';

type PublisherFieldProps = {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  disabled?: boolean;
  className?: string;
};

export function PublisherField({ id, error, registration, disabled = false, className }: PublisherFieldProps) {
  const suggestions = usePublisherNames().data ?? [];
  const listId = `${id}-suggestions`;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>Publisher</Form.Label>
      <Form.Control
        type="text"
        autoComplete="off"
        aria-required
        disabled={disabled}
        list={suggestions.length > 0 ? listId : undefined}
        {...fieldState(id, error)}
        {...registration}
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((publisher) => (
            <option key={publisher} value={publisher} />
          ))}
        </datalist>
      )}
      <FieldError inputId={id} message={error} />
    </Form.Group>
  );
}
