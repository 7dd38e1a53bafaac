// The login screen's form (docs/product.md §2 Login, §5, §8): e-mail and password checked on every change
// with the shared schema. A field's error shows only after it has been typed into, and the
// password's only once the e-mail is valid; 'Log in' stays disabled while anything is wrong or
// empty. A refused login opens the 'Error!' popup. On success the identity is stored and the
// public-route guard sends the user on (USER to /user, ADMIN to /dashboard/admin).
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, loginBody, type LoginBody } from '@comics/shared/schemas/auth';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';

import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';

import { useLogin } from '../api/login';
import { useGoogleReturn } from '../hooks/use-google-return';
import { ErrorPopup } from './error-popup';
import { AuthFooter, SubmitButton } from './form-actions';
import { FormField } from './form-field';
import { GoogleSignIn } from './google-sign-in';

function loginErrorMessage(error: unknown): string {
  // 'use_google_sign_in' (an account Google took over) keeps its own words.
  if (error instanceof ApiError && error.status === 401 && error.code !== 'use_google_sign_in') {
    return accountMessages.badCredentials;
  }
  if (error instanceof ApiError && error.status === 403 && error.code === 'account_deactivated') {
    return accountMessages.deactivated;
  }
  // Too many attempts, or anything else: the server's own words.
  return errorMessage(error);
}

export function LoginForm() {
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginBody>({
    mode: 'onChange',
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
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
          className="mb-4"
          error={passwordError}
          registration={register('password')}
        />
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
