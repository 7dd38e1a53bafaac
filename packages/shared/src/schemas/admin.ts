// Administrators' account management (docs/product.md §2 admin Users screen, §7 /admin/users calls).
import { z } from 'zod';
import { ROLES } from '../constants';
import { isWholeCents } from '../money';
import { idField } from './wire-numbers';

/** A row of the admin users list (docs/product.md §3): never a password, hash or session. */
export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  rol: z.enum(ROLES),
  active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

const userId = idField('a user id');

export const setRoleBody = z.object({
  id_user: userId,
  rol: z.enum(ROLES, { error: 'Must be USER or ADMIN' }),
});

export const setActiveBody = z.object({
  id_user: userId,
  active: z.boolean({ error: 'Must be true or false' }),
});

// ── Lists: a page of rows; the total count travels in the X-Total-Count header ──────────────

/** The header that carries how many rows a paginated admin list holds in all. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

const pageNumber = z.coerce
  .number({ error: 'Must be a page number' })
  .int({ error: 'Must be a page number' })
  .min(1, { error: 'Must be a page number' })
  .max(1_000_000, { error: 'Must be a page number' });
const pageSize = z.coerce
  .number({ error: `Must be 1 to ${ADMIN_MAX_PAGE_SIZE}` })
  .int({ error: `Must be 1 to ${ADMIN_MAX_PAGE_SIZE}` })
  .min(1, { error: `Must be 1 to ${ADMIN_MAX_PAGE_SIZE}` })
  .max(ADMIN_MAX_PAGE_SIZE, { error: `Must be 1 to ${ADMIN_MAX_PAGE_SIZE}` });
const paging = { page: pageNumber.default(1), limit: pageSize.default(ADMIN_PAGE_SIZE) };

/** GET /api/admin/users: `q` matches e-mail or username (any case, anywhere in them). */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(100, { error: 'At most 100 characters' }).optional(),
  ...paging,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

// ── Orders ─────────────────────────────────────────────────────────────────────────────────

export const ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
export type AdminOrderStatus = (typeof ORDER_STATUSES)[number];

/** GET /api/admin/orders: newest first, optionally one status. */
export const adminOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Must be pending, paid or failed' }).optional(),
  ...paging,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminOrder = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  buyer: z.object({ id: z.number().int(), email: z.string(), username: z.string() }),
  /** How many issues the order is for (a failed order keeps this count but not its lines). */
  issues: z.number().int(),
  /** Dollars, e.g. 7.98. */
  total: z.number(),
  card: z.object({ brand: z.string(), last4: z.string(), funding: z.string() }).nullable(),
  failureMessage: z.string().nullable(),
  /** ISO 8601: when an administrator took the order's comics back from the buyer (the order stays 'paid'); null: never. */
  takenBackAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

/** GET /api/admin/orders/{id}: the order, its lines at the prices charged, its e-mails. */
export const adminOrderDetail = adminOrder.extend({
  lines: z.array(
    z.object({
      id: z.number().int(),
      image: z.string(),
      /** The series: a line reads 'Series #N', then the issue's own title when it has one. */
      volume_name: z.string(),
      name: z.string().nullable(),
      issue_number: z.number().int(),
      price: z.number(),
    }),
  ),
  emails: z.array(
    z.object({
      status: z.enum(['pending', 'sent', 'failed']),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      attempts: z.number().int(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

// ── Dashboard figures ──────────────────────────────────────────────────────────────────────

/** Days the dashboard's chart and its period figures cover (today included). */
export const STATS_DAYS = 30;

/**
 * GET /api/admin/stats. The four cards of the spec's dashboard, from real data:
 * dailyUsers: distinct accounts signed in or active in the last 24 hours;
 * usersRegistered: accounts in all (newUsers: of them, created in the last STATS_DAYS days);
 * comicsSelling: issues sold (paid order lines) in the last STATS_DAYS days;
 * earning: dollars of paid orders in the last STATS_DAYS days.
 * `days` holds STATS_DAYS entries, oldest first, days in UTC, zeros included; `declined` counts
 * the payment attempts the card provider declined that day (not those the shop gave up itself).
 */
export const adminStats = z.object({
  dailyUsers: z.number().int(),
  usersRegistered: z.number().int(),
  newUsers: z.number().int(),
  comicsSelling: z.number().int(),
  earning: z.number(),
  days: z.array(
    z.object({ date: z.string(), revenue: z.number(), orders: z.number().int(), declined: z.number().int() }),
  ),
  recentOrders: z.array(adminOrder),
});
export type AdminStats = z.infer<typeof adminStats>;

// ── Audit log ──────────────────────────────────────────────────────────────────────────────

/** What an admin did: one entry per action, written by the server, never edited. */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.activation_changed',
  'review.deleted',
  'order.confirmation_resent',
  'order.taken_back',
  'media.uploaded',
  'comic.created',
  'comic.updated',
  'issue.created',
  'issue.updated',
  'import.started',
  'import.finished',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null once the admin's account is gone. */
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** What was acted on, e.g. 'user 12', 'issue 345'. */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object(paging);

// ── Catalogue: new comics and edits ────────────────────────────────────────────────────────

const REQUIRED = 'This field is required';
const ONLY_INTEGERS = 'Only integers';
const required = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `At most ${max} characters` });

export const NOT_OUR_IMAGE = 'Must be an image uploaded to this shop';

/** A path under /media/, or that path on the media host the shop answers with (MEDIA_BASE_URL). */
const isOurMediaUrl = (url: string) => /^(https?:\/\/[^/?#]+(\/[^?#]*)?)?\/media\//.test(url) && !url.includes('..');

/** A media URL this shop issued (the server alone knows and checks the media host); required. */
export const imageUrl = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(2048)
  .refine(isOurMediaUrl, { error: NOT_OUR_IMAGE });

/**
 * POST /api/comics (docs/product.md §4 Upload, §5 messages). The form's values plus `imagen`,
 * the URL the image upload answered; none (or '', as the spec's client sends when its image host
 * could not be reached) gives the comic generated covers. Episodes become issues 1…N at the
 * default price. The spec's client nests the values: `{ values: { name, … }, imagen }`, which the
 * route flattens before this schema reads it.
 */
export const newComicBody = z.object({
  name: required(200),
  imagen: z
    .string({ error: NOT_OUR_IMAGE })
    .trim()
    .max(2048)
    .refine((url) => url === '' || isOurMediaUrl(url), { error: NOT_OUR_IMAGE })
    .nullish()
    .transform((url) => url || null),
  description: z.string().trim().max(10_000, { error: 'At most 10000 characters' }).optional().nullable(),
  episodes: z.coerce
    .number({ error: ONLY_INTEGERS })
    .int({ error: ONLY_INTEGERS })
    .min(1, { error: 'Minimum 1' })
    .max(1000, { error: 'At most 1000' }),
  /** YYYY-MM-DD, as a date input gives it. */
  release: z.iso.date({ error: REQUIRED }),
  publisher: required(200),
});
export type NewComicBody = z.input<typeof newComicBody>;

/** PATCH /api/admin/comics/{id}: any of a volume's shown fields. */
export const volumeEditBody = z
  .object({
    name: required(200),
    deck: z.string().trim().max(1000).nullable(),
    description: z.string().trim().max(10_000).nullable(),
    image: imageUrl,
    publisher: required(200),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export type VolumeEditBody = z.input<typeof volumeEditBody>;

const issueFields = {
  name: z.string().trim().max(200).nullable(),
  description: z.string().trim().max(10_000).nullable(),
  price: z
    .number({ error: 'Must be a price in dollars' })
    .min(0.5, { error: 'At least 0.50' })
    .max(999.99, { error: 'At most 999.99' })
    .refine(isWholeCents, { error: 'At most 2 decimals' }),
};

/** An issue's price as administrators type it: dollars, 0.50 (the card networks' minimum) to 999.99. */
export const issuePrice = issueFields.price;

/** PATCH /api/admin/issues/{id}: an issue's name, description or price (dollars, 0.50, the card networks' minimum, to 999.99). */
export const issueEditBody = z
  .object(issueFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export type IssueEditBody = z.input<typeof issueEditBody>;

/**
 * POST /api/admin/comics/{id}/issues: a new issue of the comic, numbered after its last one. Its
 * name and description are optional; without a price it costs the default one, without an image
 * it gets a drawn cover.
 */
export const newIssueBody = z.object({
  name: issueFields.name.optional(),
  description: issueFields.description.optional(),
  price: issueFields.price.optional(),
  image: imageUrl.nullish(),
});
export type NewIssueBody = z.input<typeof newIssueBody>;
