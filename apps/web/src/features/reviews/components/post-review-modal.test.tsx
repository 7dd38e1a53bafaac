import { ERROR_CODES } from '@comics/shared/error-codes';
import type { Review } from '@comics/shared/schemas/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { PostReviewModal, type OwnReview } from './post-review-modal';

const saved: Review = {
  id: 9,
  rating: 4,
  description: 'Great.',
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  User: { username: 'Ada' },
  verifiedPurchase: false,
};

function setup(answer: MockAnswer | (() => Promise<MockAnswer>), own?: OwnReview) {
  const api = mockApi({ 'POST /api/ratings': answer });
  const onPosted = vi.fn();
  const onHide = vi.fn();
  renderRoute(
    <PostReviewModal
      show
      volumeId={7}
      issueId={42}
      userId={3}
      title="Night Watch #5"
      own={own}
      onHide={onHide}
      onPosted={onPosted}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: /^Post Review/ });
  return {
    ...api,
    onPosted,
    onHide,
    dialog,
    user: userEvent.setup(),
    save: () => within(dialog).getByRole('button', { name: 'Save Changes' }),
    star: (name: string) => within(dialog).getByRole('radio', { name }),
    text: () => within(dialog).getByRole('textbox', { name: /Your review/ }),
  };
}

/** A server answer that waits until the test releases it. */
function deferred() {
  let release: (answer: MockAnswer) => void = () => undefined;
  const answer = new Promise<MockAnswer>((resolve) => (release = resolve));
  return { answer: () => answer, release: (value: MockAnswer) => release(value) };
}

describe('PostReviewModal', () => {
  it("offers 5 stars as a radio group labelled '1 star' to '5 stars'; Save waits for a rating", async () => {
    const { dialog, save, star, user } = setup({ body: saved });
    const group = within(dialog).getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect(star(name)).not.toBeChecked();
    }
    expect(save()).toBeDisabled();

    await user.click(star('4 stars'));
    expect(star('4 stars')).toBeChecked();
    expect(save()).toBeEnabled();
  });

  it('is operable from the keyboard: arrows move the rating', async () => {
    const { star, user } = setup({ body: saved });
    await user.click(star('2 stars'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(star('4 stars')).toBeChecked();
    expect(star('4 stars')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(star('3 stars')).toBeChecked();
  });

  it('counts the characters against the 2,000 limit, which the text area enforces', async () => {
    const { text, dialog, user } = setup({ body: saved });
    expect(text()).toHaveAttribute('maxLength', '2000');
    expect(text()).toHaveAccessibleDescription('0 / 2,000 characters');
    await user.type(text(), 'Loved it');
    expect(within(dialog).getByText('8 / 2,000 characters')).toBeInTheDocument();
  });

  it('posts the rating, the text and the ids in the spec’s names, waiting with Save disabled', async () => {
    const server = deferred();
    const { calls, save, star, text, user, onPosted } = setup(server.answer);
    await user.click(star('4 stars'));
    await user.type(text(), '<b>Great</b>');
    await user.click(save());

    await waitFor(() => expect(save()).toBeDisabled());
    expect(star('1 star')).toBeDisabled();
    expect(text()).toBeDisabled();
    expect(onPosted).not.toHaveBeenCalled();

    server.release({ body: saved });
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(saved));
    expect(calls.filter((call) => call.path === '/api/ratings').map((call) => call.body)).toEqual([
      { rating: 4, description: '<b>Great</b>', ComicId: 7, UserId: 3, IssueId: 42 },
    ]);
  });

  it("shows the server's field messages beside the rating and the text, until they change", async () => {
    const { save, star, text, dialog, user, onPosted } = setup(
      apiError(400, ERROR_CODES.validationFailed, 'Check the review.', {
        rating: 'Must be a whole number of stars from 1 to 5',
        description: 'At most 2000 characters',
      }),
    );
    await user.click(star('5 stars'));
    await user.click(save());

    expect(await within(dialog).findByText('At most 2000 characters')).toBeInTheDocument();
    expect(text()).toHaveAttribute('aria-invalid', 'true');
    expect(text()).toHaveAccessibleDescription(/At most 2000 characters/);
    const group = within(dialog).getByRole('group', { name: 'Your rating' });
    expect(group).toHaveAccessibleDescription('Must be a whole number of stars from 1 to 5');
    // The field messages say it all: no extra alert.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(onPosted).not.toHaveBeenCalled();
    expect(save()).toBeEnabled();

    await user.type(text(), 'x');
    expect(within(dialog).queryByText('At most 2000 characters')).not.toBeInTheDocument();
    expect(group).not.toHaveAccessibleDescription();
  });

  it("shows any other refusal as the server's message in the dialog", async () => {
    const { save, star, dialog, user } = setup(apiError(429, ERROR_CODES.rateLimited, 'Too many reviews saved.'));
    await user.click(star('3 stars'));
    await user.click(save());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reviews saved.');
    expect(save()).toBeEnabled();
  });

  it("starts from the user's earlier review, so saving again edits it", async () => {
    const { star, text, save, calls, user } = setup({ body: saved }, { rating: 4, description: 'Good one.' });
    expect(star('4 stars')).toBeChecked();
    expect(text()).toHaveValue('Good one.');
    expect(save()).toBeEnabled();

    await user.click(star('2 stars'));
    await user.click(save());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/ratings')?.body).toMatchObject({
        rating: 2,
        description: 'Good one.',
      }),
    );
  });

  it('closes with Close', async () => {
    const { dialog, onHide, user } = setup({ body: saved });
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onHide).toHaveBeenCalled();
  });
});
