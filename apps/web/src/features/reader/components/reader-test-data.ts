// An issue's pages and a reader's access as the API answers them, for the reader's tests.
import type { IssuePagesAnswer, ReaderPage, ReadingAccess } from '@comics/shared/schemas/reader';

export const ISSUE_ID = 7;
export const PAGES_PATH = `/api/issues/${ISSUE_ID}/pages`;
export const ACCESS_PATH = `/api/user/reading/${ISSUE_ID}`;

export function readerPage(number: number, shape: 'tall' | 'wide' = 'tall'): ReaderPage {
  return {
    number,
    width: shape === 'tall' ? 1000 : 2000,
    height: 1500,
    widths: [320, 640, 1280, 1920],
    placeholder: `data:image/webp;base64,UklGR${number}`,
  };
}

export function issuePages(overrides: Partial<IssuePagesAnswer> = {}): IssuePagesAnswer {
  const pageCount = overrides.pages?.length ?? 8;
  return {
    issue: {
      id: ISSUE_ID,
      volume_id: 2,
      issue_number: 5,
      name: 'The Long Night',
      description: null,
      image: '/media/covers/issues/7.webp',
      price: 3.99,
    },
    volumeName: 'Night Owls',
    pageCount,
    direction: 'ltr',
    previewPages: 3,
    source: 'generated',
    pagesBase: `/media/pages/${ISSUE_ID}/v1`,
    pages: Array.from({ length: pageCount }, (_, index) => readerPage(index + 1)),
    ...overrides,
  };
}

export function ownerAccess(savedPage: number | null = null): ReadingAccess {
  return {
    owned: true,
    token: 'tok.en',
    tokenExpiresAt: '2030-01-01T00:00:00Z',
    progress: savedPage
      ? { issueId: ISSUE_ID, page: savedPage, pageCount: 8, updatedAt: '2024-01-01T00:00:00Z' }
      : null,
  };
}

export const notOwnedAccess: ReadingAccess = { owned: false, token: null, tokenExpiresAt: null, progress: null };
