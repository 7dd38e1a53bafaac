import { ERROR_CODES } from '@comics/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { IMAGE_TOO_BIG, NOT_AN_IMAGE } from '../api/upload-image';
import { installFakeXhr } from '../testing/fake-xhr';
import { UploadComicForm } from './upload-comic-form';

const REQUIRED = 'This field is required';
const UPLOADED = { secure_url: '/media/uploads/abc.webp', width: 800, height: 1200 };
const created = { id: 99, name: 'Moon Knight', deck: null, start_year: 2024, image: UPLOADED.secure_url };

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/publishers': { body: ['Marvel', 'DC'] }, ...handlers });
  const uploads = installFakeXhr();
  const onCreated = vi.fn();
  const view = renderRoute(<UploadComicForm onCreated={onCreated} />, {
    path: '/dashboard/upload',
  });
  // Files the input's accept list would hide are let through, to show the form's own check.
  return { ...api, ...view, uploads, onCreated, user: userEvent.setup({ applyAccept: false }) };
}

const input = (label: string | RegExp) => screen.getByLabelText(label);
const png = (name = 'cover.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** The message tied to an input through aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.role === 'alert');
  return error?.textContent ?? null;
}

async function fillText(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Comic Name'), 'Moon Knight');
  await user.type(input(/^Description/), 'A hero of the night.');
  await user.type(input('Episodes'), '3');
  // A date input takes its value whole, as a browser's date picker sets it.
  fireEvent.change(input('Release'), { target: { value: '2024-05-01' } });
  await user.type(input('Publisher'), 'Marvel');
}

/** Chooses a file and lets the fake server answer it. */
async function uploadImage(user: ReturnType<typeof userEvent.setup>, uploads: ReturnType<typeof installFakeXhr>) {
  await user.upload(input('Image'), png());
  uploads.at(-1)!.respond(200, UPLOADED);
  await screen.findByRole('img', { name: "Preview of the comic's image" });
}

describe('UploadComicForm', () => {
  it("says 'This field is required' at every required field of an empty form, and sends nothing", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Add comic' }));

    for (const label of ['Comic Name', 'Image', 'Episodes', 'Release', 'Publisher']) {
      await waitFor(() => expect(errorOf(input(label))).toBe(REQUIRED));
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(errorOf(input(/^Description/))).toBeNull();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(5);
    // The first wrong field takes the focus.
    expect(input('Comic Name')).toHaveFocus();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("refuses episodes that are not a whole number ('Only integers') or below 1", async () => {
    const { user } = setup();
    const episodes = input('Episodes');
    await user.type(episodes, '1.5');
    await user.click(screen.getByRole('button', { name: 'Add comic' }));
    await waitFor(() => expect(errorOf(episodes)).toBe('Only integers'));

    await user.clear(episodes);
    await user.type(episodes, '0');
    await waitFor(() => expect(errorOf(episodes)).toBe('Minimum 1'));

    await user.clear(episodes);
    await user.type(episodes, '12');
    await waitFor(() => expect(errorOf(episodes)).toBeNull());
  });

  it("uploads a chosen file at once, with progress and 'Loading image...', then shows a 100 px preview", async () => {
    const { user, uploads } = setup();
    const file = png();
    await user.upload(input('Image'), file);

    expect(uploads).toHaveLength(1);
    const upload = uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/image/upload');
    expect(upload.headers.accept).toBe('application/json');
    expect(upload.body?.get('upload_preset')).toBe('comics');
    expect(upload.body?.get('file')).toMatchObject({ name: file.name, type: file.type, size: file.size });
    // The preset precedes the file, for a server that reads the parts as they stream in.
    expect([...upload.body!.keys()]).toEqual(['upload_preset', 'file']);

    expect(screen.getByText('Loading image...')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Uploading cover.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    upload.progress(512, 1024);
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    upload.progress(1024, 1024);
    // All sent, not yet answered: still loading.
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Loading image...')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    upload.respond(200, UPLOADED);
    const preview = await screen.findByRole('img', { name: "Preview of the comic's image" });
    expect(preview).toHaveAttribute('src', UPLOADED.secure_url);
    expect(preview).toHaveAttribute('width', '100');
    expect(screen.queryByText('Loading image...')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says at the field why the server refused the image, and what the quick check refuses sends nothing', async () => {
    const { user, uploads } = setup();
    const field = input('Image');

    await user.upload(field, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(errorOf(field)).toBe(NOT_AN_IMAGE);
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(field, huge);
    expect(errorOf(field)).toBe(IMAGE_TOO_BIG);
    expect(uploads).toHaveLength(0);

    // A file that only pretends to be an image: the server decodes it and says no.
    await user.upload(field, png('fake.png'));
    uploads[0]!.respond(400, {
      code: ERROR_CODES.unsupportedImage,
      error: 'This file is not a JPEG, PNG, WebP or GIF image.',
    });
    await waitFor(() => expect(errorOf(field)).toBe('This file is not a JPEG, PNG, WebP or GIF image.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks to wait while the image is still uploading', async () => {
    const { user, calls } = setup();
    await fillText(user);
    await user.upload(input('Image'), png());
    await user.click(screen.getByRole('button', { name: 'Add comic' }));
    expect(errorOf(input('Image'))).toBe('Wait until the image has finished uploading.');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('posts the values plus imagen, then clears the form under a dismissible success alert', async () => {
    const { user, calls, uploads, onCreated, router } = setup({ 'POST /api/comics': { status: 201, body: created } });
    await fillText(user);
    await uploadImage(user, uploads);
    await user.click(screen.getByRole('button', { name: 'Add comic' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Comic added');
    // Read and seen at once: the outcome takes the focus.
    expect(alert.parentElement).toHaveFocus();
    expect(alert).toHaveTextContent('Moon Knight is in the catalogue with 3 issues.');
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/api/comics',
        {
          name: 'Moon Knight',
          imagen: UPLOADED.secure_url,
          description: 'A hero of the night.',
          episodes: 3,
          release: '2024-05-01',
          publisher: 'Marvel',
        },
      ],
    ]);
    expect(onCreated).toHaveBeenCalledWith(created);

    // Cleared for the next comic: no values, no preview.
    expect(input('Comic Name')).toHaveValue('');
    expect(input('Episodes')).toHaveValue(null);
    expect(input('Publisher')).toHaveValue('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    expect(within(alert).getByRole('link', { name: 'Open its page' })).toHaveAttribute('href', '/admin/cardDetail/99');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/upload');
  });

  it('sends an empty description as null', async () => {
    const { user, calls, uploads } = setup({ 'POST /api/comics': { status: 201, body: created } });
    await fillText(user);
    await user.clear(input(/^Description/));
    await uploadImage(user, uploads);
    await user.click(screen.getByRole('button', { name: 'Add comic' }));
    await screen.findByText('Comic added');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ description: null });
  });

  it('keeps the values when the server refuses, says why in a dismissible alert and at the fields it names', async () => {
    const { user, uploads } = setup({
      'POST /api/comics': apiError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', {
        publisher: 'At most 200 characters',
      }),
    });
    await fillText(user);
    await uploadImage(user, uploads);
    await user.click(screen.getByRole('button', { name: 'Add comic' }));

    await waitFor(() => expect(errorOf(input('Publisher'))).toBe('At most 200 characters'));
    expect(input('Publisher')).toHaveFocus();
    const alert = screen.getByText('The comic was not added').closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Some fields are not valid.');
    expect(input('Comic Name')).toHaveValue('Moon Knight');
    expect(screen.getByRole('img', { name: "Preview of the comic's image" })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('The comic was not added')).not.toBeInTheDocument());
  });

  it('offers the catalogue’s publishers as suggestions', async () => {
    setup();
    await waitFor(() => expect(input('Publisher')).toHaveAttribute('list'));
    const list = document.getElementById(input('Publisher').getAttribute('list')!);
    expect([...list!.querySelectorAll('option')].map((option) => option.value)).toEqual(['Marvel', 'DC']);
  });
});
