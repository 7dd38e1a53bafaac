// Reading what a database failure says: its SQLSTATE, found on the driver's error or on the
// error wrapping it (drizzle wraps every driver error in a DrizzleQueryError, as `cause`).
// Some SQLSTATEs are the client's fault, not ours: they answer 400, not 500.

/** Five digits or capitals, at least one a digit (so 'EPIPE' and other Node codes are not one). */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

/** The first string `field` on the error or up a few `cause` links that passes `accept`. */
function findOnChain(error: unknown, field: string, accept: (value: string) => boolean): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or of the error it caused up a few `cause` links. */
export function sqlStateOf(error: unknown): string | undefined {
  return findOnChain(error, 'code', (code) => SQLSTATE.test(code));
}

/** The constraint a unique (23505) or other integrity violation names. */
export function violatedConstraintOf(error: unknown): string | undefined {
  return findOnChain(error, 'constraint', Boolean);
}

/**
 * A value the database refused as such: class 22 'data exception' (a NUL byte, a number out of
 * range, text too long for its column, a malformed literal) or 54000 'program limit exceeded'
 * (a value too large to index). Validation should have caught it; this is the safety net.
 */
export function isRefusedValue(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith('22') || state === '54000');
}
