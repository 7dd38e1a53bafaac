// One labelled input of the account forms, with its error tied to it for assistive technology
// (aria-invalid, aria-describedby) and shown Bootstrap's way.
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FormFieldProps = {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
  placeholder?: string;
  inputMode?: 'email';
};

export function FormField({ id, label, error, registration, className = 'mb-3', ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
