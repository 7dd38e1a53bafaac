// Series follows over HTTP (issue 24): the signed-in user's follows under /api/user/follows (their
// own only: identity comes from the session, no user id is ever named), 'New for you', and the
// public POST /api/follows/unsubscribe that the e-mails' unsubscribe link posts its token to.
// Brakes: follows and unfollows per user (a toggle held down, a script following the catalogue),
// and unsubscribe attempts per IP (tokens are 256-bit MACs: this bounds only the work).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import {
  followBody,
  followedSeries,
  followsAnswer,
  MAX_FOLLOWED_SERIES,
  NEW_FOR_YOU_LIMIT,
  newForYouAnswer,
  unsubscribeAnswer,
  unsubscribeBody,
} from '@comics/shared/schemas/follows';
import { requestBudget } from '../../platform/limits/request-budget';
import { callerOf } from '../auth/access';
import type { FollowsService } from './service';

const MINUTE = 60_000;
export const FOLLOW_WRITES_PER_USER = { max: 60, windowMs: MINUTE };
export const UNSUBSCRIBES_PER_IP = { max: 30, windowMs: MINUTE };

export interface FollowsRoutesOptions {
  follows: FollowsService;
  /** Smaller budgets for tests. */
  writeBudget?: { max: number; windowMs: number };
  unsubscribeBudget?: { max: number; windowMs: number };
}

export const followsRoutes: FastifyPluginAsyncZod<FollowsRoutesOptions> = async (app, options) => {
  const { follows } = options;
  const tags = ['follows'];
  const signedIn = { access: 'signed-in' } as const;
  const params = z.object({ volumeId: idParam });
  const withinWriteBudget = requestBudget(app, 'follow-writes', {
    ...(options.writeBudget ?? FOLLOW_WRITES_PER_USER),
    key: (request) => `user:${callerOf(request).id}`,
    refusal: 'Too many follows and unfollows.',
  });
  const withinUnsubscribeBudget = requestBudget(app, 'follow-unsubscribes', {
    ...(options.unsubscribeBudget ?? UNSUBSCRIBES_PER_IP),
    key: (request) => `ip:${request.ip}`,
    refusal: 'Too many unsubscribe attempts.',
  });

  app.get(
    '/user/follows',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The series the caller follows, most recently followed first',
        description: `At most ${MAX_FOLLOWED_SERIES}, the most one account may follow.`,
        response: { 200: followsAnswer, 401: apiError },
      },
    },
    async (request) => follows.list(callerOf(request).id),
  );

  app.get(
    '/user/follows/new',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "'New for you': new and unread issues of the series the caller follows, newest first",
        description: `Issues of followed series added after the caller followed them that the caller does not own (\`kind: 'new'\`), and owned issues of followed series the caller has not opened yet (\`kind: 'unread'\`; those begun are on GET /api/user/reading). At most ${NEW_FOR_YOU_LIMIT}.`,
        response: { 200: newForYouAnswer, 401: apiError },
      },
    },
    async (request) => follows.newForYou(callerOf(request).id),
  );

  app.put(
    '/user/follows/:volumeId',
    {
      config: signedIn,
      preHandler: withinWriteBudget,
      schema: {
        tags,
        summary: 'Follow a series (again: no change); answers the follow',
        description:
          "Each new issue of the series is then e-mailed to the caller, unless `notify_by_email` is false. Sent on a series already followed, `notify_by_email` turns its e-mails on or off; left out, the choice stands. 404 for an unknown series; 409 `too_many_follows` past the account's limit.",
        params,
        body: followBody,
        response: { 200: followedSeries, 400: apiError, 401: apiError, 404: apiError, 409: apiError, 429: apiError },
      },
    },
    async (request) => follows.follow(callerOf(request).id, request.params.volumeId, request.body.notify_by_email),
  );

  app.delete(
    '/user/follows/:volumeId',
    {
      config: signedIn,
      preHandler: withinWriteBudget,
      schema: {
        tags,
        summary: 'Stop following a series (not followed: no change)',
        params,
        response: { 204: z.null(), 400: apiError, 401: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      await follows.unfollow(callerOf(request).id, request.params.volumeId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/follows/unsubscribe',
    {
      config: { access: 'public' },
      preHandler: withinUnsubscribeBudget,
      schema: {
        tags,
        summary: "A new-issue e-mail's unsubscribe link: no more e-mails about that series (no sign-in needed)",
        description:
          "`token` is the link's (`/unsubscribe#token=…`). The follower keeps following the series; using the link again changes nothing. A token that is not one of the shop's is refused with 400 naming `token`.",
        body: unsubscribeBody,
        response: { 200: unsubscribeAnswer, 400: apiError, 429: apiError },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await follows.unsubscribe(request.body.token)),
  );
};
