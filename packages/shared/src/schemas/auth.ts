// Sign-up and login forms (SPEC §5): one schema for the web form and the API, so the spec's
// messages, kept verbatim in Spanish as the spec gives them, come from one place.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

export const authMessages = {
  usernameRequired: 'El nombre de usuario es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'correo no valido',
  passwordRequired: 'contraseña es requerida',
  passwordTooShort: 'Debe contener minimo 6 caracteres',
  passwordTooLong: `At most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'Las contraseñas no coinciden',
} as const;

/** A standard e-mail shape: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  // An empty field is 'required', not also 'invalid': stop at the first failure.
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid })
  .regex(EMAIL_PATTERN, { error: authMessages.emailInvalid });

export const signupBody = z
  .object({
    username: z
      .string({ error: authMessages.usernameRequired })
      .trim()
      .min(1, { error: authMessages.usernameRequired, abort: true })
      .max(60, { error: 'At most 60 characters' }),
    email,
    password: z
      .string({ error: authMessages.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
    repeatpassword: z.string({ error: authMessages.passwordsDiffer }),
  })
  .refine((body) => body.password === body.repeatpassword, {
    error: authMessages.passwordsDiffer,
    path: ['repeatpassword'],
  });
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
export type LoginBody = z.infer<typeof loginBody>;
