// Catalogue use cases over canonical queries (see queries.ts): listing, search, one comic, its
// issues, and 404 for a comic that does not exist. Answers are domain objects (camelCase,
// prices in cents); the routes map them to the spec's wire shapes (see wire.ts). A comic's page
// also shows who made it and its genres (see credits.ts).
import { notFound } from '../../platform/http/errors';
import type { IssueCredits, VolumeCredits } from './credits';
import type { ComicListing, ComicSearch } from './queries';
import type { CatalogRepository, IssueFacts, VolumeListRow, VolumeRow, VolumeSummaryRow } from './repository';
import type { IssueRow } from './selections';

export type Comic = VolumeSummaryRow;
/** A comic as the lists show it, with its price range and rating (its card). */
export type ListedComic = VolumeListRow;
export type ComicWithDescription = VolumeRow;
export type ComicIssue = Pick<
  IssueRow,
  'id' | 'volumeId' | 'issueNumber' | 'name' | 'description' | 'image' | 'priceCents'
>;
export type RatedComicIssue = ComicIssue & { avgRating: number | null };
/** A comic as its page shows it: with the credits and genres of its issues. */
export type ComicWithCredits = ComicWithDescription & VolumeCredits;
/** An issue as its comic's page shows it: with its credits, genres, cover date, language and age rating. */
export type DetailedIssue = ComicIssue & IssueFacts & IssueCredits;
export type RatedDetailedIssue = DetailedIssue & { avgRating: number | null };

export interface PagedComics {
  comics: ListedComic[];
  /** All matches across pages; the route sends it as X-Total-Count. */
  total: number;
}

export function createCatalogService({ repository }: { repository: CatalogRepository }) {
  async function requireVolume(id: number): Promise<void> {
    if (!(await repository.volumeExists(id))) throw notFound('Comic');
  }

  return {
    async listComics(listing: ComicListing): Promise<PagedComics> {
      const { rows, total } = await repository.listVolumes(listing, listing.page);
      return { comics: rows, total };
    },

    async searchComics(search: ComicSearch): Promise<PagedComics> {
      const { rows, total } = await repository.searchVolumes(search.text, search, search.page);
      return { comics: rows, total };
    },

    async getComic(id: number): Promise<ComicWithDescription> {
      const comic = await repository.findVolume(id);
      if (!comic) throw notFound('Comic');
      return comic;
    },

    /** The comic with who made its issues and their genres, for its page. */
    async getComicWithCredits(id: number): Promise<ComicWithCredits> {
      const comic = await repository.findVolumeWithCredits(id);
      if (!comic) throw notFound('Comic');
      return comic;
    },

    async listIssues(volumeId: number): Promise<DetailedIssue[]> {
      const rows = await repository.listIssues(volumeId);
      if (rows.length === 0) await requireVolume(volumeId);
      return rows;
    },

    async listRatedIssues(volumeId: number): Promise<RatedDetailedIssue[]> {
      const rows = await repository.listIssuesWithRating(volumeId);
      if (rows.length === 0) await requireVolume(volumeId);
      return rows;
    },

    listPublishers: () => repository.listPublisherNames(),

    /** An issue with its volume's name (its cover, the reader), or undefined. */
    findIssue: (id: number) => repository.findIssue(id),
    findVolumeForCover: (id: number) => repository.findVolume(id),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
