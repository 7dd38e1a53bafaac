// The server's 400 answers name the fields it refused ({ error, code, fields: { name: message } });
// this puts each message at its input, as if the form had found it itself.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiError } from '@/lib/api-client';

/**
 * Sets the form's error of every field the server refused that the form shows, the first one
 * focused; `rename` maps a wire name to a form field when they differ. Answers whether any was set.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  formFields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  rename: Partial<Record<string, Path<Values>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [wireName, message] of Object.entries(error.fields)) {
    const field = rename[wireName] ?? (wireName as Path<Values>);
    if (!formFields.includes(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
