// The `code` of every error answer the shop writes itself (`{ error, code, fields? }`, ADR 013):
// what a program branches on, written once here for the server that answers them and the web app
// and tests that compare them. The shape's schema is schemas/errors.ts; this file has no zod, so
// the first load of the web app can compare codes without it. Two kinds of codes reach clients
// without being listed: Fastify's own client errors (its FST_ERR_ codes, lowercased) and a failed
// payment's 402, which passes on the card provider's reason (Stripe's decline codes are open-ended).
export const ERROR_CODES = {
  // Anywhere
  validationFailed: 'validation_failed',
  badRequest: 'bad_request',
  invalidValue: 'invalid_value',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  busy: 'busy',
  internalError: 'internal_error',
  // Accounts and sessions
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  crossSiteRequest: 'cross_site_request',
  accountDeactivated: 'account_deactivated',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  commonPassword: 'common_password',
  resetLinkUnusable: 'reset_link_unusable',
  useGoogleSignIn: 'use_google_sign_in',
  googleNotConfigured: 'google_not_configured',
  googleLinkedElsewhere: 'google_linked_elsewhere',
  googleUnavailable: 'google_unavailable',
  invalidGoogleToken: 'invalid_google_token',
  unverifiedEmail: 'unverified_email',
  developmentSignInRefused: 'development_sign_in_refused',
  // Administrators
  ownAccount: 'own_account',
  lastAdmin: 'last_admin',
  alreadyTakenBack: 'already_taken_back',
  noPaidOrder: 'no_paid_order',
  // Catalogue, cart, reviews, follows
  issueNotFound: 'issue_not_found',
  reviewNotFound: 'review_not_found',
  alreadyOwned: 'already_owned',
  notPaid: 'not_paid',
  cartFull: 'cart_full',
  tooManyFollows: 'too_many_follows',
  // Checkout and payments
  paymentsUnavailable: 'payments_unavailable',
  paymentPending: 'payment_pending',
  paymentFailed: 'payment_failed',
  priceMismatch: 'price_mismatch',
  checkoutInProgress: 'checkout_in_progress',
  idempotencyKeyReused: 'idempotency_key_reused',
  tooManyDeclines: 'too_many_declines',
  orderNotFound: 'order_not_found',
  invalidSignature: 'invalid_signature',
  notReady: 'not_ready',
  // Uploads: forms, images, page archives
  invalidForm: 'invalid_form',
  multipartRequired: 'multipart_required',
  fileTooLarge: 'file_too_large',
  unsupportedImage: 'unsupported_image',
  unreadableImage: 'unreadable_image',
  imageTooLarge: 'image_too_large',
  notAnArchive: 'not_an_archive',
  damagedArchive: 'damaged_archive',
  unsupportedArchive: 'unsupported_archive',
  archiveTooLarge: 'archive_too_large',
  tooManyEntries: 'too_many_entries',
  tooManyPages: 'too_many_pages',
  noPages: 'no_pages',
  entryTooLarge: 'entry_too_large',
  unreadableEntry: 'unreadable_entry',
  unsafeEntry: 'unsafe_entry',
  encryptedEntry: 'encrypted_entry',
  notAnImage: 'not_an_image',
  pageTooTall: 'page_too_tall',
  // Imports
  notWaitingForUpload: 'not_waiting_for_upload',
  // The reader
  notOwner: 'not_owner',
  pagesNotFound: 'pages_not_found',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
