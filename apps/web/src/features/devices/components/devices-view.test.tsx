// 'Read on your devices': the feed addresses to copy, an app password made and its secret shown
// once (with the focus on it), the server's refusals under the field or in the 'Error!' popup, the
// list with when each was used, and a revoke that asks first.
import type { AppPassword, CreatedAppPassword } from '@comics/shared/schemas/app-passwords';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { DevicesView } from './devices-view';

const USER_ID = 8;
const EMAIL = 'reader@example.com';
const ORIGIN = 'https://comics.example';
const LIST = 'GET /api/user/app-passwords';
const CREATE = 'POST /api/user/app-passwords';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const kindle: AppPassword = { id: 4, name: 'Kindle', createdAt: minutesAgo(3 * 24 * 60), lastUsedAt: minutesAgo(120) };
const ipad: AppPassword = { id: 3, name: 'Panels on the iPad', createdAt: minutesAgo(9 * 24 * 60), lastUsedAt: null };

function setup(handlers: Record<string, MockAnswer | ((body: unknown) => MockAnswer)>) {
  const user = userEvent.setup();
  const api = mockApi(handlers);
  const view = renderRoute(<DevicesView userId={USER_ID} email={EMAIL} origin={ORIGIN} />, { path: '/user/devices' });
  return { ...api, ...view, user };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name this device' });
/** The value a copyable group shows, as text. */
const shown = (group: HTMLElement) => group.querySelector('code')?.textContent;
const createButton = () => screen.getByRole('button', { name: 'Create app password' });

describe('Read on your devices', () => {
  it('gives both feed addresses in full, and copies one with a word that it was copied', async () => {
    const { user } = setup({ [LIST]: { body: [] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Read on your devices' })).toBeInTheDocument();
    const feeds = screen.getByRole('region', { name: 'Feed addresses' });
    expect(shown(within(feeds).getByRole('group', { name: 'OPDS 1.2 (KOReader, Panels, Chunky)' }))).toBe(
      'https://comics.example/opds/v1.2/catalog',
    );
    expect(shown(within(feeds).getByRole('group', { name: 'OPDS 2.0 (Thorium)' }))).toBe(
      'https://comics.example/opds/v2/catalog',
    );
    expect(shown(within(feeds).getByRole('group', { name: 'Username' }))).toBe(EMAIL);

    await user.click(within(feeds).getByRole('button', { name: 'Copy the OPDS 2.0 address' }));
    expect(await navigator.clipboard.readText()).toBe('https://comics.example/opds/v2/catalog');
    expect(within(feeds).getByText('Copied the OPDS 2.0 address.')).toHaveAttribute('role', 'status');

    // The list's empty state, and each app's steps.
    expect(await screen.findByText(/^No app passwords yet\./)).toBeInTheDocument();
    const guides = screen.getByRole('region', { name: 'Add the shop to your reading app' });
    expect(
      within(guides)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['KOReader', 'Panels', 'Chunky', 'Thorium Reader']);
  });

  it('selects the value for a copy by hand when the browser refuses the clipboard', async () => {
    const { user } = setup({ [LIST]: { body: [] } });
    const refused = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    // userEvent's clipboard outlives the test: the next ones copy again.
    onTestFinished(() => refused.mockRestore());
    const feeds = screen.getByRole('region', { name: 'Feed addresses' });
    await user.click(within(feeds).getByRole('button', { name: 'Copy the OPDS 1.2 address' }));
    expect(
      await within(feeds).findByText(
        'Copying is blocked in this browser: the text is selected, copy it with your keyboard or menu.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(window.getSelection()?.toString()).toBe('https://comics.example/opds/v1.2/catalog');
  });

  it('makes an app password and shows its secret once, focused, with the username; the list gains it', async () => {
    const created: CreatedAppPassword = {
      id: 9,
      name: 'KOReader on my Kobo',
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      password: 'k7mq-3xwd-a9pe-r2nt-6hvb-c4zs-8jfy',
    };
    let saved: AppPassword[] = [kindle];
    const { user, calls } = setup({
      [LIST]: () => ({ body: saved }),
      [CREATE]: () => {
        const { password: _secret, ...entry } = created;
        saved = [entry, ...saved];
        return { status: 201, body: created };
      },
    });
    await screen.findByText('Kindle');

    await user.type(nameField(), '  KOReader on my Kobo ');
    await user.click(createButton());

    const box = await screen.findByRole('region', { name: 'App password for “KOReader on my Kobo”' });
    // Trimmed, as the server keeps it.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'KOReader on my Kobo' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription('Copy it into your reading app now: it will not be shown again.');
    expect(shown(within(box).getByRole('group', { name: 'App password' }))).toBe(created.password);
    expect(shown(within(box).getByRole('group', { name: 'Username' }))).toBe(EMAIL);
    await user.click(within(box).getByRole('button', { name: 'Copy the app password' }));
    expect(await navigator.clipboard.readText()).toBe(created.password);
    expect(nameField()).toHaveValue('');

    const list = screen.getByRole('list', { name: 'Your app passwords' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/./, { selector: 'p.fw-semibold' }).textContent)).toEqual([
      'KOReader on my Kobo',
      'Kindle',
    ]);
    expect(items[0]).toHaveTextContent('Created just now · Never used');
    expect(items[1]).toHaveTextContent('Created 3 days ago · Last used 2 hours ago');

    // Hidden on request: the focus goes back to the form.
    await user.click(within(box).getByRole('button', { name: 'Done, hide it' }));
    expect(screen.queryByRole('region', { name: /^App password for/ })).not.toBeInTheDocument();
    expect(nameField()).toHaveFocus();
  });

  it('says what is wrong with the name under the field: the form’s check, then the server’s', async () => {
    const { user, calls } = setup({
      [LIST]: { body: [] },
      [CREATE]: apiError(400, 'validation_failed', 'Too many', { name: 'You have 20 app passwords, the most.' }),
    });
    await user.click(createButton());
    expect(nameField()).toHaveAccessibleDescription("Give it a name, e.g. 'KOReader on my Kobo'");
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(nameField(), 'Kobo');
    await user.click(createButton());
    await waitFor(() => expect(nameField()).toHaveAccessibleDescription('You have 20 app passwords, the most.'));
    expect(nameField()).toHaveFocus();
  });

  it('shows any other failure in the Error! popup', async () => {
    const { user } = setup({
      [LIST]: { body: [] },
      [CREATE]: apiError(429, 'rate_limited', 'Too many requests. Try again in a minute.'),
    });
    await user.type(nameField(), 'Kobo');
    await user.click(createButton());
    const popup = await screen.findByRole('dialog', { name: 'Error!' });
    expect(popup).toHaveTextContent('Too many requests. Try again in a minute.');
  });

  it('revokes an app password after asking; it leaves the list and the focus goes to its heading', async () => {
    let saved = [kindle, ipad];
    const { user, calls } = setup({
      [LIST]: () => ({ body: saved }),
      [`DELETE /api/user/app-passwords/${ipad.id}`]: () => {
        saved = saved.filter((known) => known.id !== ipad.id);
        return { status: 204 };
      },
    });
    const list = await screen.findByRole('list', { name: 'Your app passwords' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Never used');

    await user.click(within(list).getByRole('button', { name: 'Revoke Panels on the iPad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Panels on the iPad”?' });
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Revoke Panels on the iPad' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Panels on the iPad')).not.toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your app passwords' })).toHaveFocus());
  });

  it('keeps the dialog open with the reason when a revoke fails', async () => {
    const { user } = setup({
      [LIST]: { body: [kindle] },
      [`DELETE /api/user/app-passwords/${kindle.id}`]: apiError(404, 'not_found', 'That app password is gone.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Kindle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Kindle”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That app password is gone.');
  });
});
