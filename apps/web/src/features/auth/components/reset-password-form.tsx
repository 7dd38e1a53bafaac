// The new password, set with the link 'Forgot password?' mailed: the password and its repeat with
// the sign-up's rules and messages, each shown once its field has been typed into ('Change
// password' stays disabled while anything is wrong or empty). The server's word about a field (a
// password too common) shows at that field; a link that has expired or was used says so, with a
// way to ask for a new one; anything else opens the 'Error!' popup. On success the visitor goes to
// /login with the e-mail filled in: the reset does not sign in.
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordForm, passwordResetMessages, type NewPasswordForm } from '@comics/shared/schemas/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';

import { useResetPassword } from '../api/reset-password';
import { ErrorPopup } from './error-popup';
import { AuthFooter, SubmitButton } from './form-actions';
import { FormField } from './form-field';
import type { LoginArrival } from './login-form';

const EMPTY: NewPasswordForm = { password: '', repeatpassword: '' };

/** A link that cannot set a password (none, expired, used): what is wrong and where to get another. */
function UnusableLink({ message }: { message: string }) {
  return (
    <>
      <Alert variant="warning" className="mb-4">
        {message}
      </Alert>
      <div className="d-grid">
        <Link to={paths.forgotPassword.getHref()} className="btn btn-primary btn-lg">
          Ask for a new link
        </Link>
      </div>
    </>
  );
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [unusable, setUnusable] = useState<string | null>(token ? null : passwordResetMessages.noLink);
  const [popup, setPopup] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<NewPasswordForm>({
    mode: 'onChange',
    resolver: zodResolver(newPasswordForm),
    defaultValues: EMPTY,
  });
  const values = useWatch({ control });

  const shownError = (field: keyof NewPasswordForm) => (values[field] ? errors[field]?.message : undefined);
  const hasErrors = Object.keys(errors).length > 0;

  const onSubmit = handleSubmit(async (body) => {
    if (!token) return;
    try {
      const { email } = await resetPassword.mutateAsync({ ...body, token });
      const arrival: LoginArrival = { email };
      navigate(paths.login.getHref(), { replace: true, state: { passwordChanged: arrival } });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.token) {
        setUnusable(fields.token);
        return;
      }
      if (fields?.password || fields?.repeatpassword) {
        if (fields.repeatpassword) setError('repeatpassword', { type: 'server', message: fields.repeatpassword });
        if (fields.password) setError('password', { type: 'server', message: fields.password }, { shouldFocus: true });
        return;
      }
      setPopup(errorMessage(error));
    }
  });

  return (
    <>
      {unusable ? (
        <UnusableLink message={unusable} />
      ) : (
        <Form noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
          <FormField
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={shownError('password')}
            registration={register('password', { deps: ['repeatpassword'] })}
          />
          <FormField
            id="reset-repeatpassword"
            label="verify your password"
            type="password"
            autoComplete="new-password"
            className="mb-4"
            error={shownError('repeatpassword')}
            registration={register('repeatpassword')}
          />
          <SubmitButton busy={isSubmitting} disabled={!isValid || hasErrors || isSubmitting}>
            Change password
          </SubmitButton>
          <p className="visually-hidden" role="status">
            {isSubmitting ? 'Changing the password' : ''}
          </p>
        </Form>
      )}

      <AuthFooter prompt="Remember it?" to={paths.login.getHref()} linkText="Log in" />

      <ErrorPopup message={popup} onClose={() => setPopup(null)} />
    </>
  );
}
