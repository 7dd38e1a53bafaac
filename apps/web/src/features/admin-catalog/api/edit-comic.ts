// PATCH /api/admin/comics/{id} (issue 11, the admin catalogue): changes any of a volume's shown
// fields (name, deck, description, image, publisher); only the fields sent change.
import type { ComicDetail } from '@comics/shared/schemas/catalog';
import type { VolumeEditBody } from '@comics/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { publisherNamesQueryKey } from './get-publisher-names';

export type ComicChanges = Exclude<VolumeEditBody, undefined>;

export function editComic({ id, changes }: { id: number; changes: ComicChanges }): Promise<ComicDetail> {
  return apiSend<ComicDetail>('PATCH', `/admin/comics/${id}`, changes);
}

type UseEditComicOptions = {
  /** After a save: the pages showing the comic reload before the mutation settles. */
  onSaved?: ((comic: ComicDetail) => Promise<unknown> | void) | undefined;
};

export function useEditComic({ onSaved }: UseEditComicOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComic,
    // The comic may have brought a new publisher.
    onSuccess: (comic) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publisherNamesQueryKey }), onSaved?.(comic)]),
  });
}
