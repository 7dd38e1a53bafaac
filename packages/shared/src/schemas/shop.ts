// The buying path's request and answer shapes (docs/product.md §2 Cart, Payment, Purchases,
// Favourites; §3 Cart item, Purchase item, Favourites response; §7 /shop and /fav calls), shared by
// the API and the web client. Wire names are the spec's (`comic`, `userId`, `carrito`, `issuesId`).
import { z } from 'zod';
import { MAX_CART_LINES } from '../constants';
import { issue } from './catalog';
import { bodyUserId, idField, MAX_INT, wholeNumberField } from './wire-numbers';

/** More issues than any volume holds; bounds the work of one request ('BUY ALL COMICS!'). */
export const MAX_ITEMS_PER_REQUEST = 500;

export const issueIdField = idField('an issue id');

/**
 * An issue as the spec's client sends it: its id, or the issue object it holds (only `id` is
 * read; the server never takes a price or name from the client).
 */
export const issueRef = z
  .union([issueIdField, z.looseObject({ id: issueIdField })], {
    error: 'Must be an issue id or an issue with an id',
  })
  .transform((value) => (typeof value === 'number' ? value : value.id));

// ---- Cart -------------------------------------------------------------------------------------

/** A cart line (docs/product.md §3): the issue as the catalogue shows it. Price in dollars. */
export const cartItem = z.object({
  id: z.number().int(),
  volume_id: z.number().int(),
  /** The series' name: a line reads 'Series #N', then the issue's own title when it has one. */
  volume_name: z.string(),
  image: z.string(),
  name: z.string().nullable(),
  issue_number: z.number().int(),
  price: z.number(),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartAnswer = z.array(cartItem);

/** POST / DELETE /api/shop/cart. */
export const cartItemBody = z.object({ comic: issueRef, userId: bodyUserId });
export type CartItemBody = z.input<typeof cartItemBody>;

/** POST /api/shop/cart/bulk: many issues in one request ('BUY ALL COMICS!'). */
export const cartBulkBody = z.object({
  comics: z
    .array(issueRef, { error: 'Must be a list of issues' })
    .min(1, { error: 'Add at least one issue' })
    .max(MAX_ITEMS_PER_REQUEST, { error: `At most ${MAX_ITEMS_PER_REQUEST} issues at once` }),
  userId: bodyUserId,
});
export type CartBulkBody = z.input<typeof cartBulkBody>;

/** PUT /api/shop/cart (docs/product.md §7, kept for compatibility): acknowledges a paid item. */
export const cartCompleteBody = z.object({
  comic: issueRef,
  userId: bodyUserId,
  card: z.string().max(40).optional(),
  status: z.literal('Completo', { error: "Must be 'Completo'" }),
});
export const cartCompleteAnswer = z.object({ comic: z.number().int(), status: z.literal('Completo') });

// ---- Purchases ('My comics') ------------------------------------------------------------------

/** A purchased issue (docs/product.md §3 Purchase item), with the price paid, in dollars. */
export const purchaseItem = cartItem.extend({
  orderId: z.number().int(),
  purchasedAt: z.string(),
});
export type PurchaseItem = z.infer<typeof purchaseItem>;
export const purchasesAnswer = z.array(purchaseItem);

// ---- Favourites -------------------------------------------------------------------------------

/** POST / DELETE /api/fav. */
export const favouriteBody = z.object({ issuesId: issueRef, userId: bodyUserId });
export type FavouriteBody = z.infer<typeof favouriteBody>;

/** A favourite issue: as the catalogue shows it (the modal opens from it), with its series' name. */
export const favouriteIssue = issue.extend({ volume_name: z.string() });
export type FavouriteIssue = z.infer<typeof favouriteIssue>;

/** GET /api/fav/{userId}: docs/product.md §3, "the first array element has an issues list". */
export const favouritesAnswer = z.array(z.object({ issues: z.array(favouriteIssue) }));
export type FavouritesAnswer = z.infer<typeof favouritesAnswer>;

// ---- Payments and checkout --------------------------------------------------------------------

export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** GET /api/payments/config: which card form the payment screen shows. */
export const paymentConfig = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('sandbox') }),
  z.object({ gateway: z.literal('stripe'), publishableKey: z.string() }),
  /** Production without Stripe keys: the shop cannot take money. */
  z.object({ gateway: z.literal('none') }),
]);
export type PaymentConfig = z.infer<typeof paymentConfig>;

/** What may be known of a card: never its number. */
export const cardSummary = z.object({
  brand: z.string(),
  last4: z.string(),
  funding: z.string(),
});
export type CardSummary = z.infer<typeof cardSummary>;

/**
 * POST /api/payments/sandbox/payment-methods: the sandbox's stand-in for Stripe.js's
 * createPaymentMethod. The number is checked (Luhn, expiry, CVC) and forgotten; the answer's id
 * is what checkout takes as `id`.
 */
export const sandboxCardBody = z.object({
  number: z.string().max(40),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().max(8),
});
export type SandboxCardBody = z.infer<typeof sandboxCardBody>;
export const sandboxPaymentMethod = z.object({ id: z.string(), card: cardSummary });
export type SandboxPaymentMethod = z.infer<typeof sandboxPaymentMethod>;

/** Client-made key of one checkout attempt (reused on retry): letters, digits, '-' and '_'. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Must be 8 to 100 letters, digits, - or _' });

/** POST /api/shop/checkout (docs/product.md §7). */
export const checkoutBody = z.object({
  carrito: z
    .array(issueRef, { error: 'Must be the list of issues in the cart' })
    .min(1, { error: 'The cart is empty' })
    .max(MAX_CART_LINES, { error: `At most ${MAX_CART_LINES} issues at once` }),
  /** The payment method: Stripe's `pm_…`, or the sandbox's. */
  id: z.string({ error: 'Must be a payment method id' }).min(1, { error: 'Must be a payment method id' }).max(255),
  /** The total in cents: sum of prices times 100, rounded down. */
  price: wholeNumberField(0, MAX_INT, 'Must be the total in cents'),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

export const paidOrder = z.object({
  status: z.literal('paid'),
  orderId: z.number().int(),
  /** Dollars. */
  total: z.number(),
  items: z.array(cartItem),
  card: cardSummary,
  message: z.string(),
});
export type PaidOrder = z.infer<typeof paidOrder>;

/** Stripe asked for 3-D Secure: the client confirms with this secret, then polls the order. */
export const actionRequired = z.object({
  status: z.literal('requires_action'),
  orderId: z.number().int(),
  clientSecret: z.string(),
});

export const checkoutAnswer = z.discriminatedUnion('status', [paidOrder, actionRequired]);
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** GET /api/shop/orders/{orderId}: where an order stands (after 3-D Secure, the client asks). */
export const orderStatus = z.object({
  orderId: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  total: z.number(),
  failureMessage: z.string().nullable(),
});
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * GET /api/shop/orders: one of the caller's paid orders, a receipt: when it was paid, its lines
 * at the prices charged, the total and the card (never its number); `takenBack` when an
 * administrator took its comics back.
 */
export const customerOrder = z.object({
  orderId: z.number().int(),
  paidAt: z.string(),
  /** Dollars. */
  total: z.number(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  takenBack: z.boolean(),
  lines: z.array(cartItem),
});
export type CustomerOrder = z.infer<typeof customerOrder>;
export const customerOrdersAnswer = z.array(customerOrder);

/** POST /api/admin/sendEmail (docs/product.md §7): resend the confirmation of these buyers' last orders. */
export const sendEmailBody = z.object({
  email: z
    .array(z.email({ error: 'Must be an e-mail address' }), { error: 'Must be a list of e-mail addresses' })
    .min(1, { error: 'Name at least one buyer' })
    .max(50, { error: 'At most 50 buyers at once' }),
});
export type SendEmailBody = z.infer<typeof sendEmailBody>;
export const sendEmailAnswer = z.object({ queued: z.number().int() });
export type SendEmailAnswer = z.infer<typeof sendEmailAnswer>;
