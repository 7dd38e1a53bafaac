// Every route of docs/product.md §2 as a typed path: components link through these, never through string
// literals, so a renamed route is one edit. `path` is the router pattern, `getHref` the link.

/** Which group a catalogue screen belongs to: its links stay inside that group. */
export type Area = 'public' | 'user' | 'admin';

export const paths = {
  landing: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  // The spec's path, typo included.
  signup: { path: '/singup', getHref: () => '/singup' },
  /** 'Forgot password?': asks for a link to choose a new password. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Where the e-mailed link lands; its token is in the fragment (#token=…), never sent to a server. */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where a new-issue e-mail's unsubscribe link lands; its token is in the fragment (#token=…). */
  unsubscribe: { path: '/unsubscribe', getHref: () => '/unsubscribe' },
  home: { path: '/home', getHref: () => '/home' },
  comicDetail: { path: '/cardDetail/:id', getHref: (id: number | string) => `/cardDetail/${id}` },

  user: {
    root: { path: '/user', getHref: () => '/user' },
    landing: { path: '/user/landing', getHref: () => '/user/landing' },
    home: { path: '/user/home', getHref: () => '/user/home' },
    comicDetail: { path: '/user/cardDetail/:id', getHref: (id: number | string) => `/user/cardDetail/${id}` },
    favourites: { path: '/user/fav', getHref: () => '/user/fav' },
    users: { path: '/user/users', getHref: () => '/user/users' },
    shop: { path: '/user/shop', getHref: () => '/user/shop' },
    checkout: { path: '/user/shop/checkout', getHref: () => '/user/shop/checkout' },
    logout: { path: '/user/logout', getHref: () => '/user/logout' },
    purchases: { path: '/user/purchases', getHref: () => '/user/purchases' },
    /** The customer's paid orders, each with a printable receipt (the confirmation e-mail links to it). */
    orders: { path: '/user/orders', getHref: () => '/user/orders' },
    receipt: { path: '/user/orders/:orderId', getHref: (orderId: number | string) => `/user/orders/${orderId}` },
    /** 'Read on your devices' (issue 27): the OPDS feed addresses, app passwords, how to add the shop to an app. */
    devices: { path: '/user/devices', getHref: () => '/user/devices' },
    /** The reader (issue 13): open to guests too, who read the free preview. `page` opens at that page. */
    read: {
      path: '/user/read/:issueId',
      getHref: (issueId: number | string, page?: number) => `/user/read/${issueId}${page ? `?page=${page}` : ''}`,
    },
  },

  dashboard: {
    admin: { path: '/dashboard/admin', getHref: () => '/dashboard/admin' },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
    reviews: { path: '/dashboard/reviews', getHref: () => '/dashboard/reviews' },
    orders: { path: '/dashboard/orders', getHref: () => '/dashboard/orders' },
    upload: { path: '/dashboard/upload', getHref: () => '/dashboard/upload' },
    /** Bulk import of archives (issue 26), and one import's progress and report. */
    import: { path: '/dashboard/import', getHref: () => '/dashboard/import' },
    importReport: { path: '/dashboard/import/:importId', getHref: (id: number) => `/dashboard/import/${id}` },
    logout: { path: '/dashboard/logout', getHref: () => '/dashboard/logout' },
  },

  admin: {
    home: { path: '/admin', getHref: () => '/admin' },
    comicDetail: { path: '/admin/cardDetail/:id', getHref: (id: number | string) => `/admin/cardDetail/${id}` },
  },
} as const;

/** The catalogue home of an area. */
export function homeHref(area: Area): string {
  if (area === 'user') return paths.user.home.getHref();
  if (area === 'admin') return paths.admin.home.getHref();
  return paths.home.getHref();
}

/** A comic's detail page inside an area. */
export function comicDetailHref(area: Area, id: number | string): string {
  if (area === 'user') return paths.user.comicDetail.getHref(id);
  if (area === 'admin') return paths.admin.comicDetail.getHref(id);
  return paths.comicDetail.getHref(id);
}

/** Pathnames that show the catalogue home (where the navbar search stays put). */
export const catalogHomePaths: readonly string[] = [paths.home.path, paths.user.home.path, paths.admin.home.path];

/**
 * A public address as the signed-in USER's own (/cardDetail/7 → /user/cardDetail/7, /home?page=2 →
 * /user/home?page=2, / → /user/landing); any other path is returned as it is.
 */
export function userAreaOf(address: string): string {
  const [pathname = '', query = ''] = address.split(/(?=\?)/);
  if (pathname === paths.landing.path) return paths.user.landing.getHref() + query;
  if (pathname === paths.home.path || pathname.startsWith('/cardDetail/')) return `/user${pathname}${query}`;
  return address;
}
