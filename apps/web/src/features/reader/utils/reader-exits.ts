// Where the reader leads out to when there is no page of the shop to go back to (it was opened
// from a link, or reloaded): an owner's My comics, else the comic in the reader's own area.
import type { Role } from '@comics/shared/constants';

import { comicDetailHref, homeHref, paths, type Area } from '@/config/paths';

export function areaOfRole(role: Role | null): Area {
  return role === 'ADMIN' ? 'admin' : role === 'USER' ? 'user' : 'public';
}

export function catalogExit(role: Role | null): string {
  return homeHref(areaOfRole(role));
}

export function readerExit(role: Role | null, owned: boolean, volumeId: number): { href: string; label: string } {
  if (role === 'USER' && owned) return { href: paths.user.purchases.getHref(), label: 'Back to My comics' };
  return { href: comicDetailHref(areaOfRole(role), volumeId), label: 'Back to the comic' };
}
