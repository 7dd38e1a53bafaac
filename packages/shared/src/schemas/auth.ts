// Sign-up and login forms (docs/product.md §5): one schema for the web form and the API, so the spec's
// messages, kept verbatim in Spanish as the spec gives them, come from one place.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants';

export const authMessages = {
  usernameRequired: 'El nombre de usuario es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'correo no valido',
  passwordRequired: 'contraseña es requerida',
  passwordTooShort: 'Debe contener minimo 6 caracteres',
  passwordTooLong: `At most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'Las contraseñas no coinciden',
} as const;

/** Answers to a refused sign-in or sign-up (docs/product.md §8 'Incorrect user or password'), shown as sent. */
export const accountMessages = {
  emailTaken: 'This email is already registered',
  badCredentials: 'Incorrect user or password',
  deactivated: 'This account is deactivated',
  useGoogle: "This account signs in with Google. Use 'Log in with Google'.",
  linkedElsewhere:
    'This e-mail address belongs to an account that is linked to another Google account. Sign in with that one.',
  /** ASVS 2.1.7: sign-up, a new password and create-admin refuse the most common passwords. */
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
} as const;

/** What 'Forgot password?' and the new-password page say (the link lives RESET_LINK_MINUTES). */
export const RESET_LINK_MINUTES = 30;
export const passwordResetMessages = {
  linkUnusable: 'This link has expired or was already used. Ask for a new one.',
  noLink: 'Open this page from the link in the e-mail we sent you, or ask for a new link.',
  passwordChanged: 'Your password has been changed. Log in with your new password.',
} as const;

/** A standard e-mail shape: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// One message per field: an empty e-mail is 'required', not also 'invalid'. No check aborts the
// parse, so the passwords are still compared while another field is wrong (live validation
// shows every error at once).
const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .check((ctx) => {
    const value = ctx.value;
    if (value === '')
      ctx.issues.push({ code: 'custom', message: authMessages.emailRequired, input: value, continue: true });
    else if (value.length > 254 || !EMAIL_PATTERN.test(value)) {
      ctx.issues.push({ code: 'custom', message: authMessages.emailInvalid, input: value, continue: true });
    }
  });

/** A password being chosen (sign-up, a new password) and its repeat: the sign-up's rules and messages. */
const newPassword = {
  password: z
    .string({ error: authMessages.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  repeatpassword: z.string({ error: authMessages.passwordsDiffer }),
};
/** The repeat must equal the password: said at the repeat's field. */
const repeatMatches = <T extends z.ZodType<{ password: string; repeatpassword: string }>>(schema: T) =>
  schema.refine((body) => body.password === body.repeatpassword, {
    error: authMessages.passwordsDiffer,
    path: ['repeatpassword'],
  });

export const signupBody = repeatMatches(
  z.object({
    username: z
      .string({ error: authMessages.usernameRequired })
      .trim()
      .min(1, { error: authMessages.usernameRequired })
      .max(60, { error: 'At most 60 characters' }),
    email,
    ...newPassword,
  }),
);
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/user/password/forgot: the address to send a link to (the login form's e-mail rules). */
export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The forgot-password answer: the same words whether or not the address has an account. */
export const forgotPasswordAnswer = z.object({ message: z.string() });

/** The new-password form: the sign-up's password and repeat. */
export const newPasswordForm = repeatMatches(z.object(newPassword));
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** POST /api/user/password/reset: the link's token (32 random bytes, base64url) and the new password. */
export const resetPasswordBody = repeatMatches(
  z.object({
    token: z
      .string({ error: passwordResetMessages.linkUnusable })
      .regex(/^[\w-]{43}$/, { error: passwordResetMessages.linkUnusable }),
    ...newPassword,
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** A reset answers the account's e-mail, for the login form; it does not sign in. */
export const resetPasswordAnswer = z.object({ email: z.string() });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;

/** POST /api/user/signup answers the new account (never its password or hash). */
export const signupAnswer = z.object({ id: z.number().int(), username: z.string(), email: z.string() });
export type SignupAnswer = z.infer<typeof signupAnswer>;

const role = z.enum(ROLES);

/**
 * The login answer of docs/product.md §3 (`token, name, Rol, id, email`) for every way of signing in.
 * `token` is for API clients (Authorization: Bearer); browsers use the httpOnly cookie.
 */
export const loginAnswer = z.object({
  token: z.string(),
  name: z.string(),
  Rol: role,
  id: z.number().int(),
  email: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** GET /api/user/me: who the session belongs to, for the profile view and a role refresh. */
export const profile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  Rol: role,
  /** The Google picture; null for password accounts (the client shows initials). */
  picture: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

/** POST /api/login/auth/google (docs/product.md §7): `google` is the ID token of a Google sign-in. */
export const googleLoginBody = z.object({
  google: z
    .string({ error: 'The Google ID token is required' })
    .min(1, { error: 'The Google ID token is required' })
    .max(8192),
});

/** GET /api/auth/config: which sign-in methods this server offers. */
export const authConfig = z.object({
  google: z.object({ enabled: z.boolean(), development: z.boolean() }),
});
export type AuthConfig = z.infer<typeof authConfig>;

/** Where the Google sign-in callback sends the browser back: /login?google=ok or ?google_error=<code>. */
export const GOOGLE_ERROR_CODES = [
  'invalid_state',
  'timeout',
  'cancelled',
  'unverified_email',
  'deactivated',
  'linked_elsewhere',
  'refused',
  'failed',
] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];
