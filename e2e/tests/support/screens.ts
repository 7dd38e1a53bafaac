// Locators shared by the specs, found the way a user finds things: by role, label and text.
import { expect, type Locator, type Page } from '@playwright/test';

/** The comic cards of the home catalogue. */
export function comicCards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

/** The names of the comic cards, in order (each card's name is its link). */
export function comicCardNames(page: Page): Locator {
  return comicCards(page).getByRole('link');
}

export function catalogPager(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Catalogue pages' });
}

export function publisherFilter(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Filter by publisher' });
}

/** The catalogue's order: the spec's 'Sort by name...' (A - Z, Z - A), Newest and Top rated. */
export function catalogSort(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Sort comics' });
}

export function searchBox(page: Page): Locator {
  return page.getByPlaceholder('Search comic...');
}

/** Waits until the home shows exactly these cards, in this order. */
export async function expectCards(page: Page, names: string[]): Promise<void> {
  expect(names.length).toBeGreaterThan(0);
  await expect(comicCardNames(page)).toHaveText(names);
}

/** Resolves once the image has loaded (scrolling it in first: covers are lazy). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'the image loads',
    })
    .toBe(true);
}

/** The issues section of a comic's page and its cards. */
export function issuesSection(page: Page): Locator {
  return page.getByRole('region', { name: /^Issues/ });
}

export function issueButtons(page: Page): Locator {
  return issuesSection(page).getByRole('button', { name: /, open details$/ });
}
