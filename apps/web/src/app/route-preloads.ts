// The paths each lazy route module (src/app/routes/<name>.tsx) renders, for the build's route
// preload script (vite.config.ts): a first visit asks for its page's module while the main
// bundle is still downloading, instead of only once that bundle has run. It is a hint, nothing
// more: a page missing here loads as before, one round trip later. Relative imports with their
// extension: the Vite config reads this file as Node does, without the `@/` alias.
import { paths } from '../config/paths.ts';

export const routeModulePaths: Readonly<Record<string, readonly string[]>> = {
  landing: [paths.landing.path, paths.user.landing.path],
  home: [paths.home.path, paths.user.home.path, paths.admin.home.path],
  'comic-detail': [paths.comicDetail.path, paths.user.comicDetail.path, paths.admin.comicDetail.path],
  login: [paths.login.path],
  signup: [paths.signup.path],
  'password-reset': [paths.forgotPassword.path, paths.resetPassword.path],
  'user-start': [paths.user.root.path],
  cart: [paths.user.shop.path],
  checkout: [paths.user.checkout.path],
  favourites: [paths.user.favourites.path],
  purchases: [paths.user.purchases.path],
  orders: [paths.user.orders.path, paths.user.receipt.path],
  devices: [paths.user.devices.path],
  reader: [paths.user.read.path],
  profile: [paths.user.users.path],
  'dashboard-home': [paths.dashboard.admin.path],
  'dashboard-reviews': [paths.dashboard.reviews.path],
  'dashboard-users': [paths.dashboard.users.path],
  'dashboard-orders': [paths.dashboard.orders.path],
  'dashboard-upload': [paths.dashboard.upload.path],
};
