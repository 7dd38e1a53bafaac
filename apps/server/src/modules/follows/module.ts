// Series follows in the app (issue 24). The unsubscribe links' key is loaded now: a new issue's
// transaction signs them and must not wait on a query of its own (PGlite runs one statement at a time).
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { followsRoutes } from './routes';
import { createFollowsService } from './service';
import { createUnsubscribeTokens, UNSUBSCRIBE_KEY_NAME } from './unsubscribe-tokens';

export async function followsModule({ config, database, secrets, mediaAddresses }: Platform) {
  const follows = createFollowsService({
    db: database.db,
    tokens: createUnsubscribeTokens(await secrets.key(UNSUBSCRIBE_KEY_NAME)),
    publicUrl: config.publicUrl,
    media: mediaAddresses,
  });
  return {
    service: follows,
    apiRoutes: (api: FastifyInstance) => api.register(followsRoutes, { follows }),
  };
}
