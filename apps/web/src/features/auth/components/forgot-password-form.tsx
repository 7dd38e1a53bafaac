// 'Forgot password?': the e-mail, checked as it is typed with the login form's rules and the spec's
// messages ('Send link' stays disabled while it is wrong or empty). The confirmation reads the same
// whether or not the address has an account, as the server's answer does; a refusal (too many
// requests, no connection) opens the 'Error!' popup with the server's words.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody, RESET_LINK_MINUTES, type ForgotPasswordBody } from '@comics/shared/schemas/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';

import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import { useForgotPassword } from '../api/forgot-password';
import { ErrorPopup } from './error-popup';
import { AuthFooter, SubmitButton } from './form-actions';
import { FormField } from './form-field';

/** What the page says once the request was accepted: nothing about whether the account exists. */
export function linkSentMessage(email: string): string {
  return `If an account exists for ${email}, we have sent a link to choose a new password. It is valid for ${RESET_LINK_MINUTES} minutes.`;
}

export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ForgotPasswordBody>({
    mode: 'onChange',
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [popup, setPopup] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync({ email });
      setSentTo(email);
    } catch (error) {
      setPopup(errorMessage(error));
    }
  });

  return (
    <>
      {sentTo ? (
        <>
          <Alert variant="success" className="mb-4" role="status">
            {linkSentMessage(sentTo)}
          </Alert>
          <p className="mb-0">
            No e-mail after a few minutes? Check your spam folder, or{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => setSentTo(null)}>
              ask again
            </Button>
            .
          </p>
        </>
      ) : (
        <Form noValidate onSubmit={onSubmit} aria-labelledby="forgot-title">
          <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
          <FormField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            className="mb-4"
            error={errors.email?.message}
            registration={register('email')}
          />
          <SubmitButton busy={isSubmitting} disabled={!isValid || isSubmitting}>
            Send link
          </SubmitButton>
          <p className="visually-hidden" role="status">
            {isSubmitting ? 'Sending' : ''}
          </p>
        </Form>
      )}

      <AuthFooter prompt="Remember it?" to={paths.login.getHref()} linkText="Log in" />

      <ErrorPopup message={popup} onClose={() => setPopup(null)} />
    </>
  );
}
