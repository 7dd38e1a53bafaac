// What a guest asked to buy before being sent to log in ('Add to cart', 'Buy now', 'BUY ALL
// COMICS!', 'Buy this issue'), so that no sale is lost on the way: the login and sign-up pages say
// why they were opened, and once a USER is signed in the app puts the issues in the cart back where the guest
// was. Kept in sessionStorage: it survives the sign-up page and Google's full-page sign-in, stays
// in this tab, and is dropped after PENDING_PURCHASE_TTL_MS (a guest who wandered off is not
// surprised by a cart filled long after).
const STORAGE_KEY = 'comics.pending-purchase';
export const PENDING_PURCHASE_TTL_MS = 30 * 60_000;

export type PendingPurchase = {
  issueIds: number[];
  /** The page the guest was on, as its public address (e.g. /cardDetail/773). */
  returnTo: string;
  /** 'Buy now': go on to the cart once the issues are in it. */
  thenCart: boolean;
  /** What is being bought, for the login and sign-up pages' line: 'this issue', 'these 21 issues'. */
  what: string;
};

type Stored = PendingPurchase & { savedAt: number };

export function rememberPurchase(purchase: PendingPurchase): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...purchase, savedAt: Date.now() } satisfies Stored));
  } catch {
    /* storage unavailable: the guest logs in and comes back to the start page */
  }
}

function isPendingPurchase(value: unknown): value is Stored {
  const stored = value as Partial<Stored> | null;
  return (
    typeof stored === 'object' &&
    stored !== null &&
    Array.isArray(stored.issueIds) &&
    stored.issueIds.length > 0 &&
    stored.issueIds.every((id) => Number.isSafeInteger(id) && id > 0) &&
    typeof stored.returnTo === 'string' &&
    // Only a path of this site: never a way to send a browser elsewhere after login.
    stored.returnTo.startsWith('/') &&
    !stored.returnTo.startsWith('//') &&
    typeof stored.thenCart === 'boolean' &&
    typeof stored.what === 'string' &&
    typeof stored.savedAt === 'number'
  );
}

/** The guest's unfinished purchase, if one was remembered in this tab within the last 30 minutes. */
export function pendingPurchase(now = Date.now()): PendingPurchase | null {
  let stored: unknown = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isPendingPurchase(stored) || now - stored.savedAt > PENDING_PURCHASE_TTL_MS || stored.savedAt > now) {
    return null;
  }
  const { savedAt: _savedAt, ...purchase } = stored;
  return purchase;
}

/** The line a login or sign-up page shows while a purchase waits: 'Log in to buy this issue'. */
export function purchaseReason(verb: 'Log in' | 'Sign up', purchase: PendingPurchase): string {
  return `${verb} to buy ${purchase.what}`;
}

export function forgetPurchase(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
