import type { ImportReport } from '@comics/shared/schemas/imports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { sendArchives } from '../imports/upload-queue';
import { NewImportForm } from './new-import-form';

// The uploads themselves are tus's (tested against the server in imports/uploads.test.ts).
vi.mock('../imports/upload-queue', () => ({ sendArchives: vi.fn() }));

/** An archive as a dropped folder gives it: its path within the folder. */
function archive(relativePath: string): File {
  const file = new File(['PK archive bytes'], relativePath.split('/').at(-1)!, { type: 'application/zip' });
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

const report = (id: number): ImportReport => ({
  id,
  source: 'upload',
  dryRun: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: null,
  counts: {
    uploading: 1,
    queued: 0,
    running: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    pagesDone: 0,
    pagesTotal: 0,
  },
  files: [
    {
      id: 91,
      name: 'Comics/Image/Saga (2012)/Saga 001.cbz',
      sizeBytes: 16,
      status: 'uploading',
      outcome: null,
      reason: null,
      pagesDone: 0,
      pagesTotal: null,
      volumeId: null,
      issueId: null,
    },
  ],
});

function setup() {
  const onStarted = vi.fn();
  const api = mockApi({ 'POST /api/admin/imports': { status: 201, body: report(7) } });
  renderRoute(<NewImportForm defaultPrice={3.99} onStarted={onStarted} />);
  return { ...api, onStarted, user: userEvent.setup() };
}

describe('NewImportForm', () => {
  it('offers a price for each publisher folder; one left blank keeps the default price', async () => {
    const { user, calls, onStarted } = setup();
    await user.upload(screen.getByLabelText('Folder to import'), [
      archive('Comics/Image/Saga (2012)/Saga 001.cbz'),
      archive('Comics/Image/Saga (2012)/cover.jpg'),
    ]);
    expect(await screen.findByText(/1 archive,/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Publisher')).toHaveValue('Image');

    await user.click(screen.getByRole('button', { name: 'Import 1 archive' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(7));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      defaultPrice: 3.99,
      publisherPrices: [],
      files: [{ name: 'Comics/Image/Saga (2012)/Saga 001.cbz', size: 16 }],
    });
    expect(vi.mocked(sendArchives)).toHaveBeenCalledWith(7, [{ fileId: 91, archive: expect.anything() }]);
  });

  it("shows a publisher's bad price on that publisher's row, and sends nothing", async () => {
    const { user, calls } = setup();
    await user.upload(screen.getByLabelText('Archives to import'), [archive('Loose/Other 001.cbz')]);
    // A blank row first: the priced row is the second on screen but the first sent.
    await user.click(await screen.findByRole('button', { name: 'Add a publisher’s price' }));
    await user.click(screen.getByRole('button', { name: 'Add a publisher’s price' }));
    const [, publisher] = screen.getAllByPlaceholderText('Publisher');
    await user.type(publisher!, 'Kodansha');
    await user.type(screen.getByLabelText('Price of Kodansha’s new issues ($)'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Import 1 archive' }));

    expect(await screen.findByText('At most 2 decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Price of Kodansha’s new issues ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
