// PUT /api/user/follows/{volumeId}: follows a series (again: no change), or turns its e-mails on
// or off with `notifyByEmail`; the answer is the follow, which goes into the cached list, and
// 'New for you' is read again.
import type { FollowedSeries } from '@comics/shared/schemas/follows';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { getFollowsQueryOptions } from './get-follows';
import { getNewForYouQueryOptions } from './get-new-for-you';

export type FollowRequest = { volumeId: number; notifyByEmail?: boolean };

export function followSeries({ volumeId, notifyByEmail }: FollowRequest): Promise<FollowedSeries> {
  return apiSend<FollowedSeries>(
    'PUT',
    `/user/follows/${volumeId}`,
    notifyByEmail === undefined ? undefined : { notify_by_email: notifyByEmail },
  );
}

export function useFollowSeries(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followSeries,
    onSuccess: (follow) => {
      queryClient.setQueryData(getFollowsQueryOptions(userId).queryKey, (list) =>
        list?.some((known) => known.volume_id === follow.volume_id)
          ? list.map((known) => (known.volume_id === follow.volume_id ? follow : known))
          : [follow, ...(list ?? [])],
      );
      return queryClient.invalidateQueries({ queryKey: getNewForYouQueryOptions(userId).queryKey });
    },
  });
}
