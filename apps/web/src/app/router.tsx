// Every route of SPEC §2. Route modules load lazily (the first load carries only the shell);
// each page has its own error boundary, so a failing page keeps the navbar. Screens that come
// with the accounts and admin work render the not-found page for now: never a blank page.
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';

import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { PublicOnly, RequireLogin } from './guards';
import { MainLayout } from './layouts/main-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';

const landing = () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute }));
const home = () => import('./routes/home').then((m) => ({ Component: m.HomeRoute }));
const comicDetail = () => import('./routes/comic-detail').then((m) => ({ Component: m.ComicDetailRoute }));
const login = () => import('./routes/login').then((m) => ({ Component: m.LoginRoute }));
const signup = () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute }));
const logout = () => import('./routes/logout').then((m) => ({ Component: m.LogoutRoute }));
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

      // User group: guests go to /login.
      {
        path: paths.user.root.path,
        element: <RequireLogin />,
        children: [
          // The favourites view of /user arrives with the accounts work; until then /user
          // opens the user's catalogue.
          { index: true, element: <Navigate to={paths.user.home.getHref()} replace /> },
          page(paths.user.landing.path, landing),
          {
            element: <MainLayout />,
            children: [
              page(paths.user.home.path, home),
              page(paths.user.comicDetail.path, comicDetail),
              // fav, users, shop, shop/checkout, purchases: accounts work.
              page('*', notFound),
            ],
          },
        ],
      },

      // Dashboard group: guests go to /login (the spec's guard checks login, not the role).
      {
        path: '/dashboard',
        element: <RequireLogin />,
        children: [{ element: <MainLayout />, children: [page('*', notFound)] }],
      },

      // The admin's catalogue and comic detail.
      {
        element: <MainLayout />,
        children: [
          page(paths.admin.home.path, home),
          page(paths.admin.comicDetail.path, comicDetail),
          page('*', notFound),
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
