// The catalogue as the API answers it (docs/product.md §3): comics are volumes, each with issues. The
// shapes are the shared schemas' (one definition for server and client), imported as types
// only, so no schema code reaches the bundle.
import type { ComicDetail, ComicSort, RatedIssue } from '@comics/shared/schemas/catalog';
import type { ReactNode } from 'react';

import type { ProgressLookup } from '@/components/reader-link';

export type { ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
export type Comic = ComicDetail;
/** The catalogue's orders: by name (the spec's A - Z, Z - A), newest, top rated. */
export type CatalogSort = ComicSort;

export type CatalogQuery = {
  page: number;
  publisher: string | null;
  sort: CatalogSort | null;
  /** Search text; null browses the whole catalogue. */
  q: string | null;
};

/**
 * What a signed-in USER can do with issues (docs/product.md §2 issue modal, comic detail): favourite,
 * cart, 'Buy now', 'BUY ALL COMICS!'. The app layer builds it from the cart and favourites
 * features, which the catalogue may not import; the catalogue only shows it.
 */
export type IssueShop = {
  /** False until the cart, the favourites and the purchases are known. */
  ready: boolean;
  /** Why one of them could not be loaded, if it could not. */
  loadError: unknown;
  isFavourite: (issueId: number) => boolean;
  isInCart: (issueId: number) => boolean;
  /** Bought already (in 'My comics'): not for sale again. */
  isOwned: (issueId: number) => boolean;
  setFavourite: (issueId: number, favourite: boolean) => Promise<unknown>;
  setInCart: (issueId: number, inCart: boolean) => Promise<unknown>;
  /** Puts these issues in the cart in one request; resolves to how many were added. */
  addAllToCart: (issueIds: number[]) => Promise<number>;
  /** Where the reader stopped in an owned issue ('Continue (page N of M)'); without it, 'Read'. */
  readingProgress?: ProgressLookup | undefined;
  /** 'Download for offline' beside an owned issue's way into the reader (issue 28). */
  keepOffline?: ((issueId: number) => ReactNode) | undefined;
};

/**
 * The issue modal's reviews (docs/product.md §2 issue modal): the rating with how many reviews,
 * 'See Reviews' and 'Post Review'. The app layer renders them from the reviews feature, which the
 * catalogue may not import; without it the modal shows the issue's average alone.
 */
export type IssueReviewsSlot = (issue: RatedIssue, comicName: string) => ReactNode;

/**
 * The administrator's tools on a comic's page (/admin/cardDetail/{id}): 'Edit comic' under the
 * comic's header and 'Edit issue' in the issue modal. The app layer renders them from the
 * admin-catalog feature, on the admin's pages only; the catalogue only gives them their place.
 */
export type CatalogAdminSlot = {
  comic: (comic: Comic) => ReactNode;
  issue: (issue: RatedIssue, comicName: string) => ReactNode;
};

/**
 * 'Follow series' on a comic's page (issue 24), under its name. The app layer renders it from the
 * follows feature, which the catalogue may not import; the catalogue only gives it its place.
 */
export type FollowSlot = (comic: Comic) => ReactNode;
