// @fastify/rate-limit's two stores, which its typings do not export (see limit-store.ts).
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const Store: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    ...rest: unknown[]
  ) => FastifyRateLimitStore;
  export default Store;
}
