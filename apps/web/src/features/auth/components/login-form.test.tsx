import { ERROR_CODES } from '@comics/shared/error-codes';
import { authMessages, passwordResetMessages } from '@comics/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { LoginForm } from './login-form';

const developmentGoogle: MockAnswer = { body: { google: { enabled: true, development: true } } };

function setup(handlers: Parameters<typeof mockApi>[0] = {}, url = '/login') {
  const api = mockApi({ 'GET /api/auth/config': developmentGoogle, ...handlers });
  const view = renderRoute(<LoginForm />, { path: '/login', url });
  return { ...api, ...view, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });

describe('LoginForm', () => {
  it('shows no error before anything is typed, and cannot be sent empty', () => {
    setup();
    expect(screen.queryByText(authMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(authMessages.passwordRequired)).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();
  });

  it("checks the e-mail as it is typed: 'correo no valido', then 'El email es requerido' when emptied", async () => {
    const { user } = setup();
    await user.type(email(), 'ada');
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(authMessages.emailInvalid);

    await user.clear(email());
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();

    await user.type(email(), 'ada@example.com');
    await waitFor(() => expect(email()).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.queryByText(authMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(authMessages.emailInvalid)).not.toBeInTheDocument();
  });

  it('shows the password error only once the e-mail is valid', async () => {
    const { user } = setup();
    await user.type(email(), 'nope');
    await user.type(password(), 'x');
    await user.clear(password());
    await screen.findByText(authMessages.emailInvalid);
    expect(screen.queryByText(authMessages.passwordRequired)).not.toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'false');

    await user.clear(email());
    await user.type(email(), 'ada@example.com');
    expect(await screen.findByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription(authMessages.passwordRequired);
  });

  it('enables Log in only while both fields are valid', async () => {
    const { user } = setup();
    await user.type(email(), 'ada@example.com');
    expect(submit()).toBeDisabled();
    await user.type(password(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.type(email(), ' x');
    await waitFor(() => expect(submit()).toBeDisabled());
  });

  it("opens the 'Error!' popup on a wrong password, and closes it", async () => {
    const { user, calls } = setup({
      'POST /api/user/login': apiError(401, ERROR_CODES.invalidCredentials, 'Incorrect user or password'),
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-password');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveAccessibleDescription('Incorrect user or password');
    expect(calls.find((call) => call.path === '/api/user/login')).toMatchObject({
      method: 'POST',
      body: { email: 'ada@example.com', password: 'wrong-password' },
      credentials: 'same-origin',
    });
    // The form keeps what was typed, and no session is stored.
    expect(email()).toHaveValue('ada@example.com');
    expect(localStorage.getItem('MY_AUTH')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'This account is deactivated' for a deactivated account", async () => {
    const { user } = setup({
      'POST /api/user/login': apiError(403, ERROR_CODES.accountDeactivated, 'This account is deactivated'),
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(
      'This account is deactivated',
    );
  });

  it('shows why sign-ins are paused, and for how long, in the popup', async () => {
    const paused =
      'Too many failed sign-ins for this account. Try again in 15 minutes, or sign in from a browser you have used before.';
    const { user } = setup({
      'POST /api/user/login': { ...apiError(429, ERROR_CODES.rateLimited, paused), headers: { 'retry-after': '900' } },
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(paused);
    expect(localStorage.getItem('MY_AUTH')).toBeNull();
  });

  it('tells the owner of an account Google took over to use Google', async () => {
    const useGoogle = "This account signs in with Google. Use 'Log in with Google'.";
    const { user } = setup({ 'POST /api/user/login': apiError(401, ERROR_CODES.useGoogleSignIn, useGoogle) });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(useGoogle);
  });

  it('stores the identity without the token, and clears the form', async () => {
    const { user } = setup({
      'POST /api/user/login': {
        body: { token: 'secret-token', name: 'Ada', Rol: 'ADMIN', id: 7, email: 'ada@example.com' },
      },
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await waitFor(() => expect(localStorage.getItem('MY_AUTH')).toBe('true'));
    expect(localStorage.getItem('user')).toBe('Ada');
    expect(localStorage.getItem('ROL')).toBe('"ADMIN"');
    expect(localStorage.getItem('id')).toBe('7');
    expect(localStorage.getItem('email')).toBe('ada@example.com');
    expect(localStorage.getItem('token')).toBeNull();
    expect(Object.values({ ...localStorage })).not.toContain('secret-token');
    await waitFor(() => expect(email()).toHaveValue(''));
    expect(password()).toHaveValue('');
  });

  it("leads to /forgot-password from 'Forgot password?'", async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('opens with the e-mail filled in and a notice after a new password was set', async () => {
    mockApi({ 'GET /api/auth/config': developmentGoogle });
    renderRoute(<LoginForm passwordChanged={{ email: 'ada@example.com' }} />, { path: '/login' });
    expect(screen.getByText(passwordResetMessages.passwordChanged)).toHaveAttribute('role', 'status');
    expect(email()).toHaveValue('ada@example.com');
    await waitFor(() => expect(password()).toHaveFocus());
    expect(submit()).toBeDisabled();
  });

  it('shows the development hint under the Google button', async () => {
    setup();
    expect(await screen.findByText('Development sign-in: no Google account needed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeEnabled();
  });

  it('disables the Google button when the server has no Google sign-in', async () => {
    setup({ 'GET /api/auth/config': { body: { google: { enabled: false, development: false } } } });
    expect(await screen.findByText('Google sign-in is not configured on this server')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Log in with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not configured on this server');
  });

  it('shows a Google sign-in error in the popup and removes it from the address', async () => {
    const { router } = setup({}, '/login?google_error=invalid_state');
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('Invalid state');
    expect(dialog).toHaveTextContent('The sign-in could not be verified. Please try again.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('completes a Google sign-in: fetches the account and stores it', async () => {
    const { router, calls } = setup(
      {
        'GET /api/user/me': {
          body: { id: 9, name: 'Grace', email: 'grace@example.com', Rol: 'USER', picture: null },
        },
      },
      '/login?google=ok',
    );
    await waitFor(() => expect(localStorage.getItem('MY_AUTH')).toBe('true'));
    expect(localStorage.getItem('user')).toBe('Grace');
    expect(localStorage.getItem('ROL')).toBe('"USER"');
    expect(calls.filter((call) => call.path === '/api/user/me')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
