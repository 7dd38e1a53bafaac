// Every route of docs/product.md §2. Route modules load lazily (the first load carries only the shell);
// each page has its own error boundary, so a failing page keeps the navbar. A path no route
// names renders the not-found page: never a blank page.
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';

import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { PublicOnly, RequireAdmin, RequireLogin } from './guards';
import { MainLayout } from './layouts/main-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';

const landing = () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute }));
const home = () => import('./routes/home').then((m) => ({ Component: m.HomeRoute }));
const comicDetail = () => import('./routes/comic-detail').then((m) => ({ Component: m.ComicDetailRoute }));
const login = () => import('./routes/login').then((m) => ({ Component: m.LoginRoute }));
const signup = () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute }));
// 'Forgot password?' and the new password: one module for both pages.
const passwordReset = () => import('./routes/password-reset');
const forgotPassword = () => passwordReset().then((m) => ({ Component: m.ForgotPasswordRoute }));
const resetPassword = () => passwordReset().then((m) => ({ Component: m.ResetPasswordRoute }));
const logout = () => import('./routes/logout').then((m) => ({ Component: m.LogoutRoute }));
const unsubscribe = () => import('./routes/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute }));
const profile = () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute }));
const userStart = () => import('./routes/user-start').then((m) => ({ Component: m.UserStartRoute }));
const favourites = () => import('./routes/favourites').then((m) => ({ Component: m.FavouritesRoute }));
const cart = () => import('./routes/cart').then((m) => ({ Component: m.CartRoute }));
// The payment screen and the card forms (Stripe's packages too) load only here.
const checkout = () => import('./routes/checkout').then((m) => ({ Component: m.CheckoutRoute }));
const purchases = () => import('./routes/purchases').then((m) => ({ Component: m.PurchasesRoute }));
const orders = () => import('./routes/orders').then((m) => ({ Component: m.OrdersRoute }));
const receipt = () => import('./routes/orders').then((m) => ({ Component: m.ReceiptRoute }));
const devices = () => import('./routes/devices').then((m) => ({ Component: m.DevicesRoute }));
// The reader and its styles load only here.
const reader = () => import('./routes/reader').then((m) => ({ Component: m.ReaderRoute }));
const dashboardHome = () => import('./routes/dashboard-home').then((m) => ({ Component: m.DashboardHomeRoute }));
const dashboardReviews = () =>
  import('./routes/dashboard-reviews').then((m) => ({ Component: m.DashboardReviewsRoute }));
const dashboardUsers = () => import('./routes/dashboard-users').then((m) => ({ Component: m.DashboardUsersRoute }));
const dashboardOrders = () => import('./routes/dashboard-orders').then((m) => ({ Component: m.DashboardOrdersRoute }));
const dashboardImport = () => import('./routes/dashboard-import').then((m) => ({ Component: m.DashboardImportRoute }));
const dashboardUpload = () => import('./routes/dashboard-upload').then((m) => ({ Component: m.DashboardUploadRoute }));
// The dashboard's frame loads with its screens, not in every first load.
const dashboardLayout = () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout }));
const notFound = () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute }));

const errorElement = <RouteError />;

/** A page route with its own error boundary. */
function page(path: string | undefined, lazy: RouteObject['lazy']): RouteObject {
  return path === undefined ? { index: true, lazy, errorElement } : { path, lazy, errorElement };
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement,
    hydrateFallbackElement: <PageSpinner label="Loading the shop" className="min-vh-100 align-items-center" />,
    children: [
      // Public group: a signed-in USER goes to /user, an ADMIN to /dashboard/admin.
      {
        element: <PublicOnly />,
        children: [
          page(paths.landing.path, landing),
          page(paths.login.path, login),
          page(paths.signup.path, signup),
          page(paths.forgotPassword.path, forgotPassword),
          {
            element: <MainLayout />,
            children: [page(paths.home.path, home), page(paths.comicDetail.path, comicDetail)],
          },
        ],
      },

      // Logging out clears the stored session whoever asks; it sits outside the gates so the
      // gate does not race it to /login.
      page(paths.user.logout.path, logout),
      page(paths.dashboard.logout.path, logout),

      // The e-mailed link to a new password works whoever this browser is signed in as: the gate
      // of the public group would send a signed-in owner on and lose the link's token.
      page(paths.resetPassword.path, resetPassword),
      // So does a new-issue e-mail's unsubscribe link, which needs no sign-in at all.
      page(paths.unsubscribe.path, unsubscribe),

      // The reader: full screen, without the navbar, and open to guests (they read the preview).
      page(paths.user.read.path, reader),

      // User group: guests go to /login.
      {
        path: paths.user.root.path,
        element: <RequireLogin />,
        children: [
          page(paths.user.landing.path, landing),
          {
            element: <MainLayout />,
            children: [
              // /user: the header and the favourites.
              page(undefined, userStart),
              page(paths.user.home.path, home),
              page(paths.user.comicDetail.path, comicDetail),
              page(paths.user.users.path, profile),
              page(paths.user.favourites.path, favourites),
              page(paths.user.shop.path, cart),
              page(paths.user.checkout.path, checkout),
              page(paths.user.purchases.path, purchases),
              page(paths.user.orders.path, orders),
              page(paths.user.receipt.path, receipt),
              page(paths.user.devices.path, devices),
              page('*', notFound),
            ],
          },
        ],
      },

      // Dashboard group: guests go to /login, a USER to /user.
      {
        path: '/dashboard',
        element: <RequireAdmin />,
        children: [
          {
            lazy: dashboardLayout,
            // The admin screens; any other /dashboard path is not found.
            children: [
              page(paths.dashboard.admin.path, dashboardHome),
              page(paths.dashboard.users.path, dashboardUsers),
              page(paths.dashboard.reviews.path, dashboardReviews),
              page(paths.dashboard.orders.path, dashboardOrders),
              page(paths.dashboard.upload.path, dashboardUpload),
              page(paths.dashboard.import.path, dashboardImport),
              page(paths.dashboard.importReport.path, dashboardImport),
              page('*', notFound),
            ],
          },
        ],
      },

      // The admin's catalogue and comic detail: guests go to /login, a USER to /user.
      {
        element: <RequireAdmin />,
        children: [
          {
            element: <MainLayout />,
            children: [page(paths.admin.home.path, home), page(paths.admin.comicDetail.path, comicDetail)],
          },
        ],
      },

      // Anything else.
      { element: <MainLayout />, children: [page('*', notFound)] },
    ],
  },
];

/** The browser's router; `hydrationData` when the server rendered the first page (entry-server.tsx). */
export function createAppRouter(options?: Parameters<typeof createBrowserRouter>[1]) {
  return createBrowserRouter(routes, options);
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
