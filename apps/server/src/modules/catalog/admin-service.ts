// Catalogue use cases of administrators (docs/product.md §4 Upload, issue 11 admin catalogue): a
// new comic on sale at once, a new issue of a comic, and edits of a volume or an issue. Each is
// one transaction with its audit entry; after it commits, the change is published on the
// catalogue events, so every cache showing catalogue data drops what became stale and the public
// pages show the change at once. Other modules take part in a new issue through `issueAdded`
// (the series' followers are e-mailed), inside its transaction: the catalogue imports none of them.
// Descriptions are sanitised here as the seeded catalogue's are (sanitize.ts): stored clean, served as is.
import type { z } from 'zod';
import { dollarsToCents } from '@comics/shared/money';
import type { issueEditBody, newComicBody, newIssueBody, volumeEditBody } from '@comics/shared/schemas/admin';
import type { Database } from '../../db/client';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { notFound } from '../../platform/http/errors';
import type { CatalogAdminRepository, IssueValues, VolumeValues } from './admin-repository';
import { sanitizeDescription } from './sanitize';
import type { ComicIssue, ComicWithDescription } from './service';

export type NewComic = z.output<typeof newComicBody>;
export type VolumeEdit = z.output<typeof volumeEditBody>;
export type IssueEdit = z.output<typeof issueEditBody>;
/** A new issue as the route passes it: the image as its stored path (null: a drawn cover). */
export type NewIssue = Omit<z.output<typeof newIssueBody>, 'image'> & { image: string | null };

/** A new issue as the modules that take part in it see it. */
export interface IssueAddition {
  id: number;
  volumeId: number;
  volumeName: string;
  issueNumber: number;
  name: string | null;
  priceCents: number;
}

/**
 * Another module's part in a new issue: called inside the transaction that adds it, with that
 * transaction (what it writes there commits with the issue, or neither does); the function it
 * may answer runs once the transaction has committed.
 */
export type IssueAddedHook = (issue: IssueAddition, tx: Database) => Promise<(() => void) | void>;

export interface CatalogAdminServiceOptions {
  repository: CatalogAdminRepository;
  events: CatalogEvents;
  /** What each issue of a new comic costs until an administrator prices it. */
  defaultIssuePriceCents: number;
  /** Told of each new issue in its transaction (the follows' e-mails); none by default. */
  issueAdded?: IssueAddedHook;
}

/** The order in which changed fields are listed (in audit entries and events). */
const VOLUME_FIELDS = ['name', 'deck', 'description', 'image', 'publisher'] as const;
const ISSUE_FIELDS = ['name', 'description', 'price'] as const;

/** Optional text as stored: an empty value is no value. */
const textOrNull = (text: string | null) => (text ? text : null);

export function createCatalogAdminService({
  repository,
  events,
  defaultIssuePriceCents,
  issueAdded,
}: CatalogAdminServiceOptions) {
  return {
    /**
     * Creates the volume with issues 1…episodes at the default price, and its publisher when no
     * publisher has that name (ignoring case). The volume's image is every issue's cover.
     */
    async createComic(actorId: number, comic: NewComic): Promise<ComicWithDescription> {
      const created = await repository.transaction(async (writes) => {
        const publisher = await writes.findOrCreatePublisher(comic.publisher);
        const volumeId = await writes.insertVolume({
          name: comic.name,
          deck: null,
          description: sanitizeDescription(comic.description),
          // The release date is what the form asks; the catalogue shows its year.
          startYear: Number(comic.release.slice(0, 4)),
          image: comic.imagen,
          publisherId: publisher.id,
        });
        await writes.insertIssues(volumeId, comic.episodes, {
          priceCents: defaultIssuePriceCents,
          image: comic.imagen,
        });
        await writes.audit({
          actorId,
          action: 'comic.created',
          target: `volume ${volumeId}`,
          details: { name: comic.name, episodes: comic.episodes },
        });
        return (await writes.findVolume(volumeId))!;
      });
      events.publish({ kind: 'volume_created', volumeId: created.id, fields: [], issuesChanged: false });
      return created;
    },

    /**
     * Adds an issue to the volume, numbered after its last one, at the default price unless
     * given one; `issueAdded` takes part in the same transaction. 404 for an unknown volume.
     */
    async addIssue(actorId: number, volumeId: number, values: NewIssue): Promise<ComicIssue> {
      const outcome = await repository.transaction(async (writes, tx) => {
        const volume = await writes.lockVolume(volumeId);
        if (!volume) return null;
        const issue = await writes.insertNextIssue(volumeId, {
          name: textOrNull(values.name ?? null),
          description: sanitizeDescription(values.description),
          priceCents: values.price === undefined ? defaultIssuePriceCents : dollarsToCents(values.price),
          image: values.image,
        });
        await writes.audit({
          actorId,
          action: 'issue.created',
          target: `issue ${issue.id}`,
          details: { volumeId, issueNumber: issue.issueNumber, priceCents: issue.priceCents },
        });
        const afterCommit = await issueAdded?.(
          {
            id: issue.id,
            volumeId,
            volumeName: volume.name,
            issueNumber: issue.issueNumber,
            name: issue.name,
            priceCents: issue.priceCents,
          },
          tx,
        );
        return { issue, afterCommit };
      });
      if (!outcome) throw notFound('Comic');
      const { issue, afterCommit } = outcome;
      events.publish({ kind: 'issue_created', volumeId, issueId: issue.id, fields: [], issuesChanged: false });
      afterCommit?.();
      return issue;
    },

    /**
     * Changes what the edit names; a value equal to the stored one is no change. A new image also
     * becomes the cover of the volume's issues that showed the old one (a comic created here
     * gives its issues the volume's image). 404 for an unknown volume.
     */
    async updateVolume(actorId: number, volumeId: number, edit: VolumeEdit): Promise<ComicWithDescription> {
      const outcome = await repository.transaction(async (writes) => {
        const current = await writes.lockVolume(volumeId);
        if (!current) return null;
        const next: Partial<VolumeValues> = {};
        if (edit.name !== undefined && edit.name !== current.name) next.name = edit.name;
        if (edit.deck !== undefined && textOrNull(edit.deck) !== current.deck) next.deck = textOrNull(edit.deck);
        if (edit.description !== undefined) {
          const description = sanitizeDescription(edit.description);
          if (description !== current.description) next.description = description;
        }
        if (edit.image !== undefined && edit.image !== current.image) next.image = edit.image;
        if (edit.publisher !== undefined) {
          // Its own publisher when that one matches, though an older one may be spelt alike.
          const publisher = await writes.findOrCreatePublisher(edit.publisher, current.publisherId);
          if (publisher.id !== current.publisherId) next.publisherId = publisher.id;
        }
        const fields = VOLUME_FIELDS.filter((field) =>
          field === 'publisher' ? next.publisherId !== undefined : next[field] !== undefined,
        );
        // Cart lines and favourites name their series: a new name changes them too.
        let issuesChanged = next.name !== undefined;
        // An edit that changed nothing did nothing: no entry, no event.
        if (fields.length > 0) {
          await writes.updateVolume(volumeId, next);
          if (next.image !== undefined) {
            const coversMoved = (await writes.replaceIssueCovers(volumeId, current.image, next.image)) > 0;
            issuesChanged ||= coversMoved;
          }
          await writes.audit({ actorId, action: 'comic.updated', target: `volume ${volumeId}`, details: { fields } });
        }
        return { comic: (await writes.findVolume(volumeId))!, fields, issuesChanged };
      });
      if (!outcome) throw notFound('Comic');
      const { comic, fields, issuesChanged } = outcome;
      if (fields.length > 0) events.publish({ kind: 'volume_updated', volumeId, fields, issuesChanged });
      return comic;
    },

    /** Changes an issue's name, description or price (dollars in, cents stored). 404 for an unknown issue. */
    async updateIssue(actorId: number, issueId: number, edit: IssueEdit): Promise<ComicIssue> {
      const outcome = await repository.transaction(async (writes) => {
        const current = await writes.lockIssue(issueId);
        if (!current) return null;
        const next: Partial<IssueValues> = {};
        if (edit.name !== undefined && textOrNull(edit.name) !== current.name) next.name = textOrNull(edit.name);
        if (edit.description !== undefined) {
          const description = sanitizeDescription(edit.description);
          if (description !== current.description) next.description = description;
        }
        if (edit.price !== undefined) {
          const priceCents = dollarsToCents(edit.price);
          if (priceCents !== current.priceCents) next.priceCents = priceCents;
        }
        const fields = ISSUE_FIELDS.filter((field) =>
          field === 'price' ? next.priceCents !== undefined : next[field] !== undefined,
        );
        if (fields.length === 0) return { issue: current, fields };
        const issue = await writes.updateIssue(issueId, next);
        await writes.audit({
          actorId,
          action: 'issue.updated',
          target: `issue ${issueId}`,
          details: {
            fields,
            ...(next.priceCents !== undefined
              ? { oldPriceCents: current.priceCents, newPriceCents: next.priceCents }
              : {}),
          },
        });
        return { issue, fields };
      });
      if (!outcome) throw notFound('Issue');
      const { issue, fields } = outcome;
      if (fields.length > 0) {
        events.publish({ kind: 'issue_updated', volumeId: issue.volumeId, issueId, fields, issuesChanged: true });
      }
      return issue;
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
