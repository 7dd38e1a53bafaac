// App passwords over HTTP (issue 27), the signed-in caller's own (identity comes from the session,
// no user id is ever named): list them, make one (its secret answered this once), revoke one. Only
// a session reaches these: a reading app's Basic credential opens no /api route (access.ts).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appPasswordsAnswer,
  createAppPasswordBody,
  createdAppPassword,
  MAX_APP_PASSWORDS,
} from '@comics/shared/schemas/app-passwords';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from './access';
import type { AppPasswords } from './app-passwords';
import { AUTH_BODY_LIMIT_BYTES } from './routes';
import { securityLog } from './security-log';

export const appPasswordRoutes: FastifyPluginAsyncZod<{ appPasswords: AppPasswords }> = async (
  app,
  { appPasswords },
) => {
  const tags = ['accounts'];
  const signedIn = { access: 'signed-in' } as const;

  app.get(
    '/user/app-passwords',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's app passwords for reading apps, newest first (never their secrets)",
        response: { 200: appPasswordsAnswer, 401: apiError },
      },
    },
    async (request) => appPasswords.list(callerOf(request).id),
  );

  app.post(
    '/user/app-passwords',
    {
      config: signedIn,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Make an app password for a reading app; its secret is in this answer only',
        description:
          "A reading app signs in to the OPDS feeds and pages with HTTP Basic: the account's e-mail (or username) and " +
          `this \`password\`, which is never shown again. At most ${MAX_APP_PASSWORDS} per account (then 400 naming \`name\`).`,
        body: createAppPasswordBody,
        response: { 201: createdAppPassword, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const created = await appPasswords.create(caller.id, request.body.name);
      securityLog(request, 'app_password_created', { userId: caller.id, appPasswordId: created.id });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/user/app-passwords/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Revoke an app password: the app that uses it is refused from its next request',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await appPasswords.revoke(caller.id, request.params.id);
      securityLog(request, 'app_password_revoked', { userId: caller.id, appPasswordId: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
