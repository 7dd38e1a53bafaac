import type { ReadingAccess, ReadingProgress } from '@comics/shared/schemas/reader';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as deviceShelf from '@/lib/offline/device-shelf';
import { mockApi } from '@/testing/mock-api';

import { getReadingAccessQueryOptions } from '../api/get-reading-access';
import { getReadingShelfQueryOptions } from '../api/get-reading-shelf';
import { ACCESS_PATH, ISSUE_ID, ownerAccess } from '../components/reader-test-data';
import { SAVE_PROGRESS_DELAY_MS, useProgressSaver } from './use-progress-saver';

const USER_ID = 3;
const accessKey = getReadingAccessQueryOptions(USER_ID, ISSUE_ID).queryKey;
const shelfKey = getReadingShelfQueryOptions(USER_ID).queryKey;

function setup({ page = 2, savedPage = 2 as number | null, userId = USER_ID as number | null } = {}) {
  const api = mockApi({
    [`PUT ${ACCESS_PATH}`]: (body) => ({
      body: {
        issueId: ISSUE_ID,
        page: (body as { page: number }).page,
        pageCount: 8,
        updatedAt: '2024-02-02T00:00:00Z',
      } satisfies ReadingProgress,
    }),
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(accessKey, ownerAccess(savedPage));
  queryClient.setQueryData(shelfKey, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ current }: { current: number }) =>
      useProgressSaver({ issueId: ISSUE_ID, userId, page: current, savedPage, pageCount: 8 }),
    { initialProps: { current: page }, wrapper },
  );
  const saves = () => api.calls.filter((call) => call.method === 'PUT').map((call) => call.body);
  const keepalive = () => api.fetchMock.mock.calls.map(([, init]) => init?.keepalive);
  return { ...api, ...hook, queryClient, saves, keepalive };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useProgressSaver', () => {
  it('saves once, a second after the last of several quick turns', async () => {
    const { rerender, saves } = setup();
    for (const current of [3, 4, 5]) {
      rerender({ current });
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(saves()).toEqual([]);
    // 300 ms have passed since page 5: one millisecond short of the delay, still nothing.
    await vi.advanceTimersByTimeAsync(SAVE_PROGRESS_DELAY_MS - 301);
    expect(saves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves()).toEqual([{ page: 5 }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves()).toHaveLength(1);
  });

  it('saves nothing while the reader stays on the saved page, and the opening page of a first read', async () => {
    const { saves } = setup({ page: 2, savedPage: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves()).toEqual([]);

    const first = setup({ page: 1, savedPage: null });
    await vi.advanceTimersByTimeAsync(SAVE_PROGRESS_DELAY_MS);
    expect(first.saves()).toEqual([{ page: 1 }]);
  });

  it('saves at once, with keepalive, when the page is hidden or the reader closes', async () => {
    const { rerender, saves, keepalive, unmount } = setup();
    rerender({ current: 6 });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saves()).toEqual([{ page: 6 }]);
    expect(keepalive()).toEqual([true]);

    rerender({ current: 7 });
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves()).toEqual([{ page: 6 }, { page: 7 }]);
    // Nothing left for the timer.
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves()).toHaveLength(2);
  });

  it("refreshes the shelf and updates this reader's access without refetching it (its token stays)", async () => {
    const { rerender, queryClient } = setup();
    rerender({ current: 4 });
    await vi.advanceTimersByTimeAsync(SAVE_PROGRESS_DELAY_MS);
    expect(queryClient.getQueryState(shelfKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(accessKey)?.isInvalidated).toBe(false);
    const access = queryClient.getQueryData<ReadingAccess>(accessKey);
    expect(access?.progress?.page).toBe(4);
    expect(access?.token).toBe('tok.en');
  });

  it('keeps the place on the device, to send later, when the browser is offline or the shop cannot be reached', async () => {
    // A spy, not vi.mock: the suite shares modules between files (isolate: false).
    const placeReadOnDevice = vi.spyOn(deviceShelf, 'placeReadOnDevice').mockResolvedValue();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { rerender, saves } = setup();
      rerender({ current: 5 });
      await vi.advanceTimersByTimeAsync(SAVE_PROGRESS_DELAY_MS);
      expect(saves(), 'no request while offline').toEqual([]);
      expect(placeReadOnDevice).toHaveBeenLastCalledWith({
        userId: USER_ID,
        issueId: ISSUE_ID,
        page: 5,
        pageCount: 8,
        sent: false,
      });
    } finally {
      onLine.mockRestore();
    }

    // Online as far as the browser knows, but the request fails on the way.
    const unreachable = setup();
    unreachable.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    unreachable.rerender({ current: 7 });
    await vi.advanceTimersByTimeAsync(SAVE_PROGRESS_DELAY_MS);
    await vi.waitFor(() =>
      expect(placeReadOnDevice).toHaveBeenLastCalledWith({
        userId: USER_ID,
        issueId: ISSUE_ID,
        page: 7,
        pageCount: 8,
        sent: false,
      }),
    );
    placeReadOnDevice.mockRestore();
  });

  it('saves nothing for a reader who does not own the issue', async () => {
    const { rerender, saves } = setup({ userId: null });
    rerender({ current: 3 });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves()).toEqual([]);
  });
});
