// A form field's message, tied to its input for assistive technology: the input names it in
// aria-describedby (see describedBy) and it is announced as it appears.
type FieldErrorProps = { inputId: string; message: string | undefined };

export const errorIdOf = (inputId: string) => `${inputId}-error`;

export function FieldError({ inputId, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <div id={errorIdOf(inputId)} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}

/** The props that tie an input to its hint and its error, and mark it invalid. */
export function fieldState(inputId: string, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? errorIdOf(inputId) : undefined].filter(Boolean).join(' ');
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
