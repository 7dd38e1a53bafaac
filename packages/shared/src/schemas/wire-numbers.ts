// Numbers as the spec's 2022 client sends them (docs/product.md §7): it keeps ids in
// localStorage and form values as text, so "4" arrives where 4 is meant. A body field that takes
// a whole number also takes a string of digits; '2.5', '1e3', ' 7' or 'four' are refused with
// the field's message, never guessed at.
import { z } from 'zod';

/** The largest id and count a body may name: PostgreSQL's int4. */
export const MAX_INT = 2_147_483_647;
const DIGITS = /^\d{1,10}$/;

/** A whole number in [min, max], sent as a JSON number or as a string of digits. */
export function wholeNumberField(min: number, max: number, message: string) {
  const number = z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
  const digits = z.string({ error: message }).regex(DIGITS, { error: message }).transform(Number).pipe(number);
  return z.union([number, digits], { error: message });
}

/** An id a body names (1 to int4), e.g. `idField('an issue id')`. */
export const idField = (what: string) => wholeNumberField(1, MAX_INT, `Must be ${what}`);

/**
 * The user a user-scoped body names (`userId`, `UserId`). Identity comes from the session only:
 * missing, null or '' (the client sends '' when it lost the id) stands for the caller; an id
 * must be the caller's own, or the route answers 403 (see assertOwnUser).
 */
export const bodyUserId = z
  .union([idField('a user id'), z.literal(''), z.null()], { error: 'Must be a user id' })
  .optional()
  .transform((id) => (typeof id === 'number' ? id : undefined));
