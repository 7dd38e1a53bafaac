// The login screen's form (docs/product.md §2 Login, §5, §8): e-mail and password checked on every change
// with the shared schema. A field's error shows only after it has been typed into, and the
// password's only once the e-mail is valid; 'Log in' stays disabled while anything is wrong or
// empty. A refused login opens the 'Error!' popup. On success the identity is stored and the
// public-route guard sends the user on (USER to /user, ADMIN to /dashboard/admin). 'Forgot
// password?' leads to asking for a link; back from setting a new password, the form opens with
// the account's e-mail filled in, a notice, and the password field focused; after a sign-up, with
// the new account's e-mail filled in and the password field focused.
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, loginBody, passwordResetMessages, type LoginBody } from '@comics/shared/schemas/auth';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ApiError, errorMessage, isRefusal } from '@/lib/api-client';

import { useLogin } from '../api/login';
import { useGoogleReturn } from '../hooks/use-google-return';
import { ErrorPopup } from './error-popup';
import { AuthFooter, SubmitButton } from './form-actions';
import { FormField } from './form-field';
import { GoogleSignIn } from './google-sign-in';

function loginErrorMessage(error: unknown): string {
  // 'use_google_sign_in' (an account Google took over) keeps its own words.
  if (error instanceof ApiError && error.status === 401 && !isRefusal(error, 'use_google_sign_in')) {
    return accountMessages.badCredentials;
  }
  if (isRefusal(error, 'account_deactivated') && error.status === 403) {
    return accountMessages.deactivated;
  }
  // Too many attempts, or anything else: the server's own words.
  return errorMessage(error);
}

/** Back from setting a new password or from signing up: the account's e-mail, for the form. */
export type LoginArrival = { email: string };

type LoginFormProps = {
  /** Back from setting a new password: its e-mail, and a notice saying so. */
  passwordChanged?: LoginArrival | undefined;
  /** Just signed up: the new account's e-mail (the sign-up toast already said it worked). */
  registered?: LoginArrival | undefined;
};

export function LoginForm({ passwordChanged, registered }: LoginFormProps) {
  const arrival = passwordChanged ?? registered;
  const arrivedEmail = typeof arrival?.email === 'string' ? arrival.email : null;
  const {
    register,
    handleSubmit,
    reset,
    control,
    setFocus,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginBody>({
    mode: 'onChange',
    resolver: zodResolver(loginBody),
    defaultValues: { email: arrivedEmail ?? '', password: '' },
  });
  // The e-mail is filled in: the new password is what is left to type.
  useEffect(() => {
    if (arrivedEmail) setFocus('password');
  }, [arrivedEmail, setFocus]);
  const email = useWatch({ control, name: 'email' });
  const emailValid = loginBody.shape.email.safeParse(email).success;
  const login = useLogin();
  const [popup, setPopup] = useState<string | null>(null);
  const { completing } = useGoogleReturn(setPopup);

  const emailError = errors.email?.message;
  const passwordError = emailValid ? errors.password?.message : undefined;
  const busy = isSubmitting || completing;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await login.mutateAsync(body);
      reset();
    } catch (error) {
      setPopup(loginErrorMessage(error));
    }
  });

  return (
    <>
      {arrivedEmail && passwordChanged && (
        <Alert variant="success" className="mb-4" role="status">
          {passwordResetMessages.passwordChanged}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-labelledby="login-title">
        <FormField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={emailError}
          registration={register('email')}
        />
        <FormField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          className="mb-2"
          error={passwordError}
          registration={register('password')}
        />
        <p className="text-end mb-4">
          <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        </p>
        <SubmitButton busy={busy} disabled={!isValid || busy}>
          Log in
        </SubmitButton>
        <p className="visually-hidden" role="status">
          {busy ? 'Signing in' : ''}
        </p>
      </Form>

      <div className="auth-divider my-3" aria-hidden="true">
        <span>or</span>
      </div>
      <GoogleSignIn disabled={busy} />

      <AuthFooter prompt="No account yet?" to={paths.signup.getHref()} linkText="Sign Up" />

      <ErrorPopup message={popup} onClose={() => setPopup(null)} />
    </>
  );
}
