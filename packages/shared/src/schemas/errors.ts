// The one JSON shape of every 4xx/5xx answer: `error` is the sentence a person reads (a client
// written from the spec prints it as it is), `code` what a program branches on, `fields` which
// request fields were wrong and why (ADR 013). The codes the shop writes are ERROR_CODES
// (error-codes.ts, kept apart from zod for the web's first load); the wire also carries Fastify's
// own and the card provider's, so `code` stays any string here.
import { z } from 'zod';

export const apiError = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;
