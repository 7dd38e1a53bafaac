import { ERROR_CODES } from '@comics/shared/error-codes';
import { authMessages } from '@comics/shared/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { ForgotPasswordForm, linkSentMessage } from './forgot-password-form';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(handlers);
  const view = renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' });
  return { ...api, ...view, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('Email');
const submit = () => screen.getByRole('button', { name: 'Send link' });

describe('ForgotPasswordForm', () => {
  it("checks the e-mail as it is typed with the spec's messages, and sends only a valid one", async () => {
    const { user } = setup();
    expect(screen.queryByText(authMessages.emailRequired)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(email(), 'ada');
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription(authMessages.emailInvalid);
    expect(submit()).toBeDisabled();
    await user.clear(email());
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    await user.type(email(), 'ada@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('says a link was sent if the account exists, without saying whether it does', async () => {
    const { user, calls } = setup({
      'POST /api/user/password/forgot': { status: 202, body: { message: 'whatever the server says' } },
    });
    await user.type(email(), 'ada@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for ada@example.com, we have sent a link to choose a new password. It is valid for 30 minutes.',
    );
    expect(linkSentMessage('ada@example.com')).toBe(screen.getByRole('status').textContent);
    expect(calls.find((call) => call.path === '/api/user/password/forgot')).toMatchObject({
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
    // Asking again brings the form back with the address kept.
    await user.click(screen.getByRole('button', { name: 'ask again' }));
    expect(email()).toHaveValue('ada@example.com');
  });

  it("shows a refusal in the 'Error!' popup with the server's words", async () => {
    const tooSoon =
      'A link was sent to this address a short while ago: check your inbox and spam folder, or ask again in 29 minutes.';
    const { user } = setup({
      'POST /api/user/password/forgot': {
        ...apiError(429, ERROR_CODES.rateLimited, tooSoon),
        headers: { 'Retry-After': '1740' },
      },
    });
    await user.type(email(), 'ada@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(tooSoon);
    expect(email()).toHaveValue('ada@example.com');
  });
});
