// Reviews in the app: each saved or deleted review tells the catalogue its volume's ratings changed.
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../audit/service';
import type { Platform } from '../../platform/platform';
import { reviewsRoutes } from './routes';
import { createReviewsService } from './service';

export function reviewsModule(
  { config, database }: Platform,
  { onRatingsChanged, audit }: { onRatingsChanged: (volumeId: number) => void; audit: AuditLog },
) {
  const reviews = createReviewsService({ db: database.db, onRatingsChanged });
  return {
    apiRoutes: (api: FastifyInstance) =>
      api.register(reviewsRoutes, { reviews, audit, readsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP }),
  };
}
