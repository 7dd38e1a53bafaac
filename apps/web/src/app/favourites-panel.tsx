// The favourites with their issue modal (/user/fav and the /user start page): the favourites
// feature lists them, the catalogue's modal shows one, with the USER's shop buttons (so
// 'remuve_Fav' there takes it off the list) and the reviews.
import { useState } from 'react';

import { useSession } from '@/features/auth/hooks/use-session';
import { VolumeIssueModal, type IssueRef } from '@/features/catalog/components/volume-issue-modal';
import { FavouritesView } from '@/features/favourites/components/favourites-view';

import { useIssueReviewsSlot } from './issue-reviews';
import { useIssueShop } from './use-issue-shop';

export function FavouritesPanel({ userId, headingLevel }: { userId: number; headingLevel: 1 | 2 }) {
  const { role } = useSession();
  const shop = useIssueShop();
  const reviews = useIssueReviewsSlot();
  // Kept by ids rather than found in the list: removing the favourite in the modal leaves it open.
  const [open, setOpen] = useState<IssueRef | null>(null);

  return (
    <>
      <FavouritesView
        userId={userId}
        headingLevel={headingLevel}
        onOpen={(issue) => setOpen({ volumeId: issue.volume_id, issueId: issue.id })}
      />
      <VolumeIssueModal target={open} role={role} shop={shop} reviews={reviews} onClose={() => setOpen(null)} />
    </>
  );
}
