// The one JSON shape of every 4xx/5xx answer: `error` is the sentence a person reads (a client
// written from the spec prints it as it is), `code` what a program branches on, `fields` which
// request fields were wrong and why (ADR 013).
import { z } from 'zod';

export const apiError = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;
