import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/testing/render-route';

import type { RatedIssue } from '../types';
import { ComicCredits } from './comic-credits';
import { ComicFacts } from './comic-facts';
import { IssueModal } from './issue-modal';

const handMade: RatedIssue = {
  id: 42,
  volume_id: 7,
  issue_number: 5,
  name: 'The Long Night',
  description: '<p>Two soldiers and a baby.</p>',
  image: '/media/cover.webp',
  price: 3.99,
  avgRating: null,
};

const imported: RatedIssue = {
  ...handMade,
  // As the API answers them: role order, then name.
  credits: [
    { role: 'writer', name: 'Ada Brook' },
    { role: 'writer', name: 'Zoë Ward' },
    { role: 'penciller', name: 'Mina Okafor' },
    { role: 'cover_artist', name: 'Mina Okafor' },
  ],
  genres: ['Fantasy', 'Science Fiction'],
  cover_date: '2019-03-14',
  language_iso: 'en',
  age_rating: 'Teen',
};

/** The description list's terms and what each says, in order. */
function rows(list: HTMLElement) {
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('ComicCredits', () => {
  it("lists each role once, in the catalogue's order whatever the answer's, its names linking to a search", async () => {
    const { router } = renderRoute(
      <ComicCredits
        area="user"
        headingLevel={2}
        credits={[
          { role: 'editor', name: 'Lee Park' },
          { role: 'cover_artist', name: 'Mina Okafor' },
          { role: 'writer', name: 'Ada Brook' },
          { role: 'writer', name: 'Zoë Ward' },
        ]}
      />,
      { path: '/user/cardDetail/7' },
    );
    const region = screen.getByRole('region', { name: 'Credits' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Credits' })).toBeInTheDocument();
    expect(rows(region)).toEqual([
      ['Writer', 'Ada Brook, Zoë Ward'],
      ['Cover artist', 'Mina Okafor'],
      ['Editor', 'Lee Park'],
    ]);
    const link = within(region).getByRole('link', { name: 'Zoë Ward' });
    expect(link).toHaveAttribute('href', '/user/home?q=Zo%C3%AB+Ward');
    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/user/home');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Zoë Ward');
  });

  it("ends a long role in 'and N more'", () => {
    const credits = Array.from({ length: 11 }, (_, index) => ({ role: 'penciller' as const, name: `Artist ${index}` }));
    renderRoute(<ComicCredits area="public" headingLevel={3} credits={credits} />);
    const region = screen.getByRole('region', { name: 'Credits' });
    expect(within(region).getAllByRole('link')).toHaveLength(8);
    expect(region).toHaveTextContent('and 3 more');
    expect(within(region).getByRole('link', { name: 'Artist 0' })).toHaveAttribute('href', '/home?q=Artist+0');
  });

  it('renders nothing without credits', () => {
    const { container } = renderRoute(
      <>
        <ComicCredits area="public" headingLevel={2} credits={undefined} />
        <ComicCredits area="public" headingLevel={2} credits={[]} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ComicFacts', () => {
  it('gives the cover date as dates are written elsewhere, the language by name and genres as search links', () => {
    renderRoute(
      <ComicFacts area="admin" coverDate="2019-03" languageIso="pt-BR" ageRating="Mature 17+" genres={['Horror']} />,
    );
    const list = screen.getByText('Cover date').closest('dl')!;
    expect(rows(list)).toEqual([
      ['Cover date', 'Mar 2019'],
      ['Language', 'Brazilian Portuguese'],
      ['Age rating', 'Mature 17+'],
      ['Genres', 'Horror'],
    ]);
    expect(within(list).getByText('Mar 2019')).toHaveAttribute('datetime', '2019-03');
    expect(within(list).getByRole('link', { name: 'Horror' })).toHaveAttribute('href', '/admin?q=Horror');
  });

  it('shows only what is known, and nothing when nothing is', () => {
    const { container, rerender } = renderRoute(<ComicFacts area="public" genres={[]} coverDate={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ComicFacts area="public" ageRating="Teen" />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Age rating']);
  });
});

describe('IssueModal', () => {
  it("shows an imported issue's cover date, language, age rating, genres and credits, searching the area's catalogue", () => {
    renderRoute(<IssueModal issue={imported} comicName="Night Watch" role="USER" onClose={() => undefined} />, {
      path: '/user/cardDetail/7',
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Two soldiers and a baby.')).toBeInTheDocument();
    const credits = within(dialog).getByRole('region', { name: 'Credits' });
    expect(within(credits).getByRole('heading', { level: 3 })).toHaveTextContent('Credits');
    expect(rows(credits)).toEqual([
      ['Writer', 'Ada Brook, Zoë Ward'],
      ['Penciller', 'Mina Okafor'],
      ['Cover artist', 'Mina Okafor'],
    ]);
    expect(rows(within(dialog).getByText('Cover date').closest('dl')!)).toEqual([
      ['Cover date', '14 Mar 2019'],
      ['Language', 'English'],
      ['Age rating', 'Teen'],
      ['Genres', 'FantasyScience Fiction'],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Science Fiction' })).toHaveAttribute(
      'href',
      '/user/home?q=Science+Fiction',
    );
  });

  it('shows none of it for a hand-made issue', () => {
    renderRoute(<IssueModal issue={handMade} comicName="Night Watch" role={null} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Two soldiers and a baby.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Credits' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('term')).not.toBeInTheDocument();
  });
});
