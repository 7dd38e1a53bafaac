import { ERROR_CODES } from '@comics/shared/error-codes';
import { accountMessages, authMessages, passwordResetMessages } from '@comics/shared/schemas/auth';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { readSession, storeIdentity } from '@/features/auth/hooks/use-session';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { ResetPasswordRoute, tokenOfFragment } from './password-reset';

const TOKEN = 'A'.repeat(40) + '_-9';

function setup(handlers: Parameters<typeof mockApi>[0] = {}, url = `/reset-password#token=${TOKEN}`) {
  const api = mockApi(handlers);
  const view = renderRoute(<ResetPasswordRoute />, { path: '/reset-password', url });
  return { ...api, ...view, user: userEvent.setup() };
}

const password = () => screen.getByLabelText('New password');
const repeat = () => screen.getByLabelText('verify your password');
const submit = () => screen.getByRole('button', { name: 'Change password' });

async function fill(user: ReturnType<typeof userEvent.setup>, value = 'violet kite at dusk') {
  await user.type(password(), value);
  await user.type(repeat(), value);
  await waitFor(() => expect(submit()).toBeEnabled());
}

describe('/reset-password', () => {
  it('reads the token from the fragment, then takes it out of the address bar', async () => {
    expect(tokenOfFragment(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfFragment('')).toBeNull();
    const { router } = setup();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(password()).toBeInTheDocument();
  });

  it("shows the sign-up's password messages once typed, and enables the button only when both are right", async () => {
    const { user } = setup();
    expect(screen.queryByText(authMessages.passwordTooShort)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(password(), '12345');
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeInTheDocument();
    await user.type(password(), '6');
    await user.type(repeat(), '12345');
    expect(await screen.findByText(authMessages.passwordsDiffer)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(repeat(), '6');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('sends the token with the new password, then opens /login with the e-mail', async () => {
    const { user, calls, router } = setup({ 'POST /api/user/password/reset': { body: { email: 'ada@example.com' } } });
    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ passwordChanged: { email: 'ada@example.com' } });
    expect(calls.find((call) => call.path === '/api/user/password/reset')).toMatchObject({
      method: 'POST',
      body: { token: TOKEN, password: 'violet kite at dusk', repeatpassword: 'violet kite at dusk' },
    });
  });

  it('forgets the session this browser kept of that account, which the reset ended, and only of that one', async () => {
    storeIdentity({ name: 'Ada', Rol: 'USER', id: 7, email: 'Ada@Example.com' });
    const { user, router } = setup({ 'POST /api/user/password/reset': { body: { email: 'ada@example.com' } } });
    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession().role).toBeNull();

    storeIdentity({ name: 'Bob', Rol: 'USER', id: 8, email: 'bob@example.com' });
    const other = setup({ 'POST /api/user/password/reset': { body: { email: 'ada@example.com' } } });
    await fill(other.user);
    await other.user.click(submit());
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/login'));
    expect(readSession()).toEqual({ role: 'USER', name: 'Bob' });
  });

  it("shows the server's refusal of a common password at the password field", async () => {
    const { user, router } = setup({
      'POST /api/user/password/reset': apiError(400, ERROR_CODES.commonPassword, accountMessages.commonPassword, {
        password: accountMessages.commonPassword,
      }),
    });
    await fill(user, 'password');
    await user.click(submit());
    expect(await screen.findByText(accountMessages.commonPassword)).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription(accountMessages.commonPassword);
    expect(password()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('says an expired or used link is, with a way to ask for a new one', async () => {
    const { user, router } = setup({
      'POST /api/user/password/reset': apiError(
        400,
        ERROR_CODES.resetLinkUnusable,
        passwordResetMessages.linkUnusable,
        {
          token: passwordResetMessages.linkUnusable,
        },
      ),
    });
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText(passwordResetMessages.linkUnusable)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('takes a new link opened in the same tab instead of the used one', async () => {
    const NEW = 'B'.repeat(43);
    const { user, calls, router } = setup({
      'POST /api/user/password/reset': (body) =>
        (body as { token: string }).token === NEW
          ? { body: { email: 'ada@example.com' } }
          : apiError(400, ERROR_CODES.resetLinkUnusable, passwordResetMessages.linkUnusable, {
              token: passwordResetMessages.linkUnusable,
            }),
    });
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText(passwordResetMessages.linkUnusable)).toBeInTheDocument();

    await act(() => router.navigate(`/reset-password#token=${NEW}`));
    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.path === '/api/user/password/reset').map((call) => call.body)).toMatchObject([
      { token: TOKEN },
      { token: NEW },
    ]);
  });

  it('without a token in the address, says to open the e-mailed link', () => {
    setup({}, '/reset-password');
    expect(screen.getByText(passwordResetMessages.noLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows too many tries in the 'Error!' popup", async () => {
    const message = 'Too many tries with links that do not work. Try again in 60 minutes.';
    const { user } = setup({ 'POST /api/user/password/reset': apiError(429, ERROR_CODES.rateLimited, message) });
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(message);
  });
});
