// Series a user follows (issue 24): the 'Follow series' toggle on a comic's page, the 'New for you'
// shelf on /user, and the e-mailed unsubscribe link of a new issue. Shared by the API and the web client.
import { z } from 'zod';
import { issue } from './catalog';

/** How many series one account may follow. */
export const MAX_FOLLOWED_SERIES = 500;
/** How many issues 'New for you' answers at most. */
export const NEW_FOR_YOU_LIMIT = 24;

/** A series the caller follows, as GET /api/user/follows lists it and PUT answers it. */
export const followedSeries = z.object({
  volume_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  publisher: z.string(),
  /** ISO 8601: issues added after this are new to the follower. */
  followed_at: z.string(),
  /** Whether each new issue is e-mailed (the e-mail's unsubscribe link turns it off). */
  notify_by_email: z.boolean(),
});
export type FollowedSeries = z.infer<typeof followedSeries>;
export const followsAnswer = z.array(followedSeries);

/**
 * PUT /api/user/follows/{volumeId}: follows the series (following it again changes nothing).
 * `notify_by_email` turns its e-mails on or off; left out, a new follow is e-mailed and an
 * existing one keeps its choice.
 */
export const followBody = z
  .object({ notify_by_email: z.boolean({ error: 'Must be true or false' }).optional() })
  .nullish()
  .transform((body) => body ?? {});
export type FollowBody = z.input<typeof followBody>;

/**
 * GET /api/user/follows/new ('New for you'), newest issue first: issues of followed series that
 * were added after the user followed the series and that the user does not own ('new'), and
 * owned issues of followed series the user has not opened yet ('unread'; the ones begun are on
 * 'Continue reading').
 */
export const NEW_FOR_YOU_KINDS = ['new', 'unread'] as const;
export const newForYouItem = z.object({
  kind: z.enum(NEW_FOR_YOU_KINDS),
  issue,
  volume_name: z.string(),
  /** ISO 8601: when the issue was added to the catalogue. */
  added_at: z.string(),
});
export type NewForYouItem = z.infer<typeof newForYouItem>;
export const newForYouAnswer = z.array(newForYouItem);

/** The unsubscribe link's token: `{userId}.{volumeId}.{signature}`. */
export const UNSUBSCRIBE_TOKEN_SHAPE = /^[1-9]\d{0,9}\.[1-9]\d{0,9}\.[\w-]{43}$/;
export const UNSUBSCRIBE_LINK_UNUSABLE = 'This unsubscribe link is not valid. Copy the whole link from the e-mail.';

/** POST /api/follows/unsubscribe: the token of the e-mail's link (no sign-in needed). */
export const unsubscribeBody = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_LINK_UNUSABLE })
    .max(100, { error: UNSUBSCRIBE_LINK_UNUSABLE })
    .regex(UNSUBSCRIBE_TOKEN_SHAPE, { error: UNSUBSCRIBE_LINK_UNUSABLE }),
});
export type UnsubscribeBody = z.infer<typeof unsubscribeBody>;

/** The series whose new issues are no longer e-mailed (null: it has left the catalogue). */
export const unsubscribeAnswer = z.object({
  volume_id: z.number().int(),
  name: z.string().nullable(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
