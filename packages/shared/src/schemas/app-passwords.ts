// App passwords for reading apps (issue 27): the account page lists them, makes one (its secret is
// answered once and never again) and revokes one, at /api/user/app-passwords. A reading app signs
// in with the account's e-mail and one of them (HTTP Basic); they open only the reading routes.
// Shared by the API and the web client.
import { z } from 'zod';

/** How many app passwords one account may have. */
export const MAX_APP_PASSWORDS = 20;
export const APP_PASSWORD_NAME_MAX_LENGTH = 60;

export const appPasswordMessages = {
  nameRequired: "Give it a name, e.g. 'KOReader on my Kobo'",
  nameTooLong: `At most ${APP_PASSWORD_NAME_MAX_LENGTH} characters`,
  tooMany: `You have ${MAX_APP_PASSWORDS} app passwords, the most one account may have. Revoke one you no longer use first.`,
} as const;

/** One app password as the account page lists it: never its secret. */
export const appPassword = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, to the minute: when a reading app last signed in with it; null: never. */
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof appPassword>;

/** GET /api/user/app-passwords: the caller's, newest first. */
export const appPasswordsAnswer = z.array(appPassword);

/** POST /api/user/app-passwords: a name to tell it by (trimmed, 1 to 60 characters). */
export const createAppPasswordBody = z.object({
  name: z
    .string({ error: appPasswordMessages.nameRequired })
    .trim()
    .min(1, { error: appPasswordMessages.nameRequired })
    .max(APP_PASSWORD_NAME_MAX_LENGTH, { error: appPasswordMessages.nameTooLong }),
});
export type CreateAppPasswordBody = z.infer<typeof createAppPasswordBody>;

/**
 * The POST's answer (201): the new app password and, this once, its secret (`password`): seven
 * groups of four lowercase letters and digits, e.g. `k7mq-3xwd-…`. Typed without the dashes, or
 * in capitals, it works all the same.
 */
export const createdAppPassword = appPassword.extend({ password: z.string() });
export type CreatedAppPassword = z.infer<typeof createdAppPassword>;
