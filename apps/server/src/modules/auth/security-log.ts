// One structured log line per security-relevant event (failed login, lock-out, sign-up, Google
// take-over, refused development sign-in, role and activation changes, password resets, app
// passwords made and revoked), for an operator's alerts and audits. Never a password, token or
// hash: only who, what, and from where.
import type { FastifyRequest } from 'fastify';

export type SecurityEvent =
  | 'login_failed'
  | 'locked_out'
  | 'signed_up'
  | 'google_account_taken_over'
  | 'development_sign_in_refused'
  | 'role_changed'
  | 'activation_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'password_reset_refused'
  | 'app_password_created'
  | 'app_password_revoked';

const FAILURES = new Set<SecurityEvent>([
  'login_failed',
  'locked_out',
  'development_sign_in_refused',
  'password_reset_refused',
]);

export function securityLog(
  request: FastifyRequest,
  event: SecurityEvent,
  details: Record<string, string | number | boolean | null> = {},
): void {
  const line = { security: event, ip: request.ip, ...details };
  if (FAILURES.has(event)) request.log.warn(line, `security: ${event}`);
  else request.log.info(line, `security: ${event}`);
}
