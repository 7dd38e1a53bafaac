// Security headers from helmet, computed once at start-up: they are the same on every answer,
// and running helmet's middleware chain per request cost about 40% of a cached route's
// throughput. Routes that need another policy (the API docs UI) set their own header later.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The shop's own policy: everything from this origin, plus the media origin (MEDIA_BASE_URL) for
 * images, Google's account pictures, and Stripe's script and card frames when Stripe takes payments.
 */
export function installShopSecurityHeaders(
  app: FastifyInstance,
  { paymentGateway, mediaOrigin }: { paymentGateway: Config['paymentGateway']; mediaOrigin: string | null },
): void {
  const stripe = paymentGateway === 'stripe';
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google account pictures on the profile of a Google sign-in.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...(mediaOrigin ? [mediaOrigin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        fontSrc: ["'self'", 'data:'],
        // The installable app: its service worker (/sw.js) and web manifest, both from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only /media opens itself to other sites (media routes say so); the rest stays ours.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
