// /unsubscribe#token=…, where a new-issue e-mail's unsubscribe link lands: it posts the token
// once without any sign-in, takes it out of the address bar, and says the outcome: unsubscribed
// from the named series, or why the link does not work.
import { ERROR_CODES } from '@comics/shared/error-codes';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { UnsubscribeRoute } from './unsubscribe';

const TOKEN = `3.773.${'a'.repeat(43)}`;

function open(
  url: string,
  answer: Parameters<typeof mockApi>[0][string] = { body: { volume_id: 773, name: 'Night Watch' } },
) {
  const api = mockApi({ 'POST /api/follows/unsubscribe': answer });
  const view = renderRoute(<UnsubscribeRoute />, { path: '/unsubscribe', url });
  return { ...api, ...view };
}

describe('the unsubscribe page', () => {
  it("posts the link's token once and says the series' e-mails stopped", async () => {
    const { calls, router } = open(`/unsubscribe#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We will no longer e-mail you about new issues of Night Watch.',
    );
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/follows/unsubscribe', body: { token: TOKEN } }),
    ]);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/unsubscribe');
  });

  it('says why a link that the server refuses does not work', async () => {
    const message = 'This unsubscribe link is not valid. Copy the whole link from the e-mail.';
    open(
      `/unsubscribe#token=${TOKEN}`,
      apiError(400, ERROR_CODES.validationFailed, `Invalid request: token: ${message}`, { token: message }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
  });

  it('posts the token of another link opened in the same tab', async () => {
    const { calls, router } = open(`/unsubscribe#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    const other = `3.774.${'b'.repeat(43)}`;
    await act(() => router.navigate(`/unsubscribe#token=${other}`));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ token: TOKEN }, { token: other }]));
  });

  it('says a link without its token does not work, and sends nothing', async () => {
    const { calls } = open('/unsubscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
