// Catalogue use cases: paging rules and the mapping from rows to the spec's answer shapes
// (snake_case fields, prices in dollars).
import { centsToDollars } from '@comics/shared/money';
import type {
  ComicDetail,
  ComicListQuery,
  ComicSearchQuery,
  ComicSummary,
  Issue,
  RatedIssue,
} from '@comics/shared/schemas/catalog';
import { COMICS_PER_PAGE } from '@comics/shared/constants';
import { notFound } from '../../lib/errors';
import type { CatalogRepository, IssueRow, Page, VolumeSummaryRow } from './repository';

export interface PagedComics {
  comics: ComicSummary[];
  /** All matches across pages; the route sends it as X-Total-Count. */
  total: number;
}

function toPage(query: { page?: number | undefined; limit?: number | undefined }): Page {
  const limit = query.limit ?? COMICS_PER_PAGE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

function toSummary(row: VolumeSummaryRow): ComicSummary {
  return {
    id: row.id,
    name: row.name,
    deck: row.deck,
    start_year: row.startYear,
    image: row.image,
    publisher: row.publisher,
  };
}

function toIssue(row: IssueRow): Issue {
  return {
    id: row.id,
    volume_id: row.volumeId,
    issue_number: row.issueNumber,
    name: row.name,
    description: row.description,
    image: row.image,
    price: centsToDollars(row.priceCents),
  };
}

export function createCatalogService(repository: CatalogRepository) {
  async function requireVolume(id: number): Promise<void> {
    if (!(await repository.volumeExists(id))) throw notFound('Comic');
  }

  return {
    /** Without page or limit the whole list, as the spec's client expects; otherwise one page. */
    async listComics(query: ComicListQuery): Promise<PagedComics> {
      const paged = query.page !== undefined || query.limit !== undefined;
      const { rows, total } = await repository.listVolumes(query, paged ? toPage(query) : null);
      return { comics: rows.map(toSummary), total };
    },

    async searchComics(query: ComicSearchQuery): Promise<PagedComics> {
      const { rows, total } = await repository.searchVolumes(query.name, query, toPage(query));
      return { comics: rows.map(toSummary), total };
    },

    async getComic(id: number): Promise<ComicDetail> {
      const row = await repository.findVolume(id);
      if (!row) throw notFound('Comic');
      return { ...toSummary(row), description: row.description };
    },

    async listIssues(volumeId: number): Promise<Issue[]> {
      const rows = await repository.listIssues(volumeId);
      if (rows.length === 0) await requireVolume(volumeId);
      return rows.map(toIssue);
    },

    async listRatedIssues(volumeId: number): Promise<RatedIssue[]> {
      const rows = await repository.listIssuesWithRating(volumeId);
      if (rows.length === 0) await requireVolume(volumeId);
      return rows.map((row) => ({ ...toIssue(row), avgRating: row.avgRating }));
    },

    listPublishers: () => repository.listPublisherNames(),

    findIssueForCover: (id: number) => repository.findIssue(id),
    findVolumeForCover: (id: number) => repository.findVolume(id),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
