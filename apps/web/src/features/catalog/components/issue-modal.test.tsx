import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { PageProgress } from '@/components/reader-link';
import { ApiError } from '@/lib/api-client';
import { renderRoute } from '@/testing/render-route';

import type { CatalogAdminSlot, IssueShop, RatedIssue } from '../types';
import { IssueModal } from './issue-modal';

const issue: RatedIssue = {
  id: 42,
  volume_id: 7,
  issue_number: 5,
  name: 'The Long Night',
  description: null,
  image: '/media/cover.webp',
  price: 3.99,
  avgRating: null,
};

type ShopState = { favourites: number[]; cart: number[]; owned: number[] };
type ShopExtras = { progress?: PageProgress; ready?: boolean };

/** A USER's shop held in component state, so the modal re-renders as the calls succeed. */
function Harness({
  initial,
  failCart,
  extras = {},
  spy,
}: {
  initial: ShopState;
  failCart?: Error | undefined;
  extras?: ShopExtras;
  spy: { setFavourite: (id: number, on: boolean) => void; setInCart: (id: number, on: boolean) => void };
}) {
  const [state, setState] = useState(initial);
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  const shop: IssueShop = {
    ready: extras.ready ?? true,
    loadError: null,
    isFavourite: (id) => state.favourites.includes(id),
    isInCart: (id) => state.cart.includes(id),
    isOwned: (id) => state.owned.includes(id),
    setFavourite: async (id, on) => {
      spy.setFavourite(id, on);
      setState((s) => ({ ...s, favourites: toggle(s.favourites, id, on) }));
    },
    setInCart: async (id, on) => {
      spy.setInCart(id, on);
      if (failCart) throw failCart;
      setState((s) => ({ ...s, cart: toggle(s.cart, id, on) }));
    },
    addAllToCart: async () => 0,
    readingProgress: (id) => (id === issue.id ? extras.progress : undefined),
  };
  return <IssueModal issue={issue} comicName="Night Watch" role="USER" shop={shop} onClose={() => undefined} />;
}

function setup(initial: Partial<ShopState> = {}, failCart?: Error, extras?: ShopExtras) {
  const spy = { setFavourite: vi.fn(), setInCart: vi.fn() };
  const view = renderRoute(
    <Harness
      initial={{ favourites: [], cart: [], owned: [], ...initial }}
      failCart={failCart}
      extras={extras}
      spy={spy}
    />,
    { path: '/user/cardDetail/7' },
  );
  return { ...view, spy, user: userEvent.setup(), dialog: () => screen.getByRole('dialog') };
}

describe('IssueModal for a USER', () => {
  it("reads 'remuve_Fav' for a favourite and 'Add to favorites' otherwise, and toggles", async () => {
    const { user, spy, dialog } = setup({ favourites: [42] });
    await user.click(within(dialog()).getByRole('button', { name: 'remuve_Fav' }));
    expect(spy.setFavourite).toHaveBeenCalledWith(42, false);
    const add = await within(dialog()).findByRole('button', { name: 'Add to favorites' });
    expect(within(dialog()).queryByRole('button', { name: 'remuve_Fav' })).not.toBeInTheDocument();

    await user.click(add);
    expect(spy.setFavourite).toHaveBeenLastCalledWith(42, true);
    expect(await within(dialog()).findByRole('button', { name: 'remuve_Fav' })).toBeInTheDocument();
  });

  it("follows the cart: 'Add to cart', then 'Remove from cart'", async () => {
    const { user, spy, dialog } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Add to cart' }));
    expect(spy.setInCart).toHaveBeenCalledWith(42, true);
    await user.click(await within(dialog()).findByRole('button', { name: 'Remove from cart' }));
    expect(spy.setInCart).toHaveBeenLastCalledWith(42, false);
    expect(await within(dialog()).findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it("shows an owned issue as 'Owned' instead of the cart button, and does not sell it again", () => {
    const { dialog } = setup({ owned: [42] });
    expect(within(dialog()).getByText('Owned')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'In My comics' })).toHaveAttribute('href', '/user/purchases');
    expect(within(dialog()).queryByRole('button', { name: /cart/ })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Buy now' })).toBeDisabled();
  });

  it('says in the modal why a call failed', async () => {
    const { user, dialog } = setup({}, new ApiError(409, 'already_owned', 'You already own this issue.'));
    await user.click(within(dialog()).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('You already own this issue.');
    expect(within(dialog()).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it("'Buy now' puts the issue in the cart, then goes to /user/shop", async () => {
    const { user, spy, dialog, router } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/shop'));
    expect(spy.setInCart).toHaveBeenCalledWith(42, true);
  });

  it("'Buy now' for an issue already in the cart just goes to /user/shop", async () => {
    const { user, spy, dialog, router } = setup({ cart: [42] });
    await user.click(within(dialog()).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/shop'));
    expect(spy.setInCart).not.toHaveBeenCalled();
  });

  it("'Buy now' stays when the issue cannot be added, and says why", async () => {
    const { user, dialog, router } = setup({}, new ApiError(409, 'already_owned', 'You already own this issue.'));
    await user.click(within(dialog()).getByRole('button', { name: 'Buy now' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('You already own this issue.');
    expect(router.state.location.pathname).toBe('/user/cardDetail/7');
  });
});

describe('IssueModal for a guest', () => {
  it("sends favourite, cart and 'Buy now' to /login", () => {
    renderRoute(<IssueModal issue={issue} comicName="Night Watch" role={null} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', '/login');
    expect(within(dialog).getByRole('link', { name: 'Add to favourites (log in first)' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(dialog).queryByText('remuve_Fav')).not.toBeInTheDocument();
  });
});

describe('IssueModal rating', () => {
  it("shows the average as stars, or 'Not reviews for this comic'", () => {
    const view = renderRoute(
      <IssueModal issue={{ ...issue, avgRating: 3.5 }} comicName="Night Watch" role={null} onClose={() => undefined} />,
    );
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    view.unmount();
    renderRoute(<IssueModal issue={issue} comicName="Night Watch" role={null} onClose={() => undefined} />);
    expect(within(screen.getByRole('dialog')).getByText('Not reviews for this comic')).toBeInTheDocument();
  });

  it("shows the page's reviews in its place, for this issue", () => {
    const reviews = vi.fn((shown: RatedIssue, comicName: string) => (
      <p>
        Reviews of {comicName} #{shown.issue_number}
      </p>
    ));
    renderRoute(
      <IssueModal issue={issue} comicName="Night Watch" role={null} reviews={reviews} onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Reviews of Night Watch #5')).toBeInTheDocument();
    expect(within(dialog).queryByText('Not reviews for this comic')).not.toBeInTheDocument();
    expect(reviews).toHaveBeenCalledWith(issue, 'Night Watch');
  });
});

describe('IssueModal reader links', () => {
  const readerLinks = (dialog: HTMLElement) =>
    within(dialog)
      .queryAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/user/read/'))
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it("gives an owner 'Read', or 'Continue (page N of M)' where they stopped", () => {
    const { dialog, unmount } = setup({ owned: [42] });
    expect(readerLinks(dialog())).toEqual([['Read', '/user/read/42']]);
    unmount();
    const again = setup({ owned: [42] }, undefined, { progress: { page: 7, pageCount: 22 } });
    expect(readerLinks(again.dialog())).toEqual([['Continue (page 7 of 22)', '/user/read/42']]);
    expect(within(again.dialog()).getByRole('link', { name: 'Continue (page 7 of 22)' })).toBeInTheDocument();
  });

  it("gives a USER who does not own the issue 'Read a preview', whatever the shelf says", () => {
    const { dialog } = setup({}, undefined, { progress: { page: 2, pageCount: 22 } });
    expect(within(dialog()).getByRole('link', { name: 'Read a preview' })).toHaveAttribute('href', '/user/read/42');
    expect(readerLinks(dialog())).toHaveLength(1);
  });

  it("shows no preview link until a USER's shop is known (the issue may be theirs)", () => {
    const { dialog } = setup({}, undefined, { ready: false });
    expect(readerLinks(dialog())).toEqual([]);
  });

  it("gives a guest 'Read a preview'", () => {
    renderRoute(<IssueModal issue={issue} comicName="Night Watch" role={null} onClose={() => undefined} />);
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Read a preview' })).toHaveAttribute(
      'href',
      '/user/read/42',
    );
  });

  it("gives an ADMIN 'Read', or leaves it to the admin's tools when the page supplies them", () => {
    const view = renderRoute(
      <IssueModal issue={issue} comicName="Night Watch" role="ADMIN" onClose={() => undefined} />,
    );
    expect(readerLinks(screen.getByRole('dialog'))).toEqual([['Read', '/user/read/42']]);
    view.unmount();

    const admin: CatalogAdminSlot = { comic: () => null, issue: (shown) => <p>Tools for #{shown.issue_number}</p> };
    renderRoute(
      <IssueModal issue={issue} comicName="Night Watch" role="ADMIN" admin={admin} onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Tools for #5')).toBeInTheDocument();
    expect(readerLinks(dialog)).toEqual([]);
  });
});
