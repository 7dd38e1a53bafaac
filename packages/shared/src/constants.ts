// Business constants and limits of docs/product.md §9 (and the few fixed values of §2, §3 and §5 that
// both the web app and the server need). One place, so a number in the spec is a name here.

/** Comics per page of the home catalogue. */
export const COMICS_PER_PAGE = 12;
/**
 * Orders of the catalogue: the spec's name orders ('Sort by name...': A - Z, Z - A), then the
 * comics with the newest issues first and the best rated first (issue 24).
 */
export const COMIC_SORTS = ['name_asc', 'name_desc', 'newest', 'top_rated'] as const;
export type ComicSort = (typeof COMIC_SORTS)[number];

/**
 * Who made an issue, in the order the catalogue shows them (issue 26): the roles an imported
 * archive's ComicInfo.xml credits, the same list as the issue_credits table's check.
 */
export const CREDIT_ROLES = ['writer', 'penciller', 'inker', 'colorist', 'letterer', 'cover_artist', 'editor'] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** The catalogue opens on page 1; a search resets to it. */
export const INITIAL_PAGE = 1;

/** Home carousel: 4 slides, 4000 ms each. */
export const CAROUSEL_SLIDES = 4;
export const CAROUSEL_INTERVAL_MS = 4000;
/** Generic default interval of a carousel that does not set its own. */
export const DEFAULT_CAROUSEL_INTERVAL_MS = 5000;

/** The catalogue shows 'Comics not found' if still empty after this long. */
export const EMPTY_CATALOGUE_MS = 2500;
/** A comic's issue list shows 'Comics not found' if still empty after this long. */
export const EMPTY_ISSUES_MS = 5000;
/** The loading message of the comic detail. */
export const DETAIL_LOADING_MS = 4000;

/** Reviews are rated 1 to 5 stars. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Every comic is digital. */
export const COMIC_FORMAT = 'Digital';
/** Prices are dollars shown with 2 decimals; payments are sent in cents. */
export const CURRENCY = 'USD';
export const PRICE_DECIMALS = 2;
export const CENTS_PER_DOLLAR = 100;

/**
 * Lines a cart holds at most (and so the comics one payment is for): adding past it is refused
 * with `cartFullMessage`. Bounds the work and the record of one checkout.
 */
export const MAX_CART_LINES = 100;
export const cartFullMessage = `Your cart holds at most ${MAX_CART_LINES} comics. Pay for these or remove some first.`;

/** Sign-up and upload limits (docs/product.md §5). */
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so hashing cost stays bounded (and bcrypt-style truncation never matters). */
export const PASSWORD_MAX_LENGTH = 128;
export const EPISODES_MIN = 1;

/** Toast after a successful sign-up, before going to /login. */
export const SIGNUP_TOAST_MS = 1500;

/** Image host upload preset, and preview widths (px). */
export const IMAGE_UPLOAD_PRESET = 'comics';
export const UPLOAD_PREVIEW_WIDTH_PX = 100;
export const TABLE_IMAGE_WIDTH_PX = 120;

/** The landing page's three promo comics (volume ids). */
export const PROMO_VOLUME_IDS = [773, 1174, 796] as const;

/** Themes; light is the default. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** Roles; the role select offers these two only. */
export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Browser storage keys of docs/product.md §3. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  role: 'ROL',
  id: 'id',
  email: 'email',
  cart: 'carrito',
  authFlag: 'MY_AUTH',
} as const;

/** The footer's year. */
export const FOOTER_YEAR = 2022;

/** Bootstrap breakpoints (min width, px). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
/** Transitions and the modal backdrop fade (ms). */
export const TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
/** Maximum height of the collapsed navbar's scrolling menu (px). */
export const NAVBAR_SCROLL_MAX_HEIGHT_PX = 450;

/** Identity provider client settings. */
export const IDENTITY_PROVIDER = {
  lockWaitMs: 5000,
  httpTimeoutMs: 10_000,
  tokenRequestAttempts: 3,
  popupWidth: 400,
  popupHeight: 600,
  popupTimeoutMs: 60_000,
  tokenLeewaySeconds: 60,
  cookieLifetimeDays: 1,
  defaultScope: 'openid profile email',
} as const;
