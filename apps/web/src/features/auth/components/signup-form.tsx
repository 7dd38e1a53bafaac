// The sign-up form (docs/product.md §2 Sign-up, §4, §5): Username, Email, Password and 'verify your
// password', checked live with the shared schema. The e-mail, password and repeat errors show
// only while their field is non-empty; the repeat is checked again whenever the password
// changes. 'Sign Up' stays disabled while anything is wrong or empty. Unlike the original, the
// form waits for the server: on success it is cleared, the toast shows for 1.5 s and the visitor
// goes to /login, where the new e-mail is filled in; on failure the values stay, a taken e-mail is said under the Email field, a
// password the server refuses as too common under the Password field, and anything else in an alert.
import { zodResolver } from '@hookform/resolvers/zod';
import { SIGNUP_TOAST_MS } from '@comics/shared/constants';
import { signupBody, type SignupBody } from '@comics/shared/schemas/auth';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { ApiError, errorMessage, isRefusal } from '@/lib/api-client';

import { useSignup } from '../api/signup';
import { AuthFooter, SubmitButton } from './form-actions';
import { FormField } from './form-field';

export const SIGNUP_SUCCESS = 'Registered user successfully';

type Field = keyof SignupBody;

const EMPTY: SignupBody = { username: '', email: '', password: '', repeatpassword: '' };

const fields: { name: Field; label: string; type: string; autoComplete: string; onlyWhenFilled: boolean }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', onlyWhenFilled: false },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', onlyWhenFilled: true },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', onlyWhenFilled: true },
  {
    name: 'repeatpassword',
    label: 'verify your password',
    type: 'password',
    autoComplete: 'new-password',
    onlyWhenFilled: true,
  },
];

export function SignupForm() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [failure, setFailure] = useState<string | null>(null);
  /** The new account's e-mail, once the server took it: the login form opens with it. */
  const [registered, setRegistered] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignupBody>({
    mode: 'onChange',
    resolver: zodResolver(signupBody),
    defaultValues: EMPTY,
  });
  const values = useWatch({ control });

  // The toast shows for SIGNUP_TOAST_MS, then the visitor goes to log in.
  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(
      () => navigate(paths.login.getHref(), { state: { registered: { email: registered } } }),
      SIGNUP_TOAST_MS,
    );
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  function shownError(field: Field, onlyWhenFilled: boolean): string | undefined {
    if (onlyWhenFilled && !values[field]) return undefined;
    return errors[field]?.message;
  }

  const hasErrors = Object.keys(errors).length > 0;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await signup.mutateAsync(body);
      reset(EMPTY);
      setRegistered(body.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('email', { type: 'server', message: error.fields?.email ?? error.message }, { shouldFocus: true });
        return;
      }
      if (isRefusal(error, 'common_password')) {
        setError(
          'password',
          { type: 'server', message: error.fields?.password ?? error.message },
          { shouldFocus: true },
        );
        return;
      }
      if (error instanceof ApiError && error.fields) {
        for (const field of fields) {
          const message = error.fields[field.name];
          if (message) setError(field.name, { type: 'server', message });
        }
      }
      setFailure(errorMessage(error));
    }
  });

  return (
    <>
      {registered !== null && (
        <div className="toast-container position-fixed top-0 end-0 p-3">
          <div className="toast show text-bg-success border-0" role="status" aria-live="polite" aria-atomic="true">
            <div className="toast-body fw-semibold">{SIGNUP_SUCCESS}</div>
          </div>
        </div>
      )}
      {failure && (
        <Alert variant="danger" className="mb-3" dismissible onClose={() => setFailure(null)} closeLabel="Dismiss">
          {failure}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-labelledby="signup-title">
        {fields.map((field, index) => (
          <FormField
            key={field.name}
            id={`signup-${field.name}`}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            className={index === fields.length - 1 ? 'mb-4' : 'mb-3'}
            error={shownError(field.name, field.onlyWhenFilled)}
            registration={register(field.name, field.name === 'password' ? { deps: ['repeatpassword'] } : undefined)}
          />
        ))}
        <SubmitButton busy={isSubmitting} disabled={!isValid || hasErrors || isSubmitting || registered !== null}>
          Sign Up
        </SubmitButton>
      </Form>
      <AuthFooter prompt="Have an account?" to={paths.login.getHref()} linkText="Log in" />
    </>
  );
}
