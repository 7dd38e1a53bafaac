import { ERROR_CODES } from '@comics/shared/error-codes';
import { authMessages } from '@comics/shared/schemas/auth';
import { SIGNUP_TOAST_MS } from '@comics/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { SIGNUP_SUCCESS, SignupForm } from './signup-form';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(handlers);
  const view = renderRoute(<SignupForm />, { path: '/singup' });
  return { ...api, ...view, user: userEvent.setup() };
}

const username = () => screen.getByLabelText('Username');
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const repeat = () => screen.getByLabelText('verify your password');
const submit = () => screen.getByRole('button', { name: 'Sign Up' });

const allMessages = Object.values(authMessages);
function shownMessages(): string[] {
  return allMessages.filter((message) => screen.queryByText(message) !== null);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(username(), 'ada');
  await user.type(email(), 'ada@example.com');
  await user.type(password(), 'secret1');
  await user.type(repeat(), 'secret1');
  await waitFor(() => expect(submit()).toBeEnabled());
}

describe('SignupForm', () => {
  it('shows no error before anything is typed, and cannot be sent empty', () => {
    setup();
    expect(shownMessages()).toEqual([]);
    expect(submit()).toBeDisabled();
  });

  it('shows the e-mail, password and repeat errors only while their field is non-empty', async () => {
    const { user } = setup();
    await user.type(email(), 'ada');
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription(authMessages.emailInvalid);
    await user.clear(email());
    await waitFor(() => expect(shownMessages()).toEqual([]));
    expect(email()).toHaveAttribute('aria-invalid', 'false');

    await user.type(password(), '12345');
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeInTheDocument();
    await user.type(password(), '6');
    await waitFor(() => expect(screen.queryByText(authMessages.passwordTooShort)).not.toBeInTheDocument());
    await user.clear(password());
    await waitFor(() => expect(shownMessages()).toEqual([]));
  });

  it('says the username is required once it has been typed and emptied', async () => {
    const { user } = setup();
    await user.type(username(), 'a');
    expect(shownMessages()).toEqual([]);
    await user.clear(username());
    expect(await screen.findByText(authMessages.usernameRequired)).toBeInTheDocument();
    expect(username()).toHaveAccessibleDescription(authMessages.usernameRequired);
  });

  it('updates the repeat error when the password changes after the repeat was typed', async () => {
    const { user } = setup();
    // Username and e-mail still empty: the comparison must not wait for them.
    await user.type(password(), 'secret1');
    await user.type(repeat(), 'secret1');
    expect(screen.queryByText(authMessages.passwordsDiffer)).not.toBeInTheDocument();

    await user.type(password(), '2');
    expect(await screen.findByText(authMessages.passwordsDiffer)).toBeInTheDocument();
    expect(repeat()).toHaveAttribute('aria-invalid', 'true');
    expect(repeat()).toHaveAccessibleDescription(authMessages.passwordsDiffer);

    await user.type(password(), '{Backspace}');
    await waitFor(() => expect(screen.queryByText(authMessages.passwordsDiffer)).not.toBeInTheDocument());

    await user.type(repeat(), 'x');
    expect(await screen.findByText(authMessages.passwordsDiffer)).toBeInTheDocument();
  });

  it('enables Sign Up only while every field is valid', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.type(repeat(), 'x');
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.type(repeat(), '{Backspace}');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.clear(username());
    await waitFor(() => expect(submit()).toBeDisabled());
  });

  it('waits for the answer, then shows the toast, clears the form and goes to /login', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const { user, calls, router } = setup({
      'POST /api/user/signup': () => new Promise((resolve) => (answer = resolve)),
    });
    await fillValid(user);
    await user.click(submit());

    await waitFor(() => expect(submit()).toBeDisabled());
    expect(screen.queryByText(SIGNUP_SUCCESS)).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/user/signup')).toMatchObject({
      method: 'POST',
      body: { username: 'ada', email: 'ada@example.com', password: 'secret1', repeatpassword: 'secret1' },
    });

    answer({ status: 201, body: { id: 1, username: 'ada', email: 'ada@example.com' } });
    expect(await screen.findByText(SIGNUP_SUCCESS)).toBeInTheDocument();
    expect(username()).toHaveValue('');
    expect(email()).toHaveValue('');
    expect(router.state.location.pathname).toBe('/singup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: SIGNUP_TOAST_MS + 1000 });
  });

  it('says a taken e-mail under the Email field and keeps the values', async () => {
    const { user, router } = setup({
      'POST /api/user/signup': apiError(409, ERROR_CODES.emailTaken, 'This email is already registered', {
        email: 'This email is already registered',
      }),
    });
    await fillValid(user);
    await user.click(submit());

    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('This email is already registered');
    expect(email()).toHaveValue('ada@example.com');
    expect(username()).toHaveValue('ada');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/singup');
  });

  it('says a password the server refuses as too common under the Password field, until it changes', async () => {
    const tooCommon = 'This password is too common. Choose one that is harder to guess.';
    const { user, router } = setup({
      'POST /api/user/signup': apiError(400, ERROR_CODES.commonPassword, tooCommon, { password: tooCommon }),
    });
    await fillValid(user);
    await user.click(submit());

    expect(await screen.findByText(tooCommon)).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription(tooCommon);
    expect(password()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/singup');

    await user.type(password(), '9');
    await user.type(repeat(), '9');
    await waitFor(() => expect(screen.queryByText(tooCommon)).not.toBeInTheDocument());
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('shows any other failure in an alert and keeps the values', async () => {
    const { user } = setup({
      'POST /api/user/signup': apiError(429, ERROR_CODES.rateLimited, 'Too many attempts. Try again in 60 seconds.'),
    });
    await fillValid(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 seconds.');
    expect(email()).toHaveValue('ada@example.com');
    expect(screen.queryByText(SIGNUP_SUCCESS)).not.toBeInTheDocument();
  });
});
