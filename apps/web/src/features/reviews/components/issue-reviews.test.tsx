import type { IssueReviews as IssueReviewsAnswer, Review } from '@comics/shared/schemas/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { findOwnReview, IssueReviews, type ReviewAccount } from './issue-reviews';

const issue = { id: 42, volume_id: 7, issue_number: 5, avgRating: 3 };

function review(id: number, username: string, rating: number, description: string, verifiedPurchase = false): Review {
  const at = `2024-05-0${id}T10:00:00.000Z`;
  return { id, rating, description, createdAt: at, updatedAt: at, User: { username }, verifiedPurchase };
}

const reviews = [
  review(3, 'Grace', 2, '<script>alert(1)</script> <b>not bold</b>'),
  review(2, 'Ada', 4, 'Loved the art.', true),
];
const answer: IssueReviewsAnswer = {
  reviews,
  summary: { average: 3, count: 2, histogram: { 5: 0, 4: 1, 3: 0, 2: 1, 1: 0 } },
  page: 1,
  limit: 20,
};
const none: IssueReviewsAnswer = {
  reviews: [],
  summary: { average: null, count: 0, histogram: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
  page: 1,
  limit: 20,
};

function setup(account: ReviewAccount | null, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/issues/42/reviews': { body: answer }, ...handlers });
  const onPosted = vi.fn();
  const view = renderRoute(
    <IssueReviews issue={issue} comicName="Night Watch" account={account} onPosted={onPosted} />,
    { path: '/cardDetail/7' },
  );
  return { ...api, ...view, onPosted, user: userEvent.setup() };
}

describe('IssueReviews', () => {
  it('shows the average as stars with the count of reviews', async () => {
    const { calls } = setup(null);
    expect(await screen.findByText('3.0 · 2 reviews')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 3.0 out of 5' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/issues/42/reviews')?.query).toEqual({ page: '1' });
  });

  it("says 'Not reviews for this comic' when there is none", async () => {
    setup(null, { 'GET /api/issues/42/reviews': { body: none } });
    expect(await screen.findByText('Not reviews for this comic')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it("'See Reviews' lists who wrote what, newest first, as plain text, with the histogram and 'Verified purchase'", async () => {
    const { user } = setup(null);
    await user.click(screen.getByRole('button', { name: 'See Reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews of Night Watch #5' });

    const items = within(within(dialog).getByRole('list', { name: 'Reviews, newest first' })).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Review by Grace', 'Review by Ada']);
    // Typed markup is text: nothing of it became an element.
    expect(within(items[0]!).getByText('<script>alert(1)</script> <b>not bold</b>')).toBeInTheDocument();
    expect(dialog.querySelector('script, b')).toBeNull();
    expect(within(items[0]!).getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeInTheDocument();
    expect(within(items[0]!).queryByText('Verified purchase')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Verified purchase')).toBeInTheDocument();

    const histogram = within(dialog).getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(histogram)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['5 stars,0 reviews', '4 stars,1 review', '3 stars,0 reviews', '2 stars,1 review', '1 star,0 reviews']);
  });

  it("'Post Review' sends a guest to /login", async () => {
    const { user, router } = setup(null);
    await user.click(screen.getByRole('link', { name: 'Post Review (log in first)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("posts for a signed-in user, then says 'Post review' / 'Your review has been posted ok' and reloads", async () => {
    const saved = review(4, 'Lin', 5, 'Wow.');
    let posted = false;
    const { user, calls, onPosted } = setup(
      { id: 3, name: 'Lin' },
      {
        'POST /api/ratings': () => {
          posted = true;
          return { body: saved };
        },
        'GET /api/issues/42/reviews': () => ({
          body: posted
            ? {
                ...answer,
                reviews: [saved, ...reviews],
                summary: { average: 3.67, count: 3, histogram: { 5: 1, 4: 1, 3: 0, 2: 1, 1: 0 } },
              }
            : answer,
        }),
      },
    );
    await screen.findByText('3.0 · 2 reviews');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    const form = await screen.findByRole('dialog', { name: /^Post Review/ });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByRole('textbox'), 'Wow.');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const popup = await screen.findByRole('dialog', { name: 'Post review' });
    expect(popup).toHaveAccessibleDescription('Your review has been posted ok');
    expect(onPosted).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.path === '/api/ratings')?.body).toEqual({
      rating: 5,
      description: 'Wow.',
      ComicId: 7,
      UserId: 3,
      IssueId: 42,
    });
    // The average and the count come back from the server once it has the review.
    expect(await screen.findByText('3.7 · 3 reviews')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Post Review/ })).not.toBeInTheDocument());

    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post review' })).not.toBeInTheDocument());
  });

  it("opens the form on the user's own review when the list has it", async () => {
    const { user } = setup({ id: 5, name: 'Ada' });
    await screen.findByText('3.0 · 2 reviews');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    const form = await screen.findByRole('dialog', { name: /^Post Review/ });
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByRole('textbox')).toHaveValue('Loved the art.');
  });
});

describe('findOwnReview', () => {
  it("finds the user's review by username, and no one's when the name is not unique", () => {
    expect(findOwnReview(reviews, 'Ada')).toBe(reviews[1]);
    expect(findOwnReview(reviews, 'Lin')).toBeUndefined();
    expect(findOwnReview(reviews, null)).toBeUndefined();
    expect(findOwnReview([...reviews, review(5, 'Ada', 1, 'Another Ada')], 'Ada')).toBeUndefined();
  });
});
