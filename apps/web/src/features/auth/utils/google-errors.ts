// What the login page says when the Google sign-in comes back with /login?google_error=<code>.
// The first words of 'invalid_state' and 'timeout' are the identity-provider errors of docs/product.md §8.
import { accountMessages, GOOGLE_ERROR_CODES, type GoogleErrorCode } from '@comics/shared/schemas/auth';

const messages: Record<GoogleErrorCode, string> = {
  invalid_state: 'Invalid state. The sign-in could not be verified. Please try again.',
  timeout: 'Timeout when executing fetch. Google did not answer in time. Please try again.',
  cancelled: 'Sign-in was cancelled.',
  unverified_email: 'Your Google e-mail address is not verified.',
  deactivated: accountMessages.deactivated,
  linked_elsewhere: accountMessages.linkedElsewhere,
  refused: 'The development sign-in only signs in to accounts it created itself.',
  failed: 'Google sign-in failed. Please try again.',
};

export function googleErrorMessage(code: string): string {
  const known = GOOGLE_ERROR_CODES.find((value) => value === code);
  return messages[known ?? 'failed'];
}
