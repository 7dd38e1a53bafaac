// What a guest asked to buy before being sent to log in ('Add to cart', 'Buy now', 'BUY ALL
// COMICS!', 'Buy this issue'), so that no sale is lost on the way: the login and sign-up pages say
// why they were opened, and once a USER is signed in the app puts the issues in the cart back where the guest
// was. A guest's 'Follow series' goes the same way: the series is followed once they are signed
// in, back on its page. One such action waits at a time (the latest). Kept in sessionStorage: it
// survives the sign-up page and Google's full-page sign-in, stays in this tab, and is dropped
// after PENDING_PURCHASE_TTL_MS (a guest who wandered off is not surprised by a cart filled long after).
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

/** A guest's 'Follow series': the series to follow once they are signed in. */
export type PendingFollow = {
  volumeId: number;
  /** The series' name, for the login and sign-up pages' line and the toast. */
  name: string;
  /** The page the guest was on, as its public address (e.g. /cardDetail/773). */
  returnTo: string;
};

type StoredAction = PendingPurchase | (PendingFollow & { kind: 'follow' });

function remember(action: StoredAction): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...action, savedAt: Date.now() }));
  } catch {
    /* storage unavailable: the guest logs in and comes back to the start page */
  }
}

export function rememberPurchase(purchase: PendingPurchase): void {
  remember(purchase);
}

export function rememberFollow(follow: PendingFollow): void {
  remember({ ...follow, kind: 'follow' });
}

const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;
const isRecord = (value: unknown): value is Partial<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPendingPurchase(value: Partial<Record<keyof PendingPurchase, unknown>>): value is PendingPurchase {
  return (
    Array.isArray(value.issueIds) &&
    value.issueIds.length > 0 &&
    value.issueIds.every(isId) &&
    typeof value.thenCart === 'boolean' &&
    typeof value.what === 'string'
  );
}

function isPendingFollow(value: Partial<Record<keyof PendingFollow | 'kind', unknown>>): value is PendingFollow {
  return value.kind === 'follow' && isId(value.volumeId) && typeof value.name === 'string';
}

/** What a guest began in this tab within the last 30 minutes, if anything (and if it is sound). */
function pendingAction(now: number): { purchase: PendingPurchase } | { follow: PendingFollow } | null {
  let stored: unknown = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored)) return null;
  if (
    typeof stored.returnTo !== 'string' ||
    // Only a path of this site: never a way to send a browser elsewhere after login.
    !stored.returnTo.startsWith('/') ||
    stored.returnTo.startsWith('//') ||
    typeof stored.savedAt !== 'number' ||
    now - stored.savedAt > PENDING_PURCHASE_TTL_MS ||
    stored.savedAt > now
  ) {
    return null;
  }
  const { savedAt: _savedAt, kind: _kind, ...action } = stored;
  if (isPendingFollow(stored)) return { follow: action as PendingFollow };
  if (isPendingPurchase(stored)) return { purchase: action as PendingPurchase };
  return null;
}

/** The guest's unfinished purchase, if one was remembered in this tab within the last 30 minutes. */
export function pendingPurchase(now = Date.now()): PendingPurchase | null {
  const action = pendingAction(now);
  return action && 'purchase' in action ? action.purchase : null;
}

/** The series a guest asked to follow, if they did in this tab within the last 30 minutes. */
export function pendingFollow(now = Date.now()): PendingFollow | null {
  const action = pendingAction(now);
  return action && 'follow' in action ? action.follow : null;
}

/** Where the guest was when what they began (a purchase or a follow) sent them to log in. */
export function pendingReturnTo(now = Date.now()): string | null {
  const action = pendingAction(now);
  if (!action) return null;
  return 'purchase' in action ? action.purchase.returnTo : action.follow.returnTo;
}

/** The line a login or sign-up page shows while a purchase waits: 'Log in to buy this issue'. */
export function purchaseReason(verb: 'Log in' | 'Sign up', purchase: PendingPurchase): string {
  return `${verb} to buy ${purchase.what}`;
}

/** The line a login or sign-up page opens with while something waits: 'Log in to follow Batman'. */
export function pendingReason(verb: 'Log in' | 'Sign up', now = Date.now()): string | null {
  const action = pendingAction(now);
  if (!action) return null;
  return 'purchase' in action ? purchaseReason(verb, action.purchase) : `${verb} to follow ${action.follow.name}`;
}

/** Forgets what a guest began, a purchase or a follow. */
export function forgetPurchase(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
