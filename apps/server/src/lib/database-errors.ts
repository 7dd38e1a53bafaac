// Reading what a database failure says: its SQLSTATE, found on the driver's error or on the
// error wrapping it (drizzle wraps every driver error in a DrizzleQueryError, as `cause`).
// Some SQLSTATEs are the client's fault, not ours: they answer 400, not 500.

/** Five digits or capitals, at least one a digit (so 'EPIPE' and other Node codes are not one). */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error, or of the error it caused up a few `cause` links. */
export function sqlStateOf(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
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
