// Series follows (issue 24): a favourite for a whole volume. A user follows a series from its
// page; its issues added since make their 'New for you' shelf (with the issues of followed series
// they own and have not opened), and each new issue is e-mailed to its followers, once each, with
// a link that stops those e-mails without signing in. The catalogue tells this module of a new
// issue inside the transaction that adds it (issueAdded), so the e-mails are queued exactly when
// the issue exists: one INSERT … SELECT over the followers, however many there are.
import {
  MAX_FOLLOWED_SERIES,
  NEW_FOR_YOU_LIMIT,
  UNSUBSCRIBE_LINK_UNUSABLE,
  type FollowedSeries,
  type NewForYouItem,
  type UnsubscribeAnswer,
} from '@comics/shared/schemas/follows';
import type { Database } from '../../db/client';
import { HttpError, notFound, validationFailed } from '../../platform/http/errors';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../platform/http/media-addresses';
import { issueOf } from '../catalog/wire';
import { buildNewIssueMail } from '../mail/new-issue';
import { enqueueForEach } from '../mail/outbox';
import { createFollowsRepository, type FollowRow } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** An issue just added to the catalogue, as its followers' e-mail names it. */
export interface AddedIssue {
  id: number;
  volumeId: number;
  volumeName: string;
  issueNumber: number;
  name: string | null;
  priceCents: number;
}

export interface FollowsServiceOptions {
  db: Database;
  /** Signs and checks the e-mails' unsubscribe links (the key is loaded before: see app.ts). */
  tokens: UnsubscribeTokens;
  /** The shop's public origin, without a trailing slash: the e-mails' links start with it. */
  publicUrl: string;
  /** Where the covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
}

export interface FollowsService {
  /** The series the user follows, most recently followed first. */
  list(userId: number): Promise<FollowedSeries[]>;
  /**
   * Follows the series (again: no change, but `notifyByEmail` when given). 404 for an unknown
   * series; 409 when the account already follows MAX_FOLLOWED_SERIES others.
   */
  follow(userId: number, volumeId: number, notifyByEmail?: boolean): Promise<FollowedSeries>;
  /** Stops following (not following: no change). 404 for an unknown series. */
  unfollow(userId: number, volumeId: number): Promise<void>;
  /** 'New for you', newest first, at most NEW_FOR_YOU_LIMIT issues. */
  newForYou(userId: number): Promise<NewForYouItem[]>;
  /** The unsubscribe link's work: that follower's e-mails about that series stop. 400 naming `token` for a bad token. */
  unsubscribe(token: string): Promise<UnsubscribeAnswer>;
  /** The e-mailed link that stops one follower's e-mails about one series. */
  unsubscribeUrl(userId: number, volumeId: number): string;
  /**
   * Queues one e-mail per follower of the issue's series who has not turned them off, on `tx`
   * (the transaction that adds the issue); answers how many.
   */
  issueAdded(tx: Database, issue: AddedIssue): Promise<number>;
}

const toIso = (date: Date | string) => (date instanceof Date ? date : new Date(date)).toISOString();

export function createFollowsService({
  db,
  tokens,
  publicUrl,
  media = SAME_ORIGIN_MEDIA,
}: FollowsServiceOptions): FollowsService {
  const repository = createFollowsRepository(db);

  const followOf = (row: FollowRow): FollowedSeries => ({
    volume_id: row.volumeId,
    name: row.name,
    image: media.addressOf(row.image),
    publisher: row.publisher,
    followed_at: toIso(row.followedAt),
    notify_by_email: row.notifyByEmail,
  });

  const unsubscribeUrl = (userId: number, volumeId: number) =>
    `${publicUrl}/unsubscribe#token=${tokens.token(userId, volumeId)}`;

  return {
    async list(userId) {
      return (await repository.list(userId, MAX_FOLLOWED_SERIES)).map(followOf);
    },

    async follow(userId, volumeId, notifyByEmail) {
      const { known, following } = await repository.follow(
        userId,
        volumeId,
        notifyByEmail ?? null,
        MAX_FOLLOWED_SERIES,
      );
      if (!known) throw notFound('Comic');
      if (!following) {
        throw new HttpError(
          409,
          'too_many_follows',
          `You follow ${MAX_FOLLOWED_SERIES} series, the most one account may. Unfollow one to follow another.`,
        );
      }
      const row = await repository.find(userId, volumeId);
      // Unfollowed (or the series removed) between the two statements: as if it never was.
      if (!row) throw notFound('Comic');
      return followOf(row);
    },

    async unfollow(userId, volumeId) {
      if (!(await repository.unfollow(userId, volumeId))) throw notFound('Comic');
    },

    async newForYou(userId) {
      return (await repository.shelf(userId, NEW_FOR_YOU_LIMIT)).map((row) => ({
        kind: row.kind,
        issue: issueOf(row.issue, media),
        volume_name: row.volumeName,
        added_at: toIso(row.addedAt),
      }));
    },

    async unsubscribe(token) {
      const claim = tokens.verify(token);
      if (!claim) throw validationFailed({ token: UNSUBSCRIBE_LINK_UNUSABLE });
      const { name } = await repository.stopEmails(claim.userId, claim.volumeId);
      return { volume_id: claim.volumeId, name };
    },

    unsubscribeUrl,

    issueAdded(tx, issue) {
      const issueUrl = `${publicUrl}/user/cardDetail/${issue.volumeId}?issue=${issue.id}`;
      return enqueueForEach(
        tx,
        repository.emailedFollowers(issue.volumeId, tokens.sqlToken),
        ['name', 'unsubscribe'],
        (follower) =>
          buildNewIssueMail({
            followerName: follower.name,
            volumeName: issue.volumeName,
            issueNumber: issue.issueNumber,
            title: issue.name,
            priceCents: issue.priceCents,
            issueUrl,
            unsubscribeUrl: `${publicUrl}/unsubscribe#token=${follower.unsubscribe}`,
          }),
      );
    },
  };
}
