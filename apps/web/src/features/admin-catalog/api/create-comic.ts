// POST /api/comics (docs/product.md §4 Upload, §7): the Upload Comic form's values plus `imagen`,
// the address the image upload answered. The server creates the volume (and its publisher if
// new) with its episodes as issues 1…N at the default price, so the comic is on sale at once.
import type { ComicDetail } from '@comics/shared/schemas/catalog';
import type { newComicBody } from '@comics/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiPost } from '@/lib/api-client';

import { publisherNamesQueryKey } from './get-publisher-names';

/** The body as the shared schema outputs it (episodes a number, strings trimmed). */
export type NewComic = z.output<typeof newComicBody>;
/** What this screen reads of the answer: the new comic's id, for the link to its page. */
export type CreatedComic = Pick<ComicDetail, 'id' | 'name'>;

export function createComic(comic: NewComic): Promise<CreatedComic> {
  return apiPost<CreatedComic>('/comics', comic);
}

type UseCreateComicOptions = {
  /** After the comic exists: the catalogue's lists reload before the mutation settles. */
  onCreated?: ((comic: CreatedComic) => Promise<unknown> | void) | undefined;
};

export function useCreateComic({ onCreated }: UseCreateComicOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComic,
    // The comic may have brought a new publisher.
    onSuccess: (comic) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publisherNamesQueryKey }), onCreated?.(comic)]),
  });
}
